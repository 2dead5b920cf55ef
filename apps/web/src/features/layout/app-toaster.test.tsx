import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrastRatio } from '@cardwise/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { tenantState } from '../../test/fixtures.tsx';
import { CompanyNameContext, TenantContext } from '../tenant/tenant-context.ts';
import type { ColorMode } from '../tenant/theme.ts';
import AppToaster from './app-toaster.tsx';

/** The custom properties the stylesheet sets on sonner's toaster in one colour mode. */
function toasterColours(mode: ColorMode): Record<string, string> {
  // From disk: Vitest hands `?raw` CSS over empty.
  const stylesheet = readFileSync(join(import.meta.dirname, '../../styles.css'), 'utf8');
  const block = new RegExp(
    `\\[data-sonner-toaster\\]\\[data-sonner-theme="${mode}"\\]\\s*\\{([^}]*)\\}`,
  ).exec(stylesheet)?.[1];
  if (!block) return {};
  return Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]));
}

describe('toasts (WCAG 1.4.3)', () => {
  afterEach(() => {
    toast.dismiss();
    cleanup();
  });

  it.each(['light', 'dark'] as const)(
    'the rich colours of %s mode give their text at least 4.5:1 on the toast',
    (mode) => {
      const colours = toasterColours(mode);
      for (const kind of ['success', 'info', 'warning', 'error']) {
        const text = colours[`--${kind}-text`];
        const background = colours[`--${kind}-bg`];
        expect(text, `--${kind}-text in ${mode} mode`).toMatch(/^#[0-9a-f]{6}$/i);
        expect(background, `--${kind}-bg in ${mode} mode`).toMatch(/^#[0-9a-f]{6}$/i);
        expect(colours[`--${kind}-border`], `--${kind}-border in ${mode} mode`).toBeTruthy();
        expect(
          contrastRatio(text as string, background as string),
          `${kind} in ${mode} mode`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it.each(['light', 'dark'] as const)('a toast in %s mode is drawn in that mode', async (mode) => {
    const tenant = { ...tenantState(), colorMode: mode };
    render(
      <TenantContext.Provider value={tenant}>
        <CompanyNameContext.Provider value={tenant.companyName}>
          <AppToaster />
        </CompanyNameContext.Provider>
      </TenantContext.Provider>,
    );
    act(() => void toast.error('Error 503', { description: 'Something went wrong on our side.' }));
    await screen.findByText('Error 503');
    // Sonner's own default was light: in dark mode the toasts stayed light.
    expect(document.querySelector('[data-sonner-toaster]')?.getAttribute('data-sonner-theme')).toBe(mode);
  });
});
