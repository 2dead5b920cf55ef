import { toast } from 'sonner';
import { reportedElsewhere, TOAST_DURATION_MS } from './notify.ts';

/*
 * A screen's own error toasts. sonner is imported here directly: only the screens' lazily loaded
 * chunks import this file, so it stays out of the first script (lib/notify.ts loads sonner on
 * demand for everything that runs earlier).
 */

const toastId = (title: string, description?: string): string =>
  description === undefined ? title : `${title}|${description}`;

/** An error toast (5 s, spec §9), shown once however often the same words are raised meanwhile. */
export function toastError(title: string, description?: string): void {
  toast.error(title, { description, id: toastId(title, description), duration: TOAST_DURATION_MS });
}

/** Takes back an error toast of `toastError` whose complaint has since been settled. */
export function dismissToastError(title: string, description?: string): void {
  toast.dismiss(toastId(title, description));
}

/**
 * The screen's toast for a call that failed, unless the failure is one the app reports the same
 * way everywhere (a session that ended, a call with no answer: `reportedElsewhere`).
 */
export function toastCallFailure(error: unknown, title: string, description?: string): void {
  if (!reportedElsewhere(error)) toastError(title, description);
}
