import { ACCOUNT_MESSAGES, type LoginResponse, type loginRequestSchema } from '@cardwise/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../../plumbing/errors.ts';
import type { AccountsRepository } from './accounts-repository.ts';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import type { SessionsService } from './sessions.ts';
import type { FailureThrottle } from './throttle.ts';

/**
 * POST /accounts/login: a new session for the right email and password, behind the failure
 * throttle (per address and per account, with a trusted device let through; ADR 002).
 */
export async function logIn(
  deps: { repo: AccountsRepository; sessions: SessionsService; failures: FailureThrottle },
  request: FastifyRequest,
  reply: FastifyReply,
  { email, password }: z.output<typeof loginRequestSchema>,
): Promise<LoginResponse> {
  const { repo, sessions, failures } = deps;
  const tenantId = request.tenant.id;
  await failures.check(request, email, reply);
  const user = await repo.userByEmail(tenantId, email);
  // Same answer, and about the same time, for an unknown email and a wrong password.
  let ok = false;
  if (user?.is_active) ok = await verifyPassword(user.password_hash, password);
  else await burnPasswordCheck(password);
  if (!user || !ok) {
    await failures.fail(request);
    throw new HttpError(401, ACCOUNT_MESSAGES.invalidCredentials, 'authentication_failed');
  }
  if (needsRehash(user.password_hash))
    await repo.setPasswordHash(user.id, await hashPassword(password), false);
  const tokens = await sessions.issue(tenantId, user.id);
  await repo.touchLogin(user.id);
  failures.trustDevice(request, reply, email);
  return {
    access: tokens.access,
    refresh: tokens.refresh,
    user_id: user.id,
    email: user.email,
    name: user.full_name,
  };
}
