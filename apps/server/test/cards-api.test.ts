import { describe, expect, it } from 'vitest';
import { DB_KINDS, useTestApp } from './support/test-app.ts';

describe.each(DB_KINDS)('cards API on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('lists cards paginated as {count, next, previous, results}', async () => {
    const res = await get('/api/cards?page_size=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(5);
    expect(body.results).toHaveLength(2);
    expect(body.previous).toBeNull();
    expect(body.next).toBe('/api/cards?page_size=2&page=2');
    const last = (await get('/api/cards?page_size=2&page=3')).json();
    expect(last.results).toHaveLength(1);
    expect(last.next).toBeNull();
    expect(last.previous).toBe('/api/cards?page_size=2&page=2');
  });

  it('returns a plain list with no_pagination=true, with the display fields', async () => {
    const res = await get('/api/cards?no_pagination=true');
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(5);
    const swiggy = list.find((c: { id: string }) => c.id === 'hdfc_swiggy');
    expect(swiggy).toMatchObject({
      name: 'Swiggy HDFC Bank Credit Card',
      bank: 'hdfc',
      bank_name: 'HDFC Bank',
      bank_color: '#004C8F',
      fee: 500,
      fee_frequency: 'YEARLY',
      joining_fee: 500,
      affiliated_url: expect.stringContaining('https://'),
    });
    expect(swiggy.tags.map((x: { slug: string }) => x.slug).sort()).toEqual([
      'featured',
      'new_launch',
      'sponsored',
    ]);
    const free = list.find((c: { id: string }) => c.id === 'hdfc_ltf');
    expect(free.affiliated_url).toBe(false);
  });

  it.each([
    ['tag=sponsored', ['hdfc_swiggy']],
    ['tag=high_approval_rate', ['axis_ace', 'hdfc_ltf']],
    ['tag=featured&tag=high_approval_rate', ['axis_ace', 'hdfc_ltf', 'hdfc_swiggy', 'sbi_cashback']],
    ['section=premium_pick', ['axis_premium']],
    ['bank=axis', ['axis_ace', 'axis_premium']],
    ['fee_min=500&fee_max=1000', ['hdfc_swiggy', 'sbi_cashback']],
    ['fee_max=0', ['hdfc_ltf']],
    ['category=swiggy', ['hdfc_swiggy']],
    ['category=online', ['sbi_cashback']],
    ['search=ATLAS', ['axis_premium']],
    ['search=axis&section=premium_pick', ['axis_premium']],
    // A bank and a card name, as people type them, match "Swiggy HDFC Bank Credit Card".
    ['search=hdfc%20swiggy', ['hdfc_swiggy']],
    ['search=%20swiggy%20%20hdfc%20', ['hdfc_swiggy']],
    ['search=hdfc%20atlas', []],
    ['search=nothing-matches-this', []],
  ])('filters: %s', async (query, ids) => {
    const res = await get(`/api/cards?no_pagination=true&${query}`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it.each([
    ['page=abc', /page: must be a number, written in digits \(like 2500\)/],
    ['page=1&page=2', /page: must be a number, not a list\.$/],
    ['fee_min=1e5', /fee_min: must be a number, written in digits/],
    ['page=0', /page: must be at least 1/],
    ['page=2.5', /page: must be a whole number/],
    ['page_size=1000', /page_size: must be at most 100/],
    // One message for one wrong value, not also the safe-integer bound.
    ['page_size=99999999999999999999', /^Invalid query parameter: page_size: must be at most 100\.$/],
    ['page=99999999999999999999', /^Invalid query parameter: page: must be at most 10000\.$/],
    ['fee_min=-1', /fee_min: must be 0 or more/],
    ['fee_max=lots', /fee_max: must be a number/],
    ['fee_min=900&fee_max=100', /fee_min must not exceed fee_max/],
    ['section=worst', /section/],
    ['tag=Not%20A%20Slug', /tag/],
    ['no_pagination=maybe', /no_pagination/],
  ])('rejects a malformed query (%s) with 400 and detail', async (query, pattern) => {
    const res = await get(`/api/cards?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(pattern);
  });

  it('serves a card with every detail, trailing slash accepted', async () => {
    const res = await get('/api/cards/hdfc_swiggy/');
    expect(res.statusCode).toBe(200);
    const card = res.json();
    expect(card).toMatchObject({
      id: 'hdfc_swiggy',
      fee_waiver_annual_spend: 200000,
      waiver_condition: 'Spend ₹2 lakh in a year',
      cap_groups: [{ id: 'swiggy', monthly_cap_inr: 1500 }],
      sources: ['https://www.hdfcbank.com/'],
      as_of: '2025-06',
    });
    expect(card.rules).toHaveLength(3);
    const sbi = (await get('/api/cards/sbi_cashback')).json();
    expect(sbi.uncertain).toEqual([{ field: 'fee_waiver_annual_spend', note: 'from memory' }]);
  });

  it('answers an unknown card with 404 and detail', async () => {
    const res = await get('/api/cards/no_such_card/');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("No card with id 'no_such_card'.");
  });

  it('lists featured and sponsored cards as {results}', async () => {
    const featured = (await get('/api/cards/featured/')).json();
    expect(featured.results.map((c: { id: string }) => c.id).sort()).toEqual(['hdfc_swiggy', 'sbi_cashback']);
    const sponsored = (await get('/api/cards/sponsored')).json();
    expect(sponsored.results.map((c: { id: string }) => c.id)).toEqual(['hdfc_swiggy']);
  });

  it('serves the category tree with levels', async () => {
    const tree = (await get('/api/categories/')).json();
    expect(tree.map((n: { slug: string }) => n.slug)).toEqual(['online', 'offline']);
    const meals = tree[0].children[0].children[0].children[0].children[0].children[0];
    expect(meals).toMatchObject({
      id: 'online.food_delivery.swiggy.dining.food_delivery.meals',
      slug: 'meals',
      level: 6,
    });
  });

  it('serves tags', async () => {
    const list = (await get('/api/tags')).json();
    expect(list.map((x: { slug: string }) => x.slug)).toEqual([
      'featured',
      'high_approval_rate',
      'new_launch',
      'sponsored',
    ]);
  });

  it('serves the OpenAPI document', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/cards', '/api/cards/{id}', '/api/categories']),
    );
  });

  it('answers unknown API paths with JSON 404, and a card path asked with another method with 405', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Not found.');
    const post = await t.app.inject({ method: 'POST', url: '/api/cards/hdfc_swiggy' });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('answers malformed and over-long paths with 400 and detail, never the router’s bare error', async () => {
    for (const url of ['/api/cards/%E0%A4/', '/api/accounts/%ZZ', `/api/cards/${'x'.repeat(300)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().detail, url).toBe('string');
    }
  });

  it('reports health and the database kind', async () => {
    const res = await get('/api/health');
    // An app that never listened (inject) has not warmed its engine workers.
    expect(res.json()).toEqual({ status: 'ok', database: kind, engine: 'cold' });
  });
});

describe('answers of the API', () => {
  const t = useTestApp('pglite');

  it('carry the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cards' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('gzip the cached list for clients that accept it, and revalidate with ETag', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/cards?no_pagination=true' });
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/cards?no_pagination=true',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/cards?no_pagination=true',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves the API documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
