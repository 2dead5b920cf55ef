import { Suspense, startTransition, useEffect, useState } from 'react';
import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { PageLoading } from './page-loading.tsx';
import { RouteAnnouncer } from './route-announcer.tsx';

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
 * Where a page's scroll position is kept. React Router keys it by the history entry, and the
 * first entry of every loaded document has the same key ('default'): a page opened by typing
 * its address, or from a link outside the app, came up at the position the previous page had in
 * this tab (the card list 2,300 px down, where the home page's recommendations had been). Those
 * entries are kept by address instead, so a reload still returns to where the reader was.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
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
      <ScrollRestoration getKey={scrollKey} />
      <RouteAnnouncer />
    </div>
  );
}
