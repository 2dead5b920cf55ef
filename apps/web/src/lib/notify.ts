import { toast } from 'sonner';
import { describeError } from './api-errors.ts';

/** Toast settings from spec §9: 5 s, one at a time, top-center, with a close button. */
export const TOAST_DURATION_MS = 5000;

/** Show a failed call as an error toast. The id de-duplicates repeats of the same failure. */
export function notifyError(error: unknown): void {
  const { title, message } = describeError(error);
  toast.error(title, { description: message, id: `${title}|${message}`, duration: TOAST_DURATION_MS });
}

export function notify(title: string, description: string): void {
  toast(title, { description, id: `${title}|${description}`, duration: TOAST_DURATION_MS });
}
