import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts-helpers.ts';
import { useTestApp } from './support/test-app.ts';

/**
 * Personal answers (tokens, profile with PAN, applications, saved spending) must not be kept
 * by any HTTP cache: not a shared proxy or CDN, and not the browser's disk cache either (the
 * web client's 5-minute cache is TanStack Query's, in memory). Without a Cache-Control header a
 * cache may keep a 200 under its own heuristics. The public catalogue keeps its ETag
 * revalidation.
 */
describe('Cache-Control on API answers', () => {
  let access: string;

  const t = useTestApp('pglite');
  beforeAll(async () => {
    const user = await signUp(t.app, { email: 'cache-test@example.com', fullName: 'Asha Rao' });
    expect(user.signup.statusCode).toBe(201);
    expect(user.signup.headers['cache-control']).toBe('no-store');
    expect(user.login.statusCode).toBe(200);
    expect(user.login.headers['cache-control']).toBe('no-store');
    access = user.access;
  });

  it.each([
    '/api/accounts/user',
    '/api/accounts/profile',
    '/api/accounts/employment',
    '/api/accounts/my-cards',
    '/api/accounts/preferences',
    '/api/accounts/spending-entries',
    '/api/accounts/applications',
    '/api/leads/applications',
    '/api/leads/my-applications',
  ])('GET %s: no-store', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${access}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('errors and the tenant prefix too', async () => {
    const denied = await t.app.inject({ method: 'GET', url: '/t/paisapal/api/accounts/profile' });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['cache-control']).toBe('no-store');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh',
      payload: { refresh: 'not-a-token' },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.headers['cache-control']).toBe('no-store');
  });

  it('a percent-encoded /api path is the same API request: its tenant, its token, no-store', async () => {
    // The router decodes `%61` to `a` before matching; the hooks must see the route, not the raw URL.
    const get = (url: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url, headers });
    const me = await get('/%61pi/accounts/user', { authorization: `Bearer ${access}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('cache-test@example.com');
    expect(me.headers['cache-control']).toBe('no-store');
    const tenant = await get('/ap%69/tenant', { 'x-tenant': 'paisapal' });
    expect(tenant.statusCode).toBe(200);
    expect(tenant.json().slug).toBe('paisapal');
    expect(tenant.headers['cache-control']).toBe('no-store');
    // Another tenant's session stays refused under the encoded path too.
    const elsewhere = await get('/%61pi/accounts/user', {
      authorization: `Bearer ${access}`,
      'x-tenant': 'paisapal',
    });
    expect(elsewhere.statusCode).toBe(401);
    const unknown = await get('/%61pi/tenant', { 'x-tenant': 'nosuch' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('unknown_tenant');
  });

  it('the public card list and categories revalidate by ETag (no-cache), never public', async () => {
    for (const url of ['/api/cards?no_pagination=true', '/api/categories']) {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('Content-Security-Policy', () => {
  const t = useTestApp('pglite');

  it('does not ask browsers to upgrade requests to https', async () => {
    // Served over plain HTTP on any host but loopback (a LAN address, a staging box), the
    // directive made Chromium fetch the app's own scripts and styles over https, where nothing
    // listens: a blank page. Deployments behind TLS are covered by HSTS.
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('a method the path does not take', () => {
  const t = useTestApp('pglite');

  it.each([
    ['POST', '/api/cards', 'GET, HEAD'],
    ['DELETE', '/api/cards/hdfc_millennia/', 'GET, HEAD'],
    ['GET', '/api/accounts/login', 'POST'],
    ['PATCH', '/t/paisapal/api/accounts/spending-entries', 'GET, HEAD, PUT'],
  ])('%s %s: 405 with Allow (%s), not 404', async (method, url, allow) => {
    const res = await t.app.inject({
      method: method as 'POST',
      url,
      payload: method === 'GET' ? undefined : {},
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toMatchObject({ code: 'method_not_allowed', detail: expect.stringContaining(allow) });
  });

  it('a path that is no route stays a 404, whatever the method', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/nosuch',
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });
});

/**
 * The router's own refusals (a malformed %-escape, an over-long segment) are answered by
 * Fastify's `frameworkErrors` before any hook runs: they went out with none of the headers every
 * other answer carries.
 */
describe('security headers on the router’s own refusals', () => {
  const t = useTestApp('pglite');

  it.each([
    '/api/cards/%E0%A4%A',
    '/t/paisapal/api/cards/%ZZ',
    `/api/cards/${'x'.repeat(300)}`,
    '/cards/%E0%A4%A',
  ])('GET %s: 400 bad_url with CSP, nosniff, X-Frame-Options and no-store', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_url');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    // Every other header the hook sets, with the same value as on a routed answer.
    const routed = await t.app.inject({ method: 'GET', url: '/api/nope' });
    const ignored = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
    for (const [name, value] of Object.entries(routed.headers)) {
      if (!ignored.has(name)) expect(res.headers[name], name).toBe(value);
    }
  });
});
