import type { ExternalToast } from 'sonner';
import { describeError, isApiError, sessionEnded } from './api-errors.ts';

/** Toast settings from spec §9: 5 s, one at a time, top-center, with a close button. */
export const TOAST_DURATION_MS = 5000;

/*
 * sonner (its code and the stylesheet it injects) is not in the first script: it loads
 * when the page is idle or with the first toast. Sonner's <Toaster> only shows toasts
 * raised after it subscribed, so a toast raised before it is mounted waits for it
 * (features/layout/deferred-toaster.tsx mounts it on request).
 */

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;

export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

let toasterWanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** For DeferredToaster: has anyone asked for the Toaster yet? */
export function subscribeToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function isToasterWanted(): boolean {
  return toasterWanted;
}

/** For the mounted Toaster: toasts waiting for it may go now. */
export function toasterDidMount(): void {
  markMounted();
}

/** Ask for the Toaster (and sonner); resolves with sonner once the Toaster listens. */
export async function ensureToaster(): Promise<Sonner> {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  const loaded = await loadSonner();
  await toasterMounted;
  return loaded;
}

function show(raise: (s: Sonner) => void): void {
  ensureToaster().then(raise, (error: unknown) => console.error('Could not show a notification', error));
}

/** Show a failed call as an error toast. The id de-duplicates repeats of the same failure. */
export function notifyError(error: unknown): void {
  const { title, message } = describeError(error);
  const options: ExternalToast = {
    description: message,
    id: `${title}|${message}`,
    duration: TOAST_DURATION_MS,
  };
  show((s) => s.toast.error(title, options));
}

/** An error toast with the screen's own title (e.g. 'Language not saved'), for code outside the screens' chunks. */
export function notifyFailure(title: string, description: string): void {
  show((s) =>
    s.toast.error(title, { description, id: `${title}|${description}`, duration: TOAST_DURATION_MS }),
  );
}

/** An information toast; `action` adds one button to it (an Undo). */
export function notify(
  title: string,
  description: string,
  action?: { label: string; onClick: () => void },
): void {
  show((s) =>
    s.toast(title, {
      description,
      id: `${title}|${description}`,
      duration: TOAST_DURATION_MS,
      ...(action ? { action } : {}),
    }),
  );
}

/**
 * For a screen about to show its own failure toast (spec §8, application §8 "Network and session
 * errors"): a failure the app reports one way everywhere is reported that way instead. A session
 * that ended has said so already ('Session Expired', on the way to /login); a call that got no
 * answer says 'Network Error', not the screen's 'please try again' for a refused save. Returns
 * true when nothing is left for the screen to say.
 */
export function reportedElsewhere(error: unknown): boolean {
  if (sessionEnded(error)) return true;
  if (isApiError(error) && error.kind === 'network') {
    notifyError(error);
    return true;
  }
  return false;
}

/**
 * For a form that shows its failure inline (sign-in, sign-up, the referral dialog): the error
 * catalogue's toast as well when the call got no answer ('Network Error') or the server failed
 * ('Error {status}', platform spec §8). A refusal the form explains (a wrong password, a field at
 * fault) stays inline only: the same words twice would add nothing.
 */
export function toastUnanswered(error: unknown): void {
  if (!isApiError(error)) return;
  if (error.kind === 'network' || (error.kind === 'http' && (error.status ?? 0) >= 500)) notifyError(error);
}
