import type { AlreadySubmittedError } from '@cardwise/contracts';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useArrivalFocus } from '../../lib/arrival-focus.ts';
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

/** The application number, the submission time and the two ways on (dialog and panel alike). */
type Submitted = Pick<AlreadySubmittedError, 'application_number' | 'submitted_at'>;

function SubmittedDetails({ info, cardId }: { info: Submitted | null; cardId: string }) {
  const navigate = useNavigate();
  return (
    <>
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
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
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
      {/* Where its status shows (the profile's "My applications"). */}
      <p className="mt-4 text-center text-sm sm:text-right">
        <Link to="/profile" className="font-medium text-primary underline-offset-4 hover:underline">
          See your applications
        </Link>
      </p>
    </>
  );
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
  return (
    <ModalDialog
      open={info !== null}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Application Already Submitted"
      description="Your application has already been submitted."
    >
      <SubmittedDetails info={info} cardId={cardId} />
    </ModalDialog>
  );
}

/**
 * The same words in place of a step's form, for an application that is submitted already (the
 * browser's Back button from the success page, an old link): its steps can no longer change,
 * and a form that the server would refuse with 409 only invites a retry that cannot succeed.
 */
export function AlreadySubmittedPanel({ info, cardId }: { info: Submitted; cardId: string }) {
  // Reached by the browser's Back from the success page, the step's scroll position comes back
  // with it: deep in the long form it replaced, so at 390 px only the footer was on screen.
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if ((panel.current?.getBoundingClientRect().top ?? 0) < 0) window.scrollTo({ top: 0 });
  }, []);
  // It also replaces a form whose save was refused because another tab submitted the application:
  // the focused button went with the form, and the heading takes the focus (WCAG 2.4.3).
  const heading = useArrivalFocus<HTMLHeadingElement>();
  return (
    <div ref={panel} role="status">
      <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none">
        Application Already Submitted
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">Your application has already been submitted.</p>
      <SubmittedDetails info={info} cardId={cardId} />
    </div>
  );
}
