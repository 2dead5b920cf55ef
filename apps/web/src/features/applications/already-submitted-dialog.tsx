import type { AlreadySubmittedError } from '@cardwise/contracts';
import { useNavigate } from 'react-router';
import { ModalDialog } from '../layout/modal-dialog.tsx';

export function formatLocalDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  // The Indian reading of a local date-time ("25 Nov 2026, 5:00 pm"), as elsewhere in the app;
  // the browser's default locale gave "11/25/2026" on many machines.
  return Number.isNaN(d.getTime())
    ? 'N/A'
    : d.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Spec §2: shown when starting answers ALREADY_SUBMITTED. */
export function AlreadySubmittedDialog({
  info,
  cardId,
  onOpenChange,
  onCloseAutoFocus,
}: {
  info: AlreadySubmittedError | null;
  cardId: string;
  onOpenChange: (open: boolean) => void;
  /** Opened without a Radix Trigger: where focus goes back on close (see returnFocusTo). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const navigate = useNavigate();
  return (
    <ModalDialog
      open={info !== null}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Application Already Submitted"
      description="Your application has already been submitted."
    >
      <dl className="mt-4 space-y-2 rounded-xl bg-muted p-4 text-sm">
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="text-muted-foreground">Application Number</dt>
          <dd className="font-mono font-semibold">{info?.application_number}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="text-muted-foreground">Submitted on</dt>
          <dd className="font-medium">{formatLocalDateTime(info?.submitted_at)}</dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          className="btn-outline"
          onClick={() => navigate(`/card/${encodeURIComponent(cardId)}`)}
        >
          Back to Card
        </button>
        <button type="button" className="btn-primary" onClick={() => navigate('/cards')}>
          View All Cards
        </button>
      </div>
    </ModalDialog>
  );
}
