import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Which methods an API path answers, so a request with another one gets 405 and an `Allow`
 * header (RFC 9110 §15.5.6) instead of 404 "Not found.": `POST /api/cards` told a client's
 * developer the list did not exist, when only the method was wrong.
 *
 * Fastify's router answers one method at a time and exposes no "which methods match this path",
 * so every route is also entered, as it is registered (`onRoute`), into a router of its own with
 * the app's router options; the not-found handler asks it. Must be called before any route is
 * registered.
 */
export function trackRouteMethods(
  app: FastifyInstance,
  options: { ignoreTrailingSlash: boolean; maxParamLength: number },
) {
  const router = FindMyWay(options);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!(METHODS as readonly string[]).includes(method)) continue;
      // A route of two methods registers each once; a repeated `on` would throw.
      if (!router.hasRoute(method as (typeof METHODS)[number], route.url))
        router.on(method as (typeof METHODS)[number], route.url, () => {});
    }
  });
  /** The methods `path` (without its query) is routed for; empty when it is no route at all. */
  return (path: string): string[] => METHODS.filter((m) => router.find(m, path) !== null);
}
