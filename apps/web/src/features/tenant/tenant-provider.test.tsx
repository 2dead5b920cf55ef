import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ThemeDto } from '@cardwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tenantConfig } from '../../test/fixtures.tsx';
import { FALLBACK_BRAND, useCompanyName, useTenant } from './tenant-context.ts';
import { TenantProvider } from './tenant-provider.tsx';

/** Requests left unanswered by a test, answered after it (the API client shares in-flight GETs). */
const unanswered: (() => void)[] = [];

afterEach(async () => {
  cleanup();
  for (const answer of unanswered.splice(0)) answer();
  await new Promise((r) => setTimeout(r, 0));
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('style');
  document.documentElement.className = '';
});

function Brand() {
  const { companyName } = useTenant();
  return (
    <p>
      {companyName} / {useCompanyName()}
    </p>
  );
}

function renderProvider(fetchMock: () => Promise<Response>, children = <p>the app</p>) {
  const mock = vi.fn(fetchMock);
  vi.stubGlobal('fetch', mock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TenantProvider>{children}</TenantProvider>
    </QueryClientProvider>,
  );
  return mock;
}

function renderWith(status: number, body: unknown, children?: React.JSX.Element) {
  return renderProvider(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    children,
  );
}

/** The head the server renders for a partner (ADR 012). */
function servePartnerHead() {
  document.head.innerHTML =
    '<meta name="theme-color" content="#0e7490"><meta property="og:site_name" content="PaisaPal Money">';
}

/** GET /api/tenant still loading. */
function loading(): Promise<Response> {
  return new Promise<Response>((resolve) =>
    unanswered.push(() => resolve(new Response(null, { status: 503 }))),
  );
}

const primary = () => document.documentElement.style.getPropertyValue('--cw-primary');

describe('<TenantProvider>', () => {
  it('shows an unknown tenant its own page, never the default brand’s app, and does not ask twice', async () => {
    document.title = 'Credit Cards | Cardwise';
    const fetchMock = renderWith(404, { detail: "Unknown tenant 'nosuch'.", code: 'unknown_tenant' });
    expect(await screen.findByRole('heading', { name: 'This site does not exist' })).toBeTruthy();
    expect(document.title).toBe('This site does not exist');
    expect(screen.queryByText('the app')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the app on other failures (the shell keeps the brand of the served head)', async () => {
    renderWith(500, { detail: 'boom' });
    expect(await screen.findByText('the app')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This site does not exist' })).toBeNull();
  });

  it('shows the partner named by the served head while /api/tenant loads, never the default brand', () => {
    servePartnerHead();
    renderProvider(loading, <Brand />);
    expect(screen.getByText('PaisaPal Money / PaisaPal Money')).toBeTruthy();
    expect(screen.queryByText(/Cardwise/)).toBeNull();
    // Set before the first paint (a layout effect), not after.
    expect(primary()).toBe('#0e7490');
    expect(document.documentElement.style.getPropertyValue('--cw-primary-foreground')).toBe('#f8fafc');
    expect(document.documentElement.style.getPropertyValue('--cw-accent')).toBe('#e7f1f4');
  });

  it('gives dark mode a lighter shade of the head’s colour, never the default orange', () => {
    servePartnerHead();
    localStorage.setItem('cardwise:default:color-mode', 'dark');
    try {
      renderProvider(loading, <Brand />);
    } finally {
      localStorage.clear();
    }
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(primary()).toBe('#7ab3c2');
  });

  it('paints the theme the visitor chose, from its stored colours, before /api/tenant answers; and keeps it for the next visit', async () => {
    // The fixture's theme, renamed and recoloured.
    const base = tenantConfig().theme;
    const theme = (name: string, primary: string): ThemeDto => ({
      ...base,
      name: name as ThemeDto['name'],
      primaryColor: primary,
      light: { ...base.light, primary },
      dark: { ...base.dark, primary },
    });
    servePartnerHead();
    localStorage.setItem('cardwise:default:theme', 'vibrant');
    localStorage.setItem('cardwise:default:theme-colors', JSON.stringify(theme('vibrant', '#7c3aed')));
    try {
      let answer: (r: Response) => void = () => {};
      renderProvider(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
            // Answered after the test if it stops early (in-flight GETs are shared).
            unanswered.push(() => resolve(new Response(null, { status: 503 })));
          }),
        <Brand />,
      );
      // The first frame: the chosen theme, not the tenant's (the head's) colour.
      expect(primary()).toBe('#7c3aed');
      const config = tenantConfig({
        theme: theme('ocean', '#0e7490'),
        themes: [theme('ocean', '#0e7490'), theme('vibrant', '#6d28d9')],
      });
      answer(new Response(JSON.stringify(config), { headers: { 'Content-Type': 'application/json' } }));
      // The server's colours of that theme, once they arrive, win and are kept.
      await waitFor(() => expect(primary()).toBe('#6d28d9'));
      await waitFor(() =>
        expect(JSON.parse(localStorage.getItem('cardwise:default:theme-colors') ?? '{}').primaryColor).toBe(
          '#6d28d9',
        ),
      );
      // A stored copy that is not the chosen theme's is ignored.
      cleanup();
      localStorage.setItem('cardwise:default:theme', 'ocean');
      document.documentElement.removeAttribute('style');
      renderProvider(loading, <Brand />);
      expect(primary()).toBe('#0e7490');
    } finally {
      localStorage.clear();
    }
  });

  it('keeps the head’s brand when /api/tenant fails', async () => {
    servePartnerHead();
    const fetchMock = renderWith(500, { detail: 'boom' }, <Brand />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 4000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('PaisaPal Money / PaisaPal Money')).toBeTruthy();
    expect(primary()).toBe('#0e7490');
  });

  it('leaves the default brand’s page to the stylesheet, and falls back to the built name without a head', () => {
    document.head.innerHTML = `<meta name="theme-color" content="${FALLBACK_BRAND.color}">`;
    renderProvider(loading, <Brand />);
    expect(screen.getByText('Cardwise / Cardwise')).toBeTruthy();
    expect(primary()).toBe('');
  });

  it('agrees with the stylesheet and the built page on the default brand’s colour', () => {
    // From disk: Vitest hands `?raw` CSS over empty.
    const stylesheet = readFileSync(join(import.meta.dirname, '../../styles.css'), 'utf8');
    const builtPage = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');
    expect(/:root\s*\{[^}]*--cw-primary:\s*(#[0-9a-f]+);/i.exec(stylesheet)?.[1]).toBe(FALLBACK_BRAND.color);
    expect(/name="theme-color" content="(#[0-9a-f]+)"/i.exec(builtPage)?.[1]).toBe(FALLBACK_BRAND.color);
    expect(/property="og:site_name" content="([^"]+)"/i.exec(builtPage)?.[1]).toBe(
      FALLBACK_BRAND.companyName,
    );
  });
});
