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
