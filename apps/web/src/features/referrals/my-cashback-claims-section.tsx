import type { CashbackClaimStatus, CashbackClaimSummary } from '@cardwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { accountKeys } from '../accounts/accounts-api.ts';
import { ProfileListSection } from '../accounts/profile-list-section.tsx';
import { ProfileRecordItem } from '../accounts/profile-record-item.tsx';
import { fetchMyCashbackClaims } from './referrals-api.ts';

export const MY_CASHBACK_CLAIMS_SECTION_ID = 'cashback-claims';
export const MY_CASHBACK_CLAIMS_TITLE = 'My cashback claims';
export const CASHBACK_CLAIMS_FAILED = 'Failed to load your cashback claims. Please try again.';

const BADGE: Record<CashbackClaimStatus, string> = {
  pending_review: 'border-border bg-accent text-accent-foreground',
  approved:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950/40 dark:text-emerald-200',
  rejected: 'border-border bg-muted text-muted-foreground',
};

/**
 * The operator's status (`npm run referrals -- set-status`) in a person's words. The decision is
 * ours, after the bank's outcome for the application the proof shows; the cashback goes to the
 * account's email (the dialog's warning says so).
 */
export function describeClaimStatus(status: CashbackClaimStatus): { label: string; detail: string } {
  switch (status) {
    case 'approved':
      return {
        label: 'Approved',
        detail: "The cashback will be sent to your account's email address.",
      };
    case 'rejected':
      // As the applications section words a refusal.
      return { label: 'Not approved', detail: 'This claim was not approved for cashback.' };
    default:
      return {
        label: 'Under review',
        detail: 'We are checking your proof with the bank.',
      };
  }
}

/**
 * /profile "My cashback claims": the proofs sent through the referral dialog, each with its
 * reference and status. Without it a claim left the product the moment it was sent (ADR 010).
 */
export function MyCashbackClaimsSection() {
  // Read afresh on every visit, like the applications: an operator's decision moves a line on.
  const query = useQuery({
    queryKey: accountKeys.cashbackClaims,
    queryFn: fetchMyCashbackClaims,
    staleTime: 0,
    meta: { toast: false },
  });
  // The proof dialog links here as /profile#cashback-claims; the browser's own jump to the
  // anchor came before the profile had loaded, so the section scrolls itself into view once.
  const { hash } = useLocation();
  const jumped = useRef(false);
  const listed = !query.isPending;
  useEffect(() => {
    if (jumped.current || !listed || hash !== `#${MY_CASHBACK_CLAIMS_SECTION_ID}`) return;
    jumped.current = true;
    document.getElementById(MY_CASHBACK_CLAIMS_SECTION_ID)?.scrollIntoView({ block: 'start' });
  }, [hash, listed]);
  return (
    <ProfileListSection
      id={MY_CASHBACK_CLAIMS_SECTION_ID}
      title={MY_CASHBACK_CLAIMS_TITLE}
      intro="Proofs you sent after applying on a bank's website, most recent first."
      query={query}
      failedText={CASHBACK_CLAIMS_FAILED}
      skeletonClassName="h-20"
      emptyIcon={Receipt}
      empty="No cashback claims yet. When you apply on a bank's website and upload your proof, the claim appears here."
    >
      {(claims) => (
        <ul className="space-y-3" aria-label="Your cashback claims">
          {claims.map((claim) => (
            <ClaimItem key={claim.application_reference} claim={claim} />
          ))}
        </ul>
      )}
    </ProfileListSection>
  );
}

function ClaimItem({ claim }: { claim: CashbackClaimSummary }) {
  const status = describeClaimStatus(claim.status);
  const dates: { label: string; iso: string }[] = [{ label: 'Submitted', iso: claim.submitted_at }];
  if (claim.decided_at) dates.push({ label: 'Decided', iso: claim.decided_at });
  return (
    <ProfileRecordItem
      testId="cashback-claim-item"
      // The name the claim was filed under (ADR 010); a claim from before that, whose card has left
      // the catalogue, only by its id: still something the applicant can quote to support.
      title={claim.card_name ?? claim.card_id}
      subtitle={claim.bank_name}
      badgeClass={BADGE[claim.status]}
      status={status}
      reference={claim.application_reference}
      dates={dates}
    />
  );
}
