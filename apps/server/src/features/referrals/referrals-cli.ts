import { runDecisionCommandAsMain } from '../../plumbing/decision-cli.ts';
import { REFERENCE_PATTERN, referralsRepository } from './referrals-repository.ts';

/**
 * `npm run referrals -- set-status <application_reference> approved|rejected`: the outcome of a
 * cashback claim once the bank has confirmed or refused the application its proof shows.
 */
export const referralsCommand = {
  name: 'referrals',
  what: 'a cashback claim',
  reference: REFERENCE_PATTERN,
  example: 'CB-2026-XXXXXXXX',
  decide: (
    db: Parameters<typeof referralsRepository>[0],
    reference: string,
    status: 'approved' | 'rejected',
  ) => referralsRepository(db).setDecision(reference, status),
};

if (import.meta.url === `file://${process.argv[1]}`) runDecisionCommandAsMain(referralsCommand);
