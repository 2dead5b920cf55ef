/** The wait of an earlier tap still looking for its section, if any. */
let cancelPending: (() => void) | null = null;

/**
 * Scrolls to the element with `id` and focuses it. The sections below the hero are a lazy chunk,
 * so a visitor who taps 'Get Started' as soon as the hero paints (a slow phone, a slow network) can
 * do so before the target exists; the tap used to do nothing then. When the element is not there
 * yet, this waits for it (up to `timeoutMs`) and scrolls once it appears. A newer call replaces a
 * pending one. Returns a function that cancels the wait.
 */
export function scrollToSection(id: string, timeoutMs = 15_000): () => void {
  cancelPending?.();
  cancelPending = null;
  const go = (target: HTMLElement) => {
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
    arriveAt(target);
  };
  const now = document.getElementById(id);
  if (now !== null) {
    go(now);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const target = document.getElementById(id);
    if (target === null) return;
    cancel();
    go(target);
  });
  const timer = setTimeout(() => cancel(), timeoutMs);
  function cancel() {
    observer.disconnect();
    clearTimeout(timer);
    if (cancelPending === cancel) cancelPending = null;
  }
  observer.observe(document.body, { childList: true, subtree: true });
  cancelPending = cancel;
  return cancel;
}

const maxScrollY = () => document.documentElement.scrollHeight - window.innerHeight;

/** How far the target's top is from where `block: 'start'` puts it (below the sticky header). */
function distance(target: HTMLElement): number {
  const padding = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return target.getBoundingClientRect().top - padding;
}

/**
 * The browser's smooth scroll can stop short of the section, and did on every phone-sized run: the
 * page below the section was too short when the scroll began (its parts load as they near the
 * viewport, the footer after the first paint), so the scroll ended at the page's end as it was;
 * and on wider screens the section's own content replacing its placeholder mid-scroll ended it
 * about 38 px early. Once the page is still, this scrolls on to the section, as long as the page
 * can now go there, at most three times, and never after the reader has touched the page.
 */
function arriveAt(target: HTMLElement, timeoutMs = 5_000): void {
  let tries = 0;
  let moving = true;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    if (moving) return;
    const off = distance(target);
    if (Math.abs(off) <= 2) return done();
    const room = off > 0 ? maxScrollY() - window.scrollY : window.scrollY;
    if (room < 1) return; // the page has not grown yet: wait for it (the resize observer)
    if (++tries > 3) return done();
    moving = true;
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    quiet();
  };
  // 'scrollend' is not in every browser this app supports: a scroll quiet for 150 ms has stopped.
  const quiet = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      moving = false;
      check();
    }, 150);
  };
  const readerTookOver = () => done();
  const INPUTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
  const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
  const timer = setTimeout(() => done(), timeoutMs);
  function done() {
    clearTimeout(idle);
    clearTimeout(timer);
    resize?.disconnect();
    window.removeEventListener('scroll', quiet);
    for (const type of INPUTS) window.removeEventListener(type, readerTookOver);
  }
  window.addEventListener('scroll', quiet, { passive: true });
  for (const type of INPUTS) window.addEventListener(type, readerTookOver, { passive: true });
  resize?.observe(document.body);
  quiet();
}
