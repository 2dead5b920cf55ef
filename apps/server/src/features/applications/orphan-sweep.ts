import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DocumentStorage } from '../../plumbing/storage.ts';
import { cashbackClaims } from '../referrals/referrals-schema.ts';
import { applicationDocuments } from './applications-schema.ts';

/**
 * A crash between a file's store and its row's commit (or between a replacement's commit
 * and the deletion of the file it replaced) leaves a file that no row names. The store holds
 * KYC documents and cashback proofs (features/referrals), so both tables are asked.
 * The sweep lists the store and deletes such files once they are older than
 * ORPHAN_MIN_AGE_MS.
 *
 * Why that is safe with uploads in flight: an upload refuses to commit later than
 * STAGING_DEADLINE_MS after it began storing (applications-routes.ts), and its files are
 * written after it began. So a file older than ORPHAN_MIN_AGE_MS whose row is not there
 * when the sweep looks belongs to an upload that can no longer commit. The sweep reads
 * the rows after it listed the files, so a commit in between is seen.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
/** An upload that took longer than this between its first stored byte and its commit is refused. */
export const STAGING_DEADLINE_MS = 30 * 60 * 1000;
const BATCH = 500;

export interface SweepResult {
  /** Objects old enough to be looked at. */
  checked: number;
  /** Of those, the ones no row named: deleted. */
  removed: number;
}

export async function sweepOrphanDocuments(
  db: Db,
  storage: DocumentStorage,
  { olderThanMs = ORPHAN_MIN_AGE_MS, now = Date.now() }: { olderThanMs?: number; now?: number } = {},
): Promise<SweepResult> {
  const cutoff = now - olderThanMs;
  const result: SweepResult = { checked: 0, removed: 0 };
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const keys = batch;
    batch = [];
    // Across tenants on purpose: the store is shared, and keys are random and unique.
    const documents = await db
      .select({ key: applicationDocuments.storage_key })
      .from(applicationDocuments)
      .where(inArray(applicationDocuments.storage_key, keys));
    const proofs = await db
      .select({ key: cashbackClaims.storage_key })
      .from(cashbackClaims)
      .where(inArray(cashbackClaims.storage_key, keys));
    const referenced = new Set([...documents, ...proofs].map((r) => r.key));
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      result.removed++;
    }
  };
  for await (const object of storage.list()) {
    if (object.modifiedAt.getTime() > cutoff) continue;
    result.checked++;
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return result;
}
