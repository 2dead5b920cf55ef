import { networkError } from './api-errors.ts';
import { notifyError } from './notify.ts';

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

/** Whether the server answers at all (any status): a missing chunk, not a missing connection. */
async function serverAnswers(target: Window): Promise<boolean> {
  try {
    await target.fetch(new URL('/', target.location.href), { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A page left open across a deploy asks for chunks of its own build, which the server no longer
 * has (404). Vite reports that as `vite:preloadError`; reloading fetches the new build. At most
 * once a minute, so a chunk that is missing for another reason cannot loop the page. The same
 * event comes when the connection is gone (a link to a page whose code is not loaded yet): a
 * reload then swaps the whole app for the browser's offline page, so the server is asked first,
 * and when it does not answer the user gets spec §8's 'Network Error' and the page's own error
 * screen ('Something went wrong. Please try refreshing the page.') instead.
 */
export function installStaleBuildReload(
  target: Window = window,
  storage: Storage = sessionStorage,
  onUnreachable: () => void = () => notifyError(networkError()),
  reachable: (target: Window) => Promise<boolean> = serverAnswers,
): () => void {
  const onPreloadError = () => {
    void reachable(target).then((answers) => {
      if (!answers) return onUnreachable();
      let last = 0;
      try {
        last = Number(storage.getItem(RELOADED_AT) ?? 0);
      } catch {
        return;
      }
      if (Date.now() - last < 60_000) return;
      try {
        storage.setItem(RELOADED_AT, String(Date.now()));
      } catch {
        return;
      }
      target.location.reload();
    });
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
