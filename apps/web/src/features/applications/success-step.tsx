import { CheckCircle2 } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { usePageTitle } from '../layout/use-page-title.ts';

/** Application Submitted (spec §2). */
export function SuccessStep() {
  usePageTitle('Application Submitted');
  const { applicationId } = useParams();
  const location = useLocation();
  const fromState = (location.state as { referenceId?: unknown } | null)?.referenceId;
  const reference = typeof fromState === 'string' ? fromState : (applicationId ?? '');
  return (
    <div className="flex flex-col items-center py-6 text-center">
      <span className="mb-4 inline-flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-600 dark:bg-emerald-950">
        <CheckCircle2 className="size-9" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">Application Submitted Successfully!</h1>
      <p className="mt-2 text-muted-foreground">Your application has been received and is being processed.</p>
      <div className="mt-6 w-full max-w-sm rounded-xl border border-border bg-muted p-4">
        <p className="text-sm text-muted-foreground">Application Reference ID</p>
        <p className="mt-1 font-mono text-xl font-bold tracking-wide" data-testid="reference-id">
          {reference}
        </p>
        <p className="mt-2 text-xs text-muted-foreground">Please save this ID for your records.</p>
      </div>
      <Link to="/cards" className="btn-primary mt-8">
        Back to Cards
      </Link>
    </div>
  );
}
