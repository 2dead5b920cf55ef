import type { FastifyRequest } from 'fastify';

/**
 * The path a request is handled under: the pattern of the route it matched, else its URL's
 * path. Hooks that act on "every /api request" must not read the raw URL: the router decodes
 * it first, so `/%61pi/tenant` reaches the `/api/tenant` handler while its URL does not start
 * with `/api/` (found by fuzzing: no tenant was resolved and the handler failed with a 500, and
 * such an answer would have gone out without `Cache-Control: no-store`).
 */
export function routePath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0] ?? '/';
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** A request target as a path: an absolute-form target (`http://host/api/...`) loses its origin. */
export function originPath(target: string): string {
  const path = target.replace(ABSOLUTE_FORM, '');
  return path.startsWith('/') ? path : `/${path}`;
}
