import type { changePasswordRequestSchema } from '@cardwise/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { currentUser } from '../../plumbing/auth.ts';
import { invalidField } from '../../plumbing/errors.ts';
import type { AccountsRepository } from './accounts-repository.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import type { SessionsService } from './sessions.ts';
import type { FailureThrottle } from './throttle.ts';

/**
 * POST /accounts/password/change: the current password, checked behind the same failure
 * throttle as sign-in, buys a new one; every other session of the user ends.
 */
export async function changePassword(
  deps: { repo: AccountsRepository; sessions: SessionsService; failures: FailureThrottle },
  request: FastifyRequest,
  reply: FastifyReply,
  b: z.output<typeof changePasswordRequestSchema>,
): Promise<{ detail: string }> {
  const { repo, sessions, failures } = deps;
  const me = currentUser(request);
  await failures.check(request, me.email, reply);
  const user = await repo.userById(me.tenantId, me.id);
  if (!user || !(await verifyPassword(user.password_hash, b.current_password))) {
    await failures.fail(request);
    throw invalidField('current_password', 'Your current password is incorrect.');
  }
  const problem = passwordProblem(b.new_password, user.email);
  if (problem) throw invalidField('new_password', problem, 'invalid_password');
  if (b.new_password === b.current_password) {
    throw invalidField('new_password', 'The new password must differ from the current one.');
  }
  await repo.setPasswordHash(user.id, await hashPassword(b.new_password), true);
  await sessions.revokeAllForUser(me.tenantId, me.id, 'password_change', me.sessionId);
  return { detail: 'Password updated.' };
}
