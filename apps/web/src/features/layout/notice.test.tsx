import { cleanup, render, screen } from '@testing-library/react';
import { AlertTriangle } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { Notice } from './notice.tsx';

afterEach(cleanup);

describe('Notice', () => {
  it('is a muted paragraph by default, with the margin it is given and the attributes passed on', () => {
    render(
      <Notice className="mb-4" role="status" data-testid="note">
        Saved.
      </Notice>,
    );
    const box = screen.getByRole('status');
    expect(box.tagName).toBe('P');
    expect(box).toBe(screen.getByTestId('note'));
    expect(box.textContent).toBe('Saved.');
    expect(box.className).toContain('bg-muted');
    expect(box.className).toContain('mb-4');
    // No icon: what it holds is laid out as the caller says, not as a row.
    expect(box.className).not.toContain('flex');
  });

  it.each([
    ['warning', 'bg-amber-50'],
    ['error', 'bg-red-50'],
  ] as const)('takes the %s colours, light and dark', (tone, background) => {
    render(
      <Notice tone={tone} role="alert">
        Careful.
      </Notice>,
    );
    const box = screen.getByRole('alert');
    expect(box.className).toContain(background);
    expect(box.className).toContain('dark:');
    expect(box.className).not.toContain('bg-muted');
  });

  it('puts a decorative icon before the text, which stays one box beside it', () => {
    render(
      <Notice as="div" tone="warning" role="note" icon={AlertTriangle} iconClassName="text-primary">
        <p>Log in first.</p>
        <p>Then apply.</p>
      </Notice>,
    );
    const box = screen.getByRole('note');
    expect(box.tagName).toBe('DIV');
    expect(box.className).toContain('flex');
    const [icon, text] = Array.from(box.children);
    expect(icon?.tagName.toLowerCase()).toBe('svg');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.getAttribute('class')).toContain('text-primary');
    // A div's text box is a div, so paragraphs inside stay valid HTML.
    expect(text?.tagName).toBe('DIV');
    expect(text?.querySelectorAll('p')).toHaveLength(2);
    expect(box.children).toHaveLength(2);
  });

  it('wraps a paragraph’s text in a span, never a block inside a <p>', () => {
    render(
      <Notice icon={AlertTriangle} data-testid="note">
        Check your spam folder.
      </Notice>,
    );
    const text = screen.getByTestId('note').children[1];
    expect(text?.tagName).toBe('SPAN');
    expect(text?.textContent).toBe('Check your spam folder.');
  });
});
