import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take (its chunk, its title) before the title it has is read out. */
export const ANNOUNCE_AFTER_MS = 1500;
const TITLE_POLL_MS = 100;

/**
 * Tells screen readers that a link or a redirect opened another page. A single-page app
 * swaps the page without a load, so after a header or footer link (which keeps focus) the
 * reader heard nothing (WCAG 4.1.3). Once the new page has set its title (usePageTitle, often
 * after its chunk has loaded) the title is read out politely. A page that moved focus into
 * itself on arrival (a wizard step's or form's heading, useArrivalFocus) has been announced
 * by that, and is not read twice. Query changes (the cards list's filters and pages) are the
 * same page and say their own results.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const previousPath = useRef<string | null>(null);

  // A layout effect: it runs before the new page's own effects set its title and focus.
  useLayoutEffect(() => {
    // The first page came with the document load, which the reader announces itself (and
    // StrictMode's second run of the first effect is no navigation either).
    const from = previousPath.current;
    previousPath.current = pathname;
    if (from === null || from === pathname) return;
    const titleBefore = document.title;
    const focusBefore = document.activeElement;
    const started = Date.now();
    // Polled rather than observed: the title changes once per page, a few checks cost nothing.
    const poll = setInterval(() => {
      if (document.title === titleBefore && Date.now() - started < ANNOUNCE_AFTER_MS) return;
      clearInterval(poll);
      const focus = document.activeElement;
      const main = document.getElementById('main');
      // Cleared first, so a page whose title is the previous announcement's is read again.
      setMessage('');
      if (focus !== focusBefore && focus !== main && main?.contains(focus)) return;
      requestAnimationFrame(() => setMessage(document.title));
    }, TITLE_POLL_MS);
    return () => clearInterval(poll);
  }, [pathname]);

  return (
    <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </p>
  );
}
