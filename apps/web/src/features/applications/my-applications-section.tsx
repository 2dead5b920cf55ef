import { type ApplicationSummary, FINAL_STATUSES } from '@cardwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { accountKeys, fetchMyApplications } from '../accounts/accounts-api.ts';
import { ProfileListSection } from '../accounts/profile-list-section.tsx';
import { ProfileRecordItem } from '../accounts/profile-record-item.tsx';
import { basePath, routeForStep, WIZARD_STEPS } from './wizard-context.ts';

export const MY_APPLICATIONS_SECTION_ID = 'applications';
export const MY_APPLICATIONS_TITLE = 'My applications';
export const APPLICATIONS_FAILED = 'Failed to load your applications. Please try again.';

type Tone = 'draft' | 'submitted' | 'approved' | 'rejected';

const BADGE: Record<Tone, string> = {
  draft:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200',
  submitted: 'border-border bg-accent text-accent-foreground',
  approved:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950/40 dark:text-emerald-200',
  rejected: 'border-border bg-muted text-muted-foreground',
};

/**
 * The server's status in a person's words. Every status before `submitted` (draft and the
 * steps completed so far) is one thing to the applicant, an application not yet sent: what
 * differs is the step that comes next, which the line says beside it.
 */
export function describeStatus(app: Pick<ApplicationSummary, 'status' | 'current_step'>): {
  tone: Tone;
  label: string;
  detail: string;
} {
  switch (app.status) {
    case 'submitted':
      return { tone: 'submitted', label: 'Submitted', detail: "Waiting for the bank's decision." };
    case 'approved':
      return { tone: 'approved', label: 'Approved', detail: 'The bank approved this application.' };
    case 'rejected':
      return {
        tone: 'rejected',
        label: 'Not approved',
        detail: 'The bank did not approve this application.',
      };
    default: {
      const next = WIZARD_STEPS.find((s) => s.key === routeForStep(app.current_step))?.label;
      return { tone: 'draft', label: 'Draft', detail: `Not submitted yet. Next step: ${next}.` };
    }
  }
}

/** Where a draft picks up: its wizard step, which loads what the server holds for it. */
export function continuePath(
  app: Pick<ApplicationSummary, 'card' | 'reference_id' | 'current_step'>,
): string {
  return `${basePath(app.card)}/${encodeURIComponent(app.reference_id)}/${routeForStep(app.current_step)}`;
}

/**
 * /profile "My applications" (ADR 015: the application flows send people to /profile to see
 * them): the signed-in person's card applications, each with its status, reference and dates,
 * and a way back into a draft.
 */
export function MyApplicationsSection() {
  // Read afresh on every visit (the cached list is shown meanwhile): the wizard moves these
  // lines on, and the app's 5-minute freshness would show a just-submitted application as a draft.
  const query = useQuery({
    queryKey: accountKeys.applications,
    queryFn: fetchMyApplications,
    staleTime: 0,
    // The section says so itself, beside what failed.
    meta: { toast: false },
  });
  return (
    <ProfileListSection
      id={MY_APPLICATIONS_SECTION_ID}
      title={MY_APPLICATIONS_TITLE}
      intro="Card applications you have started or sent, most recent first."
      query={query}
      failedText={APPLICATIONS_FAILED}
      skeletonClassName="h-24"
      emptyIcon={FileText}
      empty={
        <>
          You have not applied for a card yet.{' '}
          <Link
            to="/cards"
            className="tap-inline font-medium text-primary underline-offset-2 hover:underline"
          >
            Browse cards
          </Link>
        </>
      }
    >
      {(apps) => (
        <ul className="space-y-3" aria-label="Your card applications">
          {apps.map((app) => (
            <ApplicationItem key={app.id} app={app} />
          ))}
        </ul>
      )}
    </ProfileListSection>
  );
}

function ApplicationItem({ app }: { app: ApplicationSummary }) {
  const status = describeStatus(app);
  const name = app.card_name ?? 'Card application';
  const draft = !FINAL_STATUSES.includes(app.status);
  const dates: { label: string; iso: string }[] = [{ label: 'Started', iso: app.created_at }];
  if (app.submitted_at) dates.push({ label: 'Submitted', iso: app.submitted_at });
  if (app.decided_at) dates.push({ label: 'Decided', iso: app.decided_at });
  return (
    <ProfileRecordItem
      testId="application-item"
      title={name}
      subtitle={app.bank_name}
      badgeClass={BADGE[status.tone]}
      status={status}
      reference={app.reference_id}
      dates={dates}
    >
      {draft ? (
        <div className="mt-3 flex sm:justify-end">
          <Link to={continuePath(app)} className="btn-primary w-full sm:w-auto">
            Continue application
            <span className="sr-only"> for {name}</span>
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      ) : null}
    </ProfileRecordItem>
  );
}
