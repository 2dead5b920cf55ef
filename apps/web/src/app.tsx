import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { installSessionRefresh } from './features/accounts/session-refresh.ts';
import { ErrorBoundary } from './features/layout/error-boundary.tsx';
import { TenantProvider } from './features/tenant/tenant-provider.tsx';
import { TOAST_DURATION_MS } from './lib/notify.ts';
import { createQueryClient } from './lib/query-client.ts';
import { pageTenant, routerBasenameFor } from './lib/tenant.ts';
import { routes } from './routes.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes, { basename: routerBasenameFor(pageTenant()) }));
  // Spec §8: a 401 with a refresh token stored renews the session and retries once.
  useState(() =>
    installSessionRefresh({
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
          <Toaster
            position="top-center"
            closeButton
            duration={TOAST_DURATION_MS}
            visibleToasts={1}
            richColors
          />
        </TenantProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
