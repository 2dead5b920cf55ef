import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signAccessToken } from '../../plumbing/auth.ts';
import { randomToken, sha256Hex } from '../../plumbing/crypto.ts';
import { authSessions, refreshTokens, users } from './accounts-schema.ts';

/** A session (refresh-token family) ends 30 days after sign-in, however often it is refreshed. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long after an exchange the spent token may be presented again and get the same answer
 * (the same child refresh token, a fresh access token) instead of ending the session: the
 * client whose answer was lost, or a second tab that could not wait for the first (ADR 001).
 * Longer than the web client's 15-second exchange timeout.
 */
export const REFRESH_GRACE_MS = 30_000;

export type RevokeReason =
  | 'logout'
  | 'logout_everywhere'
  | 'refresh_reuse'
  | 'password_change'
  | 'password_reset';

export interface IssuedTokens {
  access: string;
  refresh: string;
  sessionId: string;
}

export type RotateResult =
  | { ok: true; tokens: IssuedTokens; userId: string; replayed: boolean }
  | { ok: false; reason: 'invalid' | 'reused' };

/**
 * Sign-in sessions with rotating opaque refresh tokens (docs/decisions/001). A refresh token is
 * 32 bytes; only its sha-256 is stored. Each exchange spends the token and issues its child in
 * the same family; presenting a spent token again, other than a repeat of its exchange within
 * REFRESH_GRACE_MS, means it was copied, so the whole family (the session) is revoked, for the
 * thief and the owner.
 */
export function sessionsService(db: Db, secret: Uint8Array) {
  // A key of its own for the children's derivation (below), from the access tokens' signing
  // secret: whoever holds that secret can already sign in as anyone, so this widens nothing.
  const childKey = Buffer.from(
    hkdfSync('sha256', secret, new Uint8Array(0), 'cardwise refresh child v1', 32),
  );
  /**
   * The child of a refresh token is not random but derived from the token presented and the
   * child's own random row id: a repeated exchange re-derives it from what the client sends,
   * so nothing that could stand in for a live token is ever stored (ADR 001). Computing it
   * takes the parent token (held only by the client; the database has its hash), the row id
   * and the signing secret together.
   */
  const childToken = (childId: string, parentToken: string) =>
    createHmac('sha256', childKey).update(`${childId}.${parentToken}`).digest('base64url');

  /**
   * A spent token's child, when the token's exchange may be repeated: within the grace period
   * of that exchange, and while the child is unspent and live. (A child already spent means
   * someone holds the family's newer tokens, which no lost answer explains.) Runs under the
   * session's lock, so a child's own exchange cannot be halfway through meanwhile.
   */
  async function repeatableChild(
    tx: Db,
    presented: string,
    spent: { usedAt: Date | null; replacedBy: string | null },
    now: Date,
  ): Promise<string | null> {
    if (!spent.usedAt || !spent.replacedBy) return null;
    if (now.getTime() - spent.usedAt.getTime() >= REFRESH_GRACE_MS) return null;
    const [child] = await tx
      .select({
        hash: refreshTokens.token_hash,
        usedAt: refreshTokens.used_at,
        revokedAt: refreshTokens.revoked_at,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, spent.replacedBy))
      .limit(1);
    if (!child || child.usedAt || child.revokedAt) return null;
    const token = childToken(spent.replacedBy, presented);
    // Children issued before this derivation existed were random: those cannot be repeated.
    return sha256Hex(token) === child.hash ? token : null;
  }

  async function newRefreshToken(
    tx: Db,
    s: {
      tenantId: string;
      userId: string;
      familyId: string;
      expiresAt: Date;
      parentId: string | null;
      id?: string;
      token?: string;
    },
  ): Promise<{ id: string; token: string }> {
    const token = s.token ?? randomToken(32);
    const [row] = await tx
      .insert(refreshTokens)
      .values({
        ...(s.id === undefined ? {} : { id: s.id }),
        tenant_id: s.tenantId,
        family_id: s.familyId,
        user_id: s.userId,
        token_hash: sha256Hex(token),
        parent_id: s.parentId,
        expires_at: s.expiresAt,
      })
      .returning({ id: refreshTokens.id });
    return { id: row!.id, token };
  }

  /** Locks the session row first, then its tokens: the order every writer of a family keeps. */
  async function revokeFamily(tx: Db, familyId: string, reason: RevokeReason): Promise<void> {
    const now = new Date();
    await tx
      .update(authSessions)
      .set({ revoked_at: now, revoked_reason: reason })
      .where(and(eq(authSessions.id, familyId), isNull(authSessions.revoked_at)));
    await tx
      .update(refreshTokens)
      .set({ revoked_at: now })
      .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
  }

  return {
    /** A new session for a user who just proved who they are. */
    async issue(tenantId: string, userId: string): Promise<IssuedTokens> {
      const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_MS);
      return db.transaction(async (tx) => {
        const [session] = await tx
          .insert(authSessions)
          .values({ tenant_id: tenantId, user_id: userId, expires_at: expiresAt })
          .returning({ id: authSessions.id });
        const familyId = session!.id;
        const { token } = await newRefreshToken(tx, {
          tenantId,
          userId,
          familyId,
          expiresAt,
          parentId: null,
        });
        const access = await signAccessToken(secret, { userId, tenantId, sessionId: familyId });
        return { access, refresh: token, sessionId: familyId };
      });
    },

    /**
     * Exchange a refresh token for a new access token and a new refresh token. A token spent
     * already gets its exchange's own answer again within REFRESH_GRACE_MS while that child is
     * unspent; otherwise presenting it is reuse, and the session ends.
     */
    async rotate(tenantId: string, refresh: string): Promise<RotateResult> {
      const rows = await db
        .select({
          id: refreshTokens.id,
          familyId: refreshTokens.family_id,
          userId: refreshTokens.user_id,
          expiresAt: refreshTokens.expires_at,
          sessionExpiresAt: authSessions.expires_at,
          userActive: users.is_active,
        })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.family_id))
        .innerJoin(users, eq(users.id, refreshTokens.user_id))
        .where(and(eq(refreshTokens.token_hash, sha256Hex(refresh)), eq(refreshTokens.tenant_id, tenantId)))
        .limit(1);
      const t = rows[0];
      const now = new Date();
      if (!t || t.expiresAt <= now || t.sessionExpiresAt <= now || !t.userActive)
        return { ok: false, reason: 'invalid' };

      const outcome = await db.transaction(
        async (tx): Promise<{ refresh: string; replayed: boolean } | 'invalid' | 'reused'> => {
          // The session row first, as a logout locks it (revokeFamily): every exchange and
          // revocation of one family runs one at a time, in one lock order (no deadlock with a
          // logout), and a session ended meanwhile is simply over.
          const live = await tx
            .update(authSessions)
            .set({ last_used_at: now })
            .where(and(eq(authSessions.id, t.familyId), isNull(authSessions.revoked_at)))
            .returning({ id: authSessions.id });
          if (live.length === 0) return 'invalid';
          const [cur] = await tx
            .select({
              usedAt: refreshTokens.used_at,
              replacedBy: refreshTokens.replaced_by,
              revokedAt: refreshTokens.revoked_at,
            })
            .from(refreshTokens)
            .where(eq(refreshTokens.id, t.id))
            .limit(1);
          if (!cur || cur.revokedAt) return 'invalid';
          if (cur.usedAt) {
            const child = await repeatableChild(tx, refresh, cur, now);
            if (child !== null) return { refresh: child, replayed: true };
            await revokeFamily(tx, t.familyId, 'refresh_reuse');
            return 'reused';
          }
          const childId = randomUUID();
          const token = childToken(childId, refresh);
          await tx
            .update(refreshTokens)
            .set({ used_at: now, replaced_by: childId })
            .where(eq(refreshTokens.id, t.id));
          await newRefreshToken(tx, {
            tenantId,
            userId: t.userId,
            familyId: t.familyId,
            expiresAt: t.sessionExpiresAt,
            parentId: t.id,
            id: childId,
            token,
          });
          return { refresh: token, replayed: false };
        },
      );
      if (typeof outcome === 'string') return { ok: false, reason: outcome };
      const access = await signAccessToken(secret, { userId: t.userId, tenantId, sessionId: t.familyId });
      return {
        ok: true,
        tokens: { access, refresh: outcome.refresh, sessionId: t.familyId },
        userId: t.userId,
        replayed: outcome.replayed,
      };
    },

    /**
     * The session a refresh token belongs to (for logout with only a refresh token), and whether
     * the token is live: unspent, not revoked, its session neither ended nor expired. Only a live
     * token may stand for its user (`everywhere`); an old copy of a spent token, or one of a
     * session that ended long ago, must not let its finder end every session of the user.
     */
    async sessionOfRefresh(
      tenantId: string,
      refresh: string,
    ): Promise<{ sessionId: string; userId: string; live: boolean } | null> {
      const rows = await db
        .select({
          sessionId: refreshTokens.family_id,
          userId: refreshTokens.user_id,
          usedAt: refreshTokens.used_at,
          revokedAt: refreshTokens.revoked_at,
          expiresAt: refreshTokens.expires_at,
          sessionRevokedAt: authSessions.revoked_at,
          sessionExpiresAt: authSessions.expires_at,
        })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.family_id))
        .where(and(eq(refreshTokens.token_hash, sha256Hex(refresh)), eq(refreshTokens.tenant_id, tenantId)))
        .limit(1);
      const t = rows[0];
      if (!t) return null;
      const now = new Date();
      const live =
        !t.usedAt && !t.revokedAt && !t.sessionRevokedAt && t.expiresAt > now && t.sessionExpiresAt > now;
      return { sessionId: t.sessionId, userId: t.userId, live };
    },

    async revokeSession(sessionId: string, reason: RevokeReason): Promise<void> {
      await db.transaction((tx) => revokeFamily(tx, sessionId, reason));
    },

    /** Every live session of a user, optionally but one (the caller's own, after a password change). */
    async revokeAllForUser(
      tenantId: string,
      userId: string,
      reason: RevokeReason,
      exceptSessionId?: string,
      /** A transaction of the caller's, to revoke within (a password reset's). */
      within?: Db,
    ): Promise<number> {
      const run = <T>(work: (tx: Db) => Promise<T>) => (within ? work(within) : db.transaction(work));
      return run(async (tx) => {
        const live = await tx
          .select({ id: authSessions.id })
          .from(authSessions)
          .where(
            and(
              eq(authSessions.tenant_id, tenantId),
              eq(authSessions.user_id, userId),
              isNull(authSessions.revoked_at),
              gt(authSessions.expires_at, sql`now()`),
              exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
            ),
          );
        for (const s of live) await revokeFamily(tx, s.id, reason);
        return live.length;
      });
    },
  };
}
export type SessionsService = ReturnType<typeof sessionsService>;
