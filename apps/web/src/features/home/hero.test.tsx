import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tenantState } from '../../test/fixtures.tsx';
import { TenantContext } from '../tenant/tenant-context.ts';
import { Hero } from './hero.tsx';

afterEach(cleanup);

function renderFor(slug: string) {
  render(
    <MemoryRouter>
      <TenantContext.Provider value={{ ...tenantState(), slug }}>
        <Hero onGetStarted={() => {}} />
      </TenantContext.Provider>
    </MemoryRouter>,
  );
}

describe('the home hero’s badge', () => {
  it('claims what is true beside a sponsored carousel: ranking by spending, never independence', () => {
    renderFor('default');
    expect(screen.getByText('Ranked by your own spending · India')).toBeTruthy();
    expect(screen.queryByText(/Independent/i)).toBeNull();
    cleanup();
    // A partner shows only the banks it partners with.
    renderFor('paisapal');
    expect(screen.getByText('Credit card comparison · India')).toBeTruthy();
    expect(screen.queryByText(/Independent|Ranked by/i)).toBeNull();
  });
});

describe('Get Started', () => {
  it('says the visitor is about to need the spending form before the click: pointer over it, touch or keyboard focus', () => {
    const intent = vi.fn();
    const started = vi.fn();
    render(
      <MemoryRouter>
        <TenantContext.Provider value={tenantState()}>
          <Hero onGetStarted={started} onGetStartedIntent={intent} />
        </TenantContext.Provider>
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Get Started' });
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    fireEvent.pointerDown(button);
    expect(intent).toHaveBeenCalledTimes(3);
    expect(started).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(started).toHaveBeenCalledTimes(1);
  });
});
