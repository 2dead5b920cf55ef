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
    // Claims keep no snapshot of the card: one gone from the catalogue is named by its id.
    const card = catalog?.byId.get(c.card_id);
    return {
      application_reference: c.application_reference,
      card_id: c.card_id,
      card_name: card?.name ?? null,
      bank_name: card?.bank_name ?? null,
      status: c.status as CashbackClaimStatus,
      submitted_at: c.created_at.toISOString(),
      decided_at: c.decided_at?.toISOString() ?? null,
    };
  });
}
