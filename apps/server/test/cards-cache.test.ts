import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { importCatalog } from '../src/features/catalog/import-catalog.ts';
import { signAccessToken } from '../src/plumbing/auth.ts';
import { acceptedCodings, matchesEtag } from '../src/plumbing/send-json.ts';
import { DB_KINDS, MINI_CATALOG, testConfig, useTestApp } from './support/test-app.ts';

const LIST = '/api/cards?no_pagination=true';
const ids = (body: { id: string }[]) => body.map((c) => c.id).sort();

describe('Accept-Encoding and If-None-Match', () => {
  it.each([
    ['gzip, deflate, br', { br: 1, gzip: 1 }],
    ['GZIP', { br: 0, gzip: 1 }],
    ['x-gzip', { br: 0, gzip: 1 }],
    ['br;q=0.5, gzip;q=0.8', { br: 0.5, gzip: 0.8 }],
    ['*', { br: 1, gzip: 1 }],
    ['gzip;q=0', { br: 0, gzip: 0 }],
    ['gzip; q=0.0, br', { br: 1, gzip: 0 }],
    ['*;q=0', { br: 0, gzip: 0 }],
    ['*, gzip;q=0', { br: 1, gzip: 0 }],
    ['deflate, identity', { br: 0, gzip: 0 }],
    ['', { br: 0, gzip: 0 }],
    [undefined, { br: 0, gzip: 0 }],
  ])('%s accepts %o', (header, expected) => {
    expect(acceptedCodings(header)).toEqual(expected);
    // The one-value memo must give the same answer the second time.
    expect(acceptedCodings(header)).toEqual(expected);
  });

  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['W/"ab"', false],
    [undefined, false],
  ])('If-None-Match %s matches W/"abc": %s', (header, expected) => {
    expect(matchesEtag(header, 'W/"abc"')).toBe(expected);
  });
});

describe('the cached card list', () => {
  const t = useTestApp('pglite');
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers from the cache with the same headers and bytes as the first answer', async () => {
    const url = '/api/cards?no_pagination=true&bank=axis';
    const first = await get(url);
    const cached = await get(url);
    expect(cached.statusCode).toBe(200);
    expect(cached.body).toBe(first.body);
    const { date: _d1, ...firstHeaders } = first.headers;
    const { date: _d2, ...cachedHeaders } = cached.headers;
    expect(cachedHeaders).toEqual(firstHeaders);
    expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(cached.headers.vary).toBe('accept-encoding, x-tenant');
    expect(cached.headers.etag).toMatch(/^W\/".+"$/);
    expect(cached.headers['x-content-type-options']).toBe('nosniff');
    expect(cached.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(cached.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(cached.headers['x-frame-options']).toBe('DENY');
  });

  it('gzips only for clients that accept gzip', async () => {
    const url = '/api/cards?no_pagination=true&bank=hdfc';
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get(url, { 'accept-encoding': 'gzip;q=0, deflate' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect(gz.headers.etag).toBe(plain.headers.etag);
  });

  it('sends brotli, made in the background, once an answer has been sent twice', async () => {
    const url = '/api/cards?no_pagination=true&section=premium_pick';
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await get(url, browser);
    expect(first.headers['content-encoding']).toBe('gzip');
    let res = await get(url, browser);
    for (let i = 0; i < 100 && res.headers['content-encoding'] !== 'br'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      res = await get(url, browser);
    }
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.etag).toBe(first.headers.etag);
    expect(res.headers.vary).toBe('accept-encoding, x-tenant');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(
      JSON.parse(gunzipSync(first.rawPayload).toString()),
    );
    // gzip for whoever prefers it or does not take br; br alone is enough; plain for the rest.
    const coded = async (ae: string) =>
      (await get(url, { 'accept-encoding': ae })).headers['content-encoding'];
    expect(await coded('br;q=0.5, gzip')).toBe('gzip');
    expect(await coded('gzip')).toBe('gzip');
    expect(await coded('br')).toBe('br');
    expect(await coded('gzip;q=0, br')).toBe('br');
    expect(await coded('identity')).toBeUndefined();
  });

  it('answers a conditional GET with 304 (weak comparison, lists, *) and a stale tag with 200', async () => {
    await get(LIST);
    const etag = (await get(LIST)).headers.etag as string;
    for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const res = await get(LIST, { 'if-none-match': ifNoneMatch, 'accept-encoding': 'gzip' });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const stale = await get(LIST, { 'if-none-match': 'W/"not-the-current-tag"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toHaveLength(5);
  });

  it('keeps tenants apart on the cached path, however the tenant is named', async () => {
    for (let i = 0; i < 2; i++) {
      expect(ids((await get(LIST)).json())).toEqual([
        'axis_ace',
        'axis_premium',
        'hdfc_ltf',
        'hdfc_swiggy',
        'sbi_cashback',
      ]);
      const partner = ['axis_ace', 'axis_premium', 'hdfc_ltf', 'hdfc_swiggy'];
      expect(ids((await get(LIST, { 'x-tenant': 'paisapal' })).json())).toEqual(partner);
      expect(ids((await get(`/t/paisapal${LIST}`)).json())).toEqual(partner);
      expect(ids((await get(`${LIST}&tenant=paisapal`)).json())).toEqual(partner);
      expect(ids((await get(LIST, { host: 'paisapal.localhost' })).json())).toEqual(partner);
      expect((await get(LIST, { 'x-tenant': 'nobody' })).statusCode).toBe(404);
    }
  });

  it('still validates a query whose answer is not cached', async () => {
    expect((await get('/api/cards?no_pagination=maybe')).statusCode).toBe(400);
    expect((await get('/api/cards?no_pagination=maybe')).statusCode).toBe(400);
  });

  it('does not verify bearer tokens on the public card routes (no session lookup)', async () => {
    const secret = testConfig().jwtSecret;
    const token = await signAccessToken(secret, {
      userId: randomUUID(),
      tenantId: 'cardwise',
      sessionId: randomUUID(),
    });
    const auth = { authorization: `Bearer ${token}` };
    await get(LIST, auth);
    await get('/api/cards/hdfc_swiggy', auth);
    const select = vi.spyOn(t.database.db, 'select');
    try {
      for (const url of [LIST, '/api/cards?page_size=2', '/api/cards/hdfc_swiggy', '/api/cards/featured']) {
        expect((await get(url, auth)).statusCode).toBe(200);
      }
      expect(select).not.toHaveBeenCalled();
      // A route that reads the user still checks the token's session (which does not exist).
      const me = await get('/api/accounts/profile', auth);
      expect(me.statusCode).toBe(401);
      expect(me.json().code).toBe('token_not_valid');
      expect(select).toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
  });
});

describe.each(DB_KINDS)('the card list after a catalogue import on %s', (kind) => {
  const t = useTestApp(kind, { config: { CATALOG_CACHE_TTL_SECONDS: '1' } });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('shows the new catalogue, with a new ETag, once CATALOG_CACHE_TTL_SECONDS has passed', async () => {
    await get(LIST);
    const before = await get(LIST);
    const oldTag = before.headers.etag as string;
    expect(before.json().find((c: { id: string }) => c.id === 'axis_ace').name).not.toBe(
      'Axis ACE (renamed)',
    );

    const next = structuredClone(MINI_CATALOG) as { cards: { id: string; name: string }[] };
    const ace = next.cards.find((c) => c.id === 'axis_ace');
    if (!ace) throw new Error('fixture changed: axis_ace is gone');
    ace.name = 'Axis ACE (renamed)';
    const result = await importCatalog(t.database.db, next);
    expect(result.ok).toBe(true);

    await new Promise((r) => setTimeout(r, 1100));
    for (const headers of [{}, { 'x-tenant': 'paisapal' }] as Record<string, string>[]) {
      const after = await get(LIST, { ...headers, 'if-none-match': oldTag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(oldTag);
      expect(after.json().find((c: { id: string }) => c.id === 'axis_ace').name).toBe('Axis ACE (renamed)');
      // And the refreshed answer is cached again.
      const again = await get(LIST, { ...headers, 'if-none-match': after.headers.etag as string });
      expect(again.statusCode).toBe(304);
    }
  });
});
