import { FINAL_STATUSES } from '@cardwise/contracts';
import { CheckCircle2 } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { isApiError, sessionEnded } from '../../lib/api-errors.ts';
import { useArrivalFocus } from '../../lib/arrival-focus.ts';
import { usePageTitle } from '../layout/use-page-title.ts';
import { APPLICATION_UNREADABLE, RedError } from './step-form.tsx';
import { routeForStep, useApplication, useWizard } from './wizard-context.ts';

/**
 * Application Submitted (spec §2), only for an application the server says is submitted: the
 * address alone (any reference, or one still a draft) must never show a confirmation. A draft
 * goes to the step it is at, as the other steps' guards send a submitted one to its panel; an
 * application that is not found (another account's, a made-up reference) goes to /cards.
 */
export function SuccessStep() {
  const { card, base } = useWizard();
  const { id, query } = useApplication();
  if (!id) return <Navigate to="/cards" replace />;
  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading your application...</p>;
  if (query.isError) {
    // The session's own handler has said so and is on its way to /login.
    if (sessionEnded(query.error)) return null;
    const refused =
      isApiError(query.error) && query.error.kind === 'http' && (query.error.status ?? 500) < 500;
    if (refused) return <Navigate to="/cards" replace />;
    // No answer, or a server fault: said, not taken for "not yours".
    return <RedError>{APPLICATION_UNREADABLE}</RedError>;
  }
  const app = query.data;
  if (!FINAL_STATUSES.includes(app.status)) {
    return (
      <Navigate
        to={`${base}/${app.reference_id}/${routeForStep(app.current_step)}`}
        replace
        state={{ card }}
      />
    );
  }
  const cardName = app.card_details?.name ?? card?.name ?? null;
  const bankName = app.card_details?.bank_name ?? card?.bank_name ?? null;
  return <Submitted reference={app.reference_id} cardName={cardName} bankName={bankName} />;
}

function Submitted({
  reference,
  cardName,
  bankName,
}: {
  reference: string;
  cardName: string | null;
  bankName: string | null;
}) {
  usePageTitle('Application Submitted');
  const heading = useArrivalFocus<HTMLHeadingElement>();
  return (
    <div className="flex flex-col items-center py-6 text-center">
      <span className="mb-4 inline-flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-600 dark:bg-emerald-950">
        <CheckCircle2 className="size-9" aria-hidden="true" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
        Application Submitted Successfully!
      </h1>
      <p className="mt-2 text-muted-foreground">Your application has been received and is being processed.</p>
      {cardName ? (
        <p className="mt-1 text-sm font-medium" data-testid="submitted-card">
          {cardName}
        </p>
      ) : null}
      <div className="mt-6 w-full max-w-sm rounded-xl border border-border bg-muted p-4">
        <p className="text-sm text-muted-foreground">Application Reference ID</p>
        <p className="mt-1 font-mono text-xl font-bold tracking-wide" data-testid="reference-id">
          {reference}
        </p>
        <p className="mt-2 text-xs text-muted-foreground">Please save this ID for your records.</p>
      </div>
      {/* What the applicant waits for, and where it will show: the page ended on a reference alone. */}
      <p className="mt-4 max-w-md text-sm text-muted-foreground" data-testid="what-next">
        {bankName ?? 'The bank'} decides on the application, its credit limit and final terms, and may contact
        you to verify your details. Its decision will show under your applications.
      </p>
      <Link to="/cards" className="btn-primary mt-8">
        Back to Cards
      </Link>
      {/* Where the application's status shows from now on (the profile's "My applications"). */}
      <Link
        to="/profile"
        className="mt-4 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        See your applications
      </Link>
    </div>
  );
}
