import type { CashbackClaimStatus, CashbackClaimSummary } from '@cardwise/contracts';
import type { Db } from '../../db/client.ts';
import type { CatalogView } from '../cards/catalog-store.ts';
import { referralsRepository } from './referrals-repository.ts';

/**
 * The signed-in user's cashback claims in their tenant, newest first, for /profile: once the
 * proof is sent the dialog forgets the claim, and this is where the user finds it again and
 * sees the operator's decision. Only what the user may read: no storage key or file name.
 */
export async function listCashbackClaims(
  db: Db,
  owner: { tenantId: string; userId: string },
  catalog: CatalogView | undefined,
): Promise<CashbackClaimSummary[]> {
  const rows = await referralsRepository(db).listClaims(owner.tenantId, owner.userId);
  return rows.map((c) => {
    // What the applicant claimed for, as the card was named then (ADR 010); a claim filed before
    // snapshots takes the catalogue's current name, and one whose card has gone too only its id.
    const card = c.card_name === null ? catalog?.byId.get(c.card_id) : undefined;
    return {
      application_reference: c.application_reference,
      card_id: c.card_id,
      card_name: c.card_name ?? card?.name ?? null,
      bank_name: c.card_name === null ? (card?.bank_name ?? null) : c.bank_name,
      status: c.status as CashbackClaimStatus,
      submitted_at: c.created_at.toISOString(),
      decided_at: c.decided_at?.toISOString() ?? null,
    };
  });
}
