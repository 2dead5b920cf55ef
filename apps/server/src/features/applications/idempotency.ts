import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { decryptField, encryptField } from '../../plumbing/crypto.ts';
import { HttpError } from '../../plumbing/errors.ts';
import { idempotencyKeys } from './applications-schema.ts';

/**
 * Idempotency-Key for calls that must not run twice (document upload, final submit).
 *
 *   1. claim: insert the key as 'pending' (its own statement, so a concurrent repeat sees it).
 *      A key already 'done' for the same route and request → the stored answer (replay).
 *      Same key, other route or request → 422. Still 'pending' → 409 (retry shortly);
 *      a pending key older than STALE_MS (its process died) is taken over.
 *   2. the work runs in a transaction that also calls `complete` (the key becomes 'done'
 *      with the answer): the write and the stored answer commit together or not at all.
 *   3. when the work fails, `release` deletes the pending key so the client may retry.
 *
 * The stored answer is sealed (AES-256-GCM under the data key, bound to tenant, user and key):
 * a submit's answer is the whole application, PAN in full, name, birth date, address, phone,
 * and an upload's names the user's files. Kept as plain jsonb, every submitted application's
 * PAN sat in clear text beside its ciphertext (ADR 006).
 */

export const STALE_MS = 5 * 60 * 1000;
const KEY = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyScope {
  tenantId: string;
  userId: string;
  key: string;
  route: string;
  requestHash: string;
  /** The data key (config.encryptionKey) the stored answer is sealed with. */
  encryptionKey: Buffer;
}

const sealContext = (s: IdempotencyScope) => `idempotency:${s.tenantId}:${s.userId}:${s.key}`;

/** The answer as stored: `{sealed: "v1:..."}`, never the answer itself. */
function seal(scope: IdempotencyScope, body: unknown): { sealed: string } {
  return { sealed: encryptField(scope.encryptionKey, JSON.stringify(body ?? null), sealContext(scope)) };
}

/** A row stored before answers were sealed holds the answer itself: it is replayed as it is. */
function unseal(scope: IdempotencyScope, stored: unknown): unknown {
  const sealed = (stored as { sealed?: unknown } | null)?.sealed;
  if (typeof sealed !== 'string') return stored;
  return JSON.parse(decryptField(scope.encryptionKey, sealed, sealContext(scope)));
}

export type Claim = { kind: 'new' } | { kind: 'replay'; status: number; body: unknown };

/** The Idempotency-Key header, checked; undefined when absent. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (!KEY.test(value)) {
    throw new HttpError(
      400,
      'Idempotency-Key must be 1 to 255 visible ASCII characters.',
      'invalid_idempotency_key',
    );
  }
  return value;
}

/** A stable hash of a JSON value (object keys sorted). */
export function hashJson(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v as Record<string, unknown>)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(value ?? null)))
    .digest('hex');
}

const where = (s: Pick<IdempotencyScope, 'tenantId' | 'userId' | 'key'>) =>
  and(
    eq(idempotencyKeys.tenant_id, s.tenantId),
    eq(idempotencyKeys.user_id, s.userId),
    eq(idempotencyKeys.key, s.key),
  );

export async function claimIdempotencyKey(db: Db, scope: IdempotencyScope): Promise<Claim> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        tenant_id: scope.tenantId,
        user_id: scope.userId,
        key: scope.key,
        route: scope.route,
        request_hash: scope.requestHash,
        state: 'pending',
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) return { kind: 'new' };

    const [row] = await db.select().from(idempotencyKeys).where(where(scope)).limit(1);
    if (!row) continue; // Released between our insert and select: try again.
    if (row.route !== scope.route || row.request_hash !== scope.requestHash) {
      throw new HttpError(
        422,
        'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
        'idempotency_key_reused',
      );
    }
    if (row.state === 'done' && row.response_status !== null) {
      return { kind: 'replay', status: row.response_status, body: unseal(scope, row.response_body) };
    }
    if (Date.now() - row.created_at.getTime() > STALE_MS) {
      // Its process died mid-request: nothing was committed for it, so take it over.
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            where(scope),
            eq(idempotencyKeys.state, 'pending'),
            eq(idempotencyKeys.created_at, row.created_at),
          ),
        );
      continue;
    }
    throw new HttpError(
      409,
      'A request with this Idempotency-Key is still being processed. Retry shortly.',
      'idempotency_in_progress',
    );
  }
  throw new HttpError(
    409,
    'A request with this Idempotency-Key is still being processed. Retry shortly.',
    'idempotency_in_progress',
  );
}

/** Inside the work's transaction: store the answer with the key. */
export async function completeIdempotencyKey(
  tx: Db,
  scope: IdempotencyScope,
  status: number,
  body: unknown,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ state: 'done', response_status: status, response_body: seal(scope, body) })
    .where(where(scope));
}

/** After a failed attempt: forget the pending key, so a retry with it runs again. */
export async function releaseIdempotencyKey(db: Db, scope: IdempotencyScope): Promise<void> {
  await db.delete(idempotencyKeys).where(and(where(scope), eq(idempotencyKeys.state, 'pending')));
}
