import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential: a password-reset link's `token` (ADR 024). */
const SECRET_PARAMS = /([?&](?:token)=)[^&#]*/gi;

/** The URL as logged: a secret query value becomes `[redacted]` (`/reset-password?token=[redacted]`). */
export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

const firstHeader = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The request logger's `req`, Fastify's own fields with the URL's secrets taken out: opening a
 * reset link requests `/reset-password?token=…` from the server, and the request log is no place
 * for a live link.
 */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlSecrets(request.url),
    version: firstHeader(request.headers?.['accept-version']),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
