import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { routePath } from './route-path.ts';

/**
 * Helmet decides the security headers; they do not depend on the request, so they are
 * computed once at start and set on every answer, with `Cache-Control: no-store` on every
 * /api answer that does not set its own. (@fastify/helmet rebuilds the helmet
 * middleware per request, which showed up as a tenth of the list endpoint's CPU time.)
 * Computed before the app is built: the router's own refusals (`frameworkErrorHandler`,
 * errors.ts) run no hook and set them themselves.
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const capture = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, capture as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Readonly<Record<string, string>>,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // API answers are personal by default (tokens, profile with PAN, applications): no HTTP
    // cache keeps them, shared or the browser's. The public catalogue answers that revalidate
    // by ETag say `no-cache` instead (send-json.ts). The web client's 5-minute cache is in memory.
    if (routePath(request).startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
