import { toastCallFailure } from '../../lib/failure-toast.ts';
import { isAlreadySubmitted } from './step-form.tsx';

/**
 * A call of a step's submission that failed (the KYC step's uploads and step, the review's step
 * and final submit). An application submitted meanwhile, in another tab or on another device,
 * is no error to toast: its answer is read again (`refetch`), and the step gives way to the
 * already-submitted panel (unless-submitted.tsx). Any other failure is the step's own toast,
 * unless the app reports it the same way everywhere (`toastCallFailure`).
 */
export function reportFailedSubmission(
  error: unknown,
  refetch: () => unknown,
  title: string,
  description: string,
): void {
  if (isAlreadySubmitted(error)) {
    void refetch();
    return;
  }
  toastCallFailure(error, title, description);
}
