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

/**
 * The host an absolute-form target names (`http://host/api/...` → `host`), else undefined. HTTP/1.1
 * (RFC 9112 §3.2.2) has the server take it, and ignore the Host header, for such a target.
 */
export function targetAuthority(target: string): string | undefined {
  const m = ABSOLUTE_FORM.exec(target);
  if (!m) return undefined;
  // The authority without its userinfo (`user@host`), which names no site.
  const authority = m[0].slice(m[0].indexOf('//') + 2);
  return authority.slice(authority.lastIndexOf('@') + 1) || undefined;
}

/** A request target as a path: an absolute-form target (`http://host/api/...`) loses its origin. */
export function originPath(target: string): string {
  const path = target.replace(ABSOLUTE_FORM, '');
  return path.startsWith('/') ? path : `/${path}`;
}
