import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TenantProvider } from './tenant-provider.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TenantProvider>
        <p>the app</p>
      </TenantProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('<TenantProvider>', () => {
  it('shows an unknown tenant its own page, never the default brand’s app, and does not ask twice', async () => {
    const fetchMock = renderWith(404, { detail: "Unknown tenant 'nosuch'.", code: 'unknown_tenant' });
    expect(await screen.findByRole('heading', { name: 'This site does not exist' })).toBeTruthy();
    expect(screen.queryByText('the app')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the app on other failures (the shell falls back to the default brand)', async () => {
    renderWith(500, { detail: 'boom' });
    expect(await screen.findByText('the app')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This site does not exist' })).toBeNull();
  });
});
