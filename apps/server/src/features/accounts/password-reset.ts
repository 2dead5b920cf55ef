import {
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_TTL_MINUTES,
  type passwordResetConfirmSchema,
} from '@cardwise/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { randomToken, sha256Hex } from '../../plumbing/crypto.ts';
import { HttpError, invalidField } from '../../plumbing/errors.ts';
import type { Mailer } from '../../plumbing/mailer.ts';
import { tenantSiteUrl } from '../../plumbing/site-url.ts';
import type { RequestTenant } from '../../plumbing/tenancy.ts';
import type { AccountsRepository } from './accounts-repository.ts';
import { passwordResetTokens, users } from './accounts-schema.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import type { SessionsService } from './sessions.ts';

export const PASSWORD_RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

/** The one refusal of a link: unknown, expired, used or superseded are not told apart. */
export const invalidResetLink = () =>
  new HttpError(400, PASSWORD_RESET_MESSAGES.invalidLink, 'reset_link_invalid');

export interface PasswordResetDeps {
  db: Db;
  repo: AccountsRepository;
  sessions: SessionsService;
  mailer: Mailer;
  /** MAIL_FROM: the sender address; unset, the tenant's support email. */
  fromAddress?: string | undefined;
  /** The base of the links (PUBLIC_BASE_URL, or the local address listened on), asked at each send. */
  baseUrl: () => string;
  baseDomains: string[];
  /** The clock: tests move it past a link's expiry instead of waiting 30 minutes. */
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Password reset by an emailed link (ADR 024). A request answers the same whether or not the
 * email has an account, and at about the same time: the one lookup is all the request waits for;
 * the token and the message are made after the answer (`deliver`, tracked so the app's close
 * waits for it). A link is 32 random bytes, of which only the sha-256 is stored, per tenant and
 * user; it works once, for 30 minutes, and a newer link voids it. Using it sets the password and
 * ends every session of the user, as the thief's may be one.
 */
export function passwordResetService(deps: PasswordResetDeps) {
  const { db, repo, sessions, mailer, now, log } = deps;
  const pending = new Set<Promise<void>>();

  async function deliver(tenant: RequestTenant, user: { id: string; email: string; full_name: string }) {
    const token = randomToken(32);
    const at = now();
    await db.transaction(async (tx) => {
      // One live link per user: the newest. An older message found later leads nowhere.
      await tx
        .update(passwordResetTokens)
        .set({ revoked_at: at })
        .where(
          and(
            eq(passwordResetTokens.tenant_id, tenant.id),
            eq(passwordResetTokens.user_id, user.id),
            isNull(passwordResetTokens.used_at),
            isNull(passwordResetTokens.revoked_at),
          ),
        );
      await tx.insert(passwordResetTokens).values({
        tenant_id: tenant.id,
        user_id: user.id,
        token_hash: sha256Hex(token),
        expires_at: new Date(at.getTime() + PASSWORD_RESET_TTL_MS),
        created_at: at,
      });
    });
    const site = tenantSiteUrl(
      deps.baseUrl(),
      { id: tenant.id, isDefault: tenant.row.is_default },
      deps.baseDomains,
    );
    const link = `${site}/reset-password?token=${encodeURIComponent(token)}`;
    const brand = tenant.row.company_name;
    const first = user.full_name.trim().split(/\s+/)[0] ?? '';
    await mailer.send({
      from: { name: brand, address: deps.fromAddress ?? tenant.row.support_email },
      to: user.email,
      subject: `Reset your ${brand} password`,
      text: [
        `Hello${first ? ` ${first}` : ''},`,
        '',
        `Someone, we hope you, asked to reset the password of your ${brand} account.`,
        `To choose a new password, open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes:`,
        '',
        link,
        '',
        'The link works once. Resetting your password signs you out on every device.',
        'If you did not ask for this, ignore this email: your password stays as it is.',
        '',
        brand,
      ].join('\n'),
    });
  }

  return {
    /**
     * POST accounts/password-reset/request: a link for an active account of this tenant, sent
     * after the answer. The caller answers the same either way.
     */
    async request(tenant: RequestTenant, email: string): Promise<void> {
      const user = await repo.userByEmail(tenant.id, email);
      if (!user?.is_active) return;
      const job = deliver(tenant, user).catch((err: unknown) => {
        // Neither the token nor the link is in the error: the mailer never puts a body in one.
        log.error({ err: err instanceof Error ? err.message : String(err) }, 'password reset email failed');
      });
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },

    /** Messages still being made or sent (the app's close waits for them; tests too). */
    settled(): Promise<void> {
      return Promise.allSettled([...pending]).then(() => undefined);
    },

    /**
     * POST accounts/password-reset/confirm: the link's token and the new password. The password
     * is checked before the link is spent, so a refused password leaves the link usable.
     */
    async confirm(
      tenantId: string,
      b: z.output<typeof passwordResetConfirmSchema>,
    ): Promise<{ detail: string; email: string }> {
      const hash = sha256Hex(b.token);
      const live = (at: Date) =>
        and(
          eq(passwordResetTokens.token_hash, hash),
          eq(passwordResetTokens.tenant_id, tenantId),
          isNull(passwordResetTokens.used_at),
          isNull(passwordResetTokens.revoked_at),
          gt(passwordResetTokens.expires_at, at),
        );
      const [found] = await db
        .select({ userId: passwordResetTokens.user_id, email: users.email, active: users.is_active })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.user_id))
        .where(live(now()))
        .limit(1);
      if (!found?.active) throw invalidResetLink();
      const problem = passwordProblem(b.password, found.email);
      if (problem) throw invalidField('password', problem, 'invalid_password');
      const passwordHash = await hashPassword(b.password);
      const at = now();
      const revoked = await db.transaction(async (tx) => {
        // Spent here, in one statement: of two uses at once, one finds it unspent.
        const spent = await tx
          .update(passwordResetTokens)
          .set({ used_at: at })
          .where(live(at))
          .returning({ userId: passwordResetTokens.user_id });
        if (spent.length === 0) return null;
        await tx
          .update(passwordResetTokens)
          .set({ revoked_at: at })
          .where(
            and(
              eq(passwordResetTokens.tenant_id, tenantId),
              eq(passwordResetTokens.user_id, found.userId),
              isNull(passwordResetTokens.used_at),
              isNull(passwordResetTokens.revoked_at),
            ),
          );
        await tx
          .update(users)
          .set({ password_hash: passwordHash, password_changed_at: at, updated_at: at })
          .where(and(eq(users.tenant_id, tenantId), eq(users.id, found.userId)));
        return sessions.revokeAllForUser(tenantId, found.userId, 'password_reset', undefined, tx);
      });
      if (revoked === null) throw invalidResetLink();
      log.info({ sessionsEnded: revoked }, 'password reset: sessions ended');
      return { detail: PASSWORD_RESET_MESSAGES.done, email: found.email };
    },
  };
}
export type PasswordResetService = ReturnType<typeof passwordResetService>;
