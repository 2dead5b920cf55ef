import type { logoutRequestSchema } from '@cardwise/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../../plumbing/errors.ts';
import type { SessionsService } from './sessions.ts';

/**
 * POST /accounts/logout: ends the caller's session and the one `refresh` names, or with
 * `everywhere` every session of the user.
 */
export async function logOut(
  sessions: SessionsService,
  request: FastifyRequest,
  body: z.output<typeof logoutRequestSchema> | undefined,
): Promise<{ detail: string }> {
  const tenantId = request.tenant.id;
  const { refresh, everywhere } = body ?? {};
  let userId = request.user?.id;
  const fromRefresh = refresh ? await sessions.sessionOfRefresh(tenantId, refresh) : null;
  if (request.user) await sessions.revokeSession(request.user.sessionId, 'logout');
  // A refresh token of someone else is left alone. Any token of the caller's ends its own
  // session (a spent one would at refresh too), but only a live one names the user for
  // `everywhere`: an old copy found in a backup must not end every session.
  if (fromRefresh && (!userId || fromRefresh.userId === userId)) {
    if (fromRefresh.live) userId = fromRefresh.userId;
    await sessions.revokeSession(fromRefresh.sessionId, 'logout');
  }
  if (everywhere) {
    if (!userId)
      throw new HttpError(401, 'Authentication credentials were not provided.', 'not_authenticated');
    await sessions.revokeAllForUser(tenantId, userId, 'logout_everywhere');
  }
  return { detail: 'Successfully logged out.' };
}
