/**
 * Run `task` once the page has a quiet moment after its start (requestIdleCallback, or a
 * timeout where it is missing), for work the first paint does not need. Returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 4000): () => void {
  if (typeof window === 'undefined') return () => {};
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, Math.min(timeoutMs, 1500));
  return () => window.clearTimeout(id);
}
