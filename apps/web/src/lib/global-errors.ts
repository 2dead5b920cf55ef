/** Spec §8: uncaught errors are logged by a global listener (a reporting service can hook in here). */
export function installGlobalErrorLogging(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    console.error('Uncaught error:', event.error ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    console.error('Unhandled promise rejection:', event.reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

const RELOADED_AT = 'cardwise:chunk-reload-at';

/**
 * A page left open across a deploy asks for chunks of its own build, which the server no longer
 * has (404). Vite reports that as `vite:preloadError`; reloading fetches the new build. At most
 * once a minute, so a chunk that is missing for another reason cannot loop the page.
 */
export function installStaleBuildReload(
  target: Window = window,
  storage: Storage = sessionStorage,
): () => void {
  const onPreloadError = (event: Event) => {
    let last = 0;
    try {
      last = Number(storage.getItem(RELOADED_AT) ?? 0);
    } catch {
      return;
    }
    if (Date.now() - last < 60_000) return;
    event.preventDefault();
    try {
      storage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      return;
    }
    target.location.reload();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
