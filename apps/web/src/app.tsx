import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { SessionRefreshOptions } from './features/accounts/session-refresh.ts';
import { dropHalfSession } from './features/accounts/session-store.ts';
import { DeferredToaster } from './features/layout/deferred-toaster.tsx';
import { ErrorBoundary } from './features/layout/error-boundary.tsx';
import { TenantProvider } from './features/tenant/tenant-provider.tsx';
import {
  getUnauthorizedHandler,
  setUnauthorizedHandler,
  type UnauthorizedHandler,
} from './lib/api-client.ts';
import { whenIdle } from './lib/idle.ts';
import { ensureToaster } from './lib/notify.ts';
import { createQueryClient } from './lib/query-client.ts';
import { pageTenant, routerBasenameFor } from './lib/tenant.ts';
import { routes } from './routes.tsx';

/**
 * Spec §8: a 401 with a refresh token stored renews the session and retries once. The
 * handler (features/accounts/session-refresh.ts, with sonner for its toast) loads when
 * the page is idle; a 401 that comes sooner waits for it (and for the toast area).
 */
function installSessionRefreshWhenIdle(options: SessionRefreshOptions): void {
  dropHalfSession();
  let loading: Promise<void> | null = null;
  const load = () => {
    loading ??= Promise.all([import('./features/accounts/session-refresh.ts'), ensureToaster()]).then(
      ([m]) => {
        m.installSessionRefresh(options);
      },
    );
    return loading;
  };
  const waiting: UnauthorizedHandler = async (failed) => {
    await load();
    const handler = getUnauthorizedHandler();
    return handler && handler !== waiting ? handler(failed) : false;
  };
  setUnauthorizedHandler(waiting);
  whenIdle(() => void load().catch((error: unknown) => console.error('Session refresh did not load', error)));
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes, { basename: routerBasenameFor(pageTenant()) }));
  useState(() =>
    installSessionRefreshWhenIdle({
      navigate: (to) => void router.navigate(to),
      onSignedOut: () => queryClient.clear(),
    }),
  );
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <TenantProvider>
          {/* Tooltips: features/layout/tooltip-provider.tsx, per page, to keep Radix Tooltip out of the entry. */}
          <RouterProvider router={router} />
          <DeferredToaster />
        </TenantProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
