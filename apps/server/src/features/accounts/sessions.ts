import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signAccessToken } from '../../plumbing/auth.ts';
import { decryptField, encryptField, randomToken, sha256Hex } from '../../plumbing/crypto.ts';
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

export type RevokeReason = 'logout' | 'logout_everywhere' | 'refresh_reuse' | 'password_change';

export interface IssuedTokens {
  access: string;
  refresh: string;
  sessionId: string;
}

export type RotateResult =
  | { ok: true; tokens: IssuedTokens; userId: string; replayed: boolean }
  | { ok: false; reason: 'invalid' | 'reused' };

/**
 * Sign-in sessions with rotating opaque refresh tokens (docs/decisions: token design).
 * A refresh token is 32 random bytes; only its sha-256 is stored. Each exchange spends the
 * token and issues its child in the same family; presenting a spent token again means it
 * was copied, so the whole family (the session) is revoked, for the thief and the owner.
 */
export function sessionsService(db: Db, secret: Uint8Array, dataKey: Buffer) {
  // Bound to the parent's row: a sealed child copied onto another row does not open.
  const sealContext = (parentId: string) => `refresh:replacement:${parentId}`;

  async function newRefreshToken(
    tx: Db,
    s: { tenantId: string; userId: string; familyId: string; expiresAt: Date; parentId: string | null },
  ): Promise<{ id: string; token: string }> {
    const token = randomToken(32);
    const [row] = await tx
      .insert(refreshTokens)
      .values({
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

  async function revokeFamily(tx: Db, familyId: string, reason: RevokeReason): Promise<void> {
    const now = new Date();
    await tx
      .update(authSessions)
      .set({ revoked_at: now, revoked_reason: reason })
      .where(and(eq(authSessions.id, familyId), isNull(authSessions.revoked_at)));
    await tx
      .update(refreshTokens)
      .set({ revoked_at: now, replacement_sealed: null })
      .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
  }

  type TokenRow = {
    id: string;
    familyId: string;
    userId: string;
    usedAt: Date | null;
    replacedBy: string | null;
    sealed: string | null;
  };

  /**
   * A spent token presented again: within the grace period, and while its child is still
   * unspent, the exchange's own answer again (the child token, unsealed); otherwise reuse,
   * and the session ends. A child already spent means someone else holds the family's newer
   * tokens, which no lost answer explains.
   */
  async function replayOrRevoke(tenantId: string, t: TokenRow, now: Date): Promise<RotateResult> {
    const child = await replayableChild(t, now);
    if (child === null) {
      await db.transaction((tx) => revokeFamily(tx, t.familyId, 'refresh_reuse'));
      return { ok: false, reason: 'reused' };
    }
    const access = await signAccessToken(secret, { userId: t.userId, tenantId, sessionId: t.familyId });
    return {
      ok: true,
      tokens: { access, refresh: child, sessionId: t.familyId },
      userId: t.userId,
      replayed: true,
    };
  }

  async function replayableChild(t: TokenRow, now: Date): Promise<string | null> {
    if (!t.usedAt || !t.replacedBy || !t.sealed) return null;
    if (now.getTime() - t.usedAt.getTime() >= REFRESH_GRACE_MS) return null;
    const [child] = await db
      .select({
        hash: refreshTokens.token_hash,
        usedAt: refreshTokens.used_at,
        revokedAt: refreshTokens.revoked_at,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, t.replacedBy))
      .limit(1);
    if (!child || child.usedAt || child.revokedAt) return null;
    let token: string;
    try {
      token = decryptField(dataKey, t.sealed, sealContext(t.id));
    } catch {
      return null;
    }
    return sha256Hex(token) === child.hash ? token : null;
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

    /** Exchange a refresh token for a new access token and a new refresh token. */
    async rotate(tenantId: string, refresh: string): Promise<RotateResult> {
      const hash = sha256Hex(refresh);
      const rows = await db
        .select({
          id: refreshTokens.id,
          familyId: refreshTokens.family_id,
          userId: refreshTokens.user_id,
          parentId: refreshTokens.parent_id,
          usedAt: refreshTokens.used_at,
          replacedBy: refreshTokens.replaced_by,
          sealed: refreshTokens.replacement_sealed,
          revokedAt: refreshTokens.revoked_at,
          expiresAt: refreshTokens.expires_at,
          sessionRevokedAt: authSessions.revoked_at,
          sessionExpiresAt: authSessions.expires_at,
          userActive: users.is_active,
        })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.family_id))
        .innerJoin(users, eq(users.id, refreshTokens.user_id))
        .where(and(eq(refreshTokens.token_hash, hash), eq(refreshTokens.tenant_id, tenantId)))
        .limit(1);
      const t = rows[0];
      const now = new Date();
      if (!t) return { ok: false, reason: 'invalid' };
      if (t.revokedAt || t.sessionRevokedAt) return { ok: false, reason: 'invalid' };
      if (t.usedAt) {
        if (t.expiresAt <= now || t.sessionExpiresAt <= now || !t.userActive)
          return { ok: false, reason: 'invalid' };
        return replayOrRevoke(tenantId, t, now);
      }
      if (t.expiresAt <= now || t.sessionExpiresAt <= now || !t.userActive)
        return { ok: false, reason: 'invalid' };

      const result = await db.transaction(async (tx) => {
        // Spend the token atomically: of two concurrent exchanges, exactly one wins.
        const claimed = await tx
          .update(refreshTokens)
          .set({ used_at: now })
          .where(
            and(eq(refreshTokens.id, t.id), isNull(refreshTokens.used_at), isNull(refreshTokens.revoked_at)),
          )
          .returning({ id: refreshTokens.id });
        if (claimed.length === 0) return null;
        const child = await newRefreshToken(tx, {
          tenantId,
          userId: t.userId,
          familyId: t.familyId,
          expiresAt: t.sessionExpiresAt,
          parentId: t.id,
        });
        await tx
          .update(refreshTokens)
          .set({
            replaced_by: child.id,
            replacement_sealed: encryptField(dataKey, child.token, sealContext(t.id)),
          })
          .where(eq(refreshTokens.id, t.id));
        // This token's own exchange can no longer be repeated: it is spent now.
        if (t.parentId)
          await tx
            .update(refreshTokens)
            .set({ replacement_sealed: null })
            .where(eq(refreshTokens.id, t.parentId));
        await tx.update(authSessions).set({ last_used_at: now }).where(eq(authSessions.id, t.familyId));
        return child.token;
      });
      if (result === null) {
        // Another exchange of this token won the race (two tabs with no lock between them):
        // the same answer as the winner's, or reuse, by the same rules as a late repeat.
        const [again] = await db
          .select({
            usedAt: refreshTokens.used_at,
            replacedBy: refreshTokens.replaced_by,
            sealed: refreshTokens.replacement_sealed,
          })
          .from(refreshTokens)
          .where(eq(refreshTokens.id, t.id))
          .limit(1);
        return replayOrRevoke(
          tenantId,
          { ...t, ...(again ?? { usedAt: null, replacedBy: null, sealed: null }) },
          new Date(),
        );
      }
      const access = await signAccessToken(secret, { userId: t.userId, tenantId, sessionId: t.familyId });
      return {
        ok: true,
        tokens: { access, refresh: result, sessionId: t.familyId },
        userId: t.userId,
        replayed: false,
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
    ): Promise<number> {
      return db.transaction(async (tx) => {
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
