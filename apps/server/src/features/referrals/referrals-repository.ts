import type { CashbackClaimStatus } from '@cardwise/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readableReference } from '../../plumbing/crypto.ts';
import { applyRedirects, cashbackClaims } from './referrals-schema.ts';

export type ApplyRedirectRow = typeof applyRedirects.$inferSelect;
export type CashbackClaimRow = typeof cashbackClaims.$inferSelect;

export const REFERENCE_PATTERN = /^CB-\d{4}-[2-9A-HJKMNP-Z]{8}$/;

/** Random, unguessable, shown to the user: CB-2026-XXXXXXXX. */
export const newApplicationReference = (now = new Date()): string => readableReference('CB', now);

export function referralsRepository(db: Db) {
  return {
    async insertRedirect(values: typeof applyRedirects.$inferInsert, tx: Db = db): Promise<ApplyRedirectRow> {
      const [row] = await tx.insert(applyRedirects).values(values).returning();
      if (!row) throw new Error('apply redirect not stored');
      return row;
    },

    /** A departure of this tenant by its reference (any user: the caller decides who may use it). */
    async findRedirect(tenantId: string, reference: string, tx: Db = db, lock = false) {
      const q = tx
        .select()
        .from(applyRedirects)
        .where(
          and(eq(applyRedirects.tenant_id, tenantId), eq(applyRedirects.application_reference, reference)),
        )
        .limit(1);
      const rows = lock ? await q.for('update') : await q;
      return rows[0];
    },

    async claimRedirect(id: number, userId: string, tx: Db = db): Promise<void> {
      await tx.update(applyRedirects).set({ user_id: userId }).where(eq(applyRedirects.id, id));
    },

    async findClaim(tenantId: string, reference: string, tx: Db = db, lock = false) {
      const q = tx
        .select()
        .from(cashbackClaims)
        .where(
          and(eq(cashbackClaims.tenant_id, tenantId), eq(cashbackClaims.application_reference, reference)),
        )
        .limit(1);
      const rows = lock ? await q.for('update') : await q;
      return rows[0];
    },

    /**
     * The user's claim for this card still under review, if any (the newest): a proof sent
     * without a reference replaces its proof instead of opening another claim.
     */
    async findPendingClaimForCard(tenantId: string, userId: string, cardId: string, tx: Db = db) {
      const rows = await tx
        .select()
        .from(cashbackClaims)
        .where(
          and(
            eq(cashbackClaims.tenant_id, tenantId),
            eq(cashbackClaims.user_id, userId),
            eq(cashbackClaims.card_id, cardId),
            eq(cashbackClaims.status, 'pending_review'),
          ),
        )
        .orderBy(desc(cashbackClaims.created_at))
        .limit(1)
        .for('update');
      return rows[0];
    },

    async countPendingClaims(tenantId: string, userId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(cashbackClaims)
        .where(
          and(
            eq(cashbackClaims.tenant_id, tenantId),
            eq(cashbackClaims.user_id, userId),
            eq(cashbackClaims.status, 'pending_review'),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** The user's own claims in the tenant, newest first (the id breaks a tie within a clock tick). */
    async listClaims(tenantId: string, userId: string, tx: Db = db): Promise<CashbackClaimRow[]> {
      return tx
        .select()
        .from(cashbackClaims)
        .where(and(eq(cashbackClaims.tenant_id, tenantId), eq(cashbackClaims.user_id, userId)))
        .orderBy(desc(cashbackClaims.created_at), desc(cashbackClaims.id));
    },

    async insertClaim(values: typeof cashbackClaims.$inferInsert, tx: Db = db): Promise<CashbackClaimRow> {
      const [row] = await tx.insert(cashbackClaims).values(values).returning();
      if (!row) throw new Error('cashback claim not stored');
      return row;
    },

    /** A new proof for a claim still under review: the file and what the user chose change. */
    async replaceProof(
      id: number,
      values: Pick<
        CashbackClaimRow,
        | 'storage_key'
        | 'file_name'
        | 'mime_type'
        | 'size'
        | 'sha256'
        | 'customer_type'
        | 'referral_code'
        | 'card_name'
        | 'bank_name'
      >,
      tx: Db = db,
    ): Promise<CashbackClaimRow> {
      const [row] = await tx
        .update(cashbackClaims)
        .set({ ...values, updated_at: new Date() })
        .where(eq(cashbackClaims.id, id))
        .returning();
      if (!row) throw new Error('cashback claim vanished');
      return row;
    },

    /** An operator's decision on a claim under review (`npm run referrals`). */
    async setDecision(
      reference: string,
      status: Exclude<CashbackClaimStatus, 'pending_review'>,
    ): Promise<{ ok: true; previous: string } | { ok: false; reason: string }> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: cashbackClaims.id, status: cashbackClaims.status })
          .from(cashbackClaims)
          .where(eq(sql`upper(${cashbackClaims.application_reference})`, reference.toUpperCase()))
          .for('update');
        const row = rows[0];
        if (!row) return { ok: false, reason: `no cashback claim ${reference.toUpperCase()}` };
        if (row.status === status) return { ok: true, previous: row.status };
        if (row.status !== 'pending_review') {
          return { ok: false, reason: `${reference.toUpperCase()} was already ${row.status}` };
        }
        await tx
          .update(cashbackClaims)
          .set({ status, decided_at: new Date(), updated_at: new Date() })
          .where(eq(cashbackClaims.id, row.id));
        return { ok: true, previous: row.status };
      });
    },
  };
}
export type ReferralsRepository = ReturnType<typeof referralsRepository>;
