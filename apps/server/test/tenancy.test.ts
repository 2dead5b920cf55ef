import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { banks } from '../src/db/schema.ts';
import { tenantFromHost } from '../src/plumbing/tenancy.ts';
import { DB_KINDS, useTestApp } from './support/test-app.ts';

describe('tenantFromHost', () => {
  const bases = ['cardwise.in', 'localhost'];
  it.each([
    ['paisapal.cardwise.in', 'paisapal'],
    ['www.paisapal.cardwise.in', 'paisapal'],
    ['PaisaPal.CardWise.in:443', 'paisapal'],
    ['paisapal.localhost:3000', 'paisapal'],
    ['paisapal.cardwise.in.', 'paisapal'],
    ['paisapal.localhost.:3000', 'paisapal'],
    ['cardwise.in', undefined],
    ['www.cardwise.in', undefined],
    ['localhost:3000', undefined],
    ['127.0.0.1:3000', undefined],
    ['evil.example.com', undefined],
    [undefined, undefined],
  ])('%s → %s', (host, expected) => {
    expect(tenantFromHost(host, bases)).toBe(expected);
  });
});

describe.each(DB_KINDS)('tenant resolution on %s', (kind) => {
  const t = useTestApp(kind);
  const slugOf = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it('defaults to the product’s own tenant', async () => {
    const { body } = await slugOf('/api/tenant/');
    expect(body.slug).toBe('cardwise');
    expect(body.branding.companyName).toBe('Cardwise');
    expect(body.theme.name).toBe('default');
    expect(body.themes.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['default', 'corporate', 'vibrant', 'minimal', 'ocean', 'sunset']),
    );
    expect(body.banks.at(-1).code).toBe('cardwise');
  });

  it('lists every bank by name as a person reads a list, not "AU Small…" before "American Express"', async () => {
    await t.database.db.insert(banks).values([
      { code: 'au_test', name: 'AU Small Finance Bank', primary_color: '#6d28d9' },
      { code: 'amex_test', name: 'American Express', primary_color: '#2563eb' },
    ]);
    const { body } = await slugOf('/api/tenant/');
    await t.database.db.delete(banks).where(inArray(banks.code, ['au_test', 'amex_test']));
    const names: string[] = body.banks.slice(0, -1).map((b: { name: string }) => b.name);
    expect(names.indexOf('American Express')).toBeLessThan(names.indexOf('AU Small Finance Bank'));
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it.each([
    ['header', '/api/tenant', { 'x-tenant': 'paisapal' }],
    ['query', '/api/tenant?tenant=paisapal', {}],
    ['path prefix', '/t/paisapal/api/tenant/', {}],
    ['subdomain', '/api/tenant', { host: 'paisapal.localhost:3000' }],
    ['www subdomain', '/api/tenant', { host: 'www.paisapal.localhost' }],
  ])('resolves the partner from the %s', async (_how, url, headers) => {
    const { status, body } = await slugOf(url, headers);
    expect(status).toBe(200);
    expect(body.slug).toBe('paisapal');
    expect(body.branding.companyName).toBe('PaisaPal Money');
    expect(body.theme.name).toBe('ocean');
    expect(body.branding.customCSS).toContain('.brand-name');
  });

  it('describes each theme by its look, never by a brand or an audience (a partner lists them too)', async () => {
    const { body } = await slugOf('/api/tenant', { 'x-tenant': 'paisapal' });
    const descriptions = new Map(
      body.themes.map((x: { name: string; description: string }) => [x.name, x.description]),
    );
    expect(descriptions.get('default')).toBe('Warm orange on clean white.');
    for (const description of descriptions.values()) {
      expect(description).not.toMatch(/cardwise|paisapal|\bfor\b|brand/i);
    }
  });

  it('prefers the path prefix over the query, the query over the header', async () => {
    expect((await slugOf('/t/paisapal/api/tenant?tenant=cardwise')).body.slug).toBe('paisapal');
    expect((await slugOf('/api/tenant?tenant=cardwise', { 'x-tenant': 'paisapal' })).body.slug).toBe(
      'cardwise',
    );
  });

  it("keeps a partner's own address the partner's, whatever else the request names", async () => {
    const host = 'paisapal.localhost';
    for (const [url, headers] of [
      ['/api/tenant', { 'x-tenant': 'cardwise' }],
      ['/api/tenant?tenant=cardwise', {}],
      ['/t/cardwise/api/tenant', {}],
    ] as const) {
      expect((await slugOf(url, { ...headers, host })).body.slug, url).toBe('paisapal');
    }
    // A card outside its bank list stays out of reach there (PaisaPal shows no SBI cards).
    const card = await t.app.inject({
      method: 'GET',
      url: '/api/cards/sbi_cashback/?tenant=cardwise',
      headers: { host, 'x-tenant': 'cardwise' },
    });
    expect(card.statusCode).toBe(404);
  });

  it('answers an unknown tenant with 404 unknown_tenant, never the default brand', async () => {
    for (const [url, headers] of [
      ['/api/cards', { 'x-tenant': 'nobody' }],
      ['/api/cards?tenant=nobody', {}],
      ['/t/nobody/api/cards', {}],
      ['/api/cards', { host: 'nobody.localhost' }],
    ] as const) {
      const { status, body } = await slugOf(url, headers);
      expect(status).toBe(404);
      expect(body).toEqual({ detail: "Unknown tenant 'nobody'.", code: 'unknown_tenant' });
    }
  });

  it('rejects a malformed tenant identifier with 400', async () => {
    const { status, body } = await slugOf('/api/cards', { 'x-tenant': "x'; drop table cards;--" });
    expect(status).toBe(400);
    expect(body.detail).toBe('Invalid tenant identifier.');
  });

  it('answers a path prefix with a malformed escape with 400, for pages and the API alike', async () => {
    // Decoding it used to throw inside Fastify's rewriteUrl, before any error handling: one
    // anonymous request ended the server process.
    const api = await slugOf('/t/%E0/api/cards');
    expect(api.status).toBe(400);
    expect(api.body).toEqual({ detail: 'Invalid tenant identifier.', code: 'invalid_tenant' });
    const page = await t.app.inject({ method: 'GET', url: '/t/%E0/' });
    expect(page.statusCode).toBeLessThan(500);
  });

  it('limits a partner to the cards of its bank list', async () => {
    const all = (await slugOf('/api/cards?no_pagination=true')).body.map((c: { id: string }) => c.id);
    const partner = (await slugOf('/api/cards?no_pagination=true', { 'x-tenant': 'paisapal' })).body.map(
      (c: { id: string }) => c.id,
    );
    expect(all).toContain('sbi_cashback');
    expect(partner).not.toContain('sbi_cashback');
    expect(partner.sort()).toEqual(['axis_ace', 'axis_premium', 'hdfc_ltf', 'hdfc_swiggy']);
    const detail = await slugOf('/api/cards/sbi_cashback', { 'x-tenant': 'paisapal' });
    expect(detail.status).toBe(404);
    const banks = (await slugOf('/api/tenant', { 'x-tenant': 'paisapal' })).body.banks.map(
      (b: { code: string }) => b.code,
    );
    expect(banks).toEqual(['hdfc', 'axis', 'cardwise']);
  });

  it('keeps pagination links on the tenant the client named', async () => {
    const prefixed = (await slugOf('/t/paisapal/api/cards?page_size=2')).body;
    expect(prefixed.next).toBe('/t/paisapal/api/cards?page_size=2&page=2');
    const page2 = (await slugOf(prefixed.next)).body;
    expect(page2.previous).toBe('/t/paisapal/api/cards?page_size=2&page=1');
    expect(page2.results.map((c: { id: string }) => c.id)).not.toContain('sbi_cashback');
    const byHeader = (await slugOf('/api/cards?page_size=2', { 'x-tenant': 'paisapal' })).body;
    expect(byHeader.next).toBe('/api/cards?page_size=2&page=2');
  });

  it('keeps health reachable without a tenant', async () => {
    expect((await slugOf('/api/health', { 'x-tenant': 'nobody' })).status).toBe(200);
  });
});
