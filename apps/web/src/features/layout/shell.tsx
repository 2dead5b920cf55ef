import { Suspense, startTransition, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { PageLoading } from './page-loading.tsx';

/**
 * The footer is below the fold on every page: it renders in a transition once the first
 * render (header and page) is committed, so the first paint does not wait for its links.
 */
function DeferredFooter() {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? <Footer /> : null;
}

/**
 * Header, the current page (lazily loaded), footer. Page errors are caught by the
 * route table's pathless error route, so the header and footer stay usable.
 */
export function Shell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <DeferredFooter />
      <ScrollRestoration />
    </div>
  );
}
