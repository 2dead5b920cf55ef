import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../src/db/schema.ts';
import { signUp } from './support/accounts-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// A card page's link travels: shared from another partner's site, or bookmarked before the card
// was withdrawn. The 404 then says which, instead of "no card" for a card the person has seen.
describe('a card this site does not show', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No catalogue cache: the card withdrawn below is seen at once.
    t = await createTestApp('pglite', { CATALOG_CACHE_TTL_SECONDS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string, tenant?: string) =>
    t.app.inject({ method: 'GET', url, headers: tenant ? { 'x-tenant': tenant } : {} });

  it('names a card of a bank the partner does not list, on the card and its apply options', async () => {
    expect((await get('/api/cards/sbi_cashback')).statusCode).toBe(200);
    for (const url of ['/api/cards/sbi_cashback', '/api/cards/apply/sbi_cashback']) {
      const res = await get(url, 'paisapal');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        detail: 'Cashback SBI Card is not offered on this site.',
        code: 'not_offered',
      });
    }
  });

  it("says the same when a partner's user starts an application for it or leaves for its bank", async () => {
    const u = await signUp(t.app, { tenant: 'paisapal' });
    const headers = { authorization: `Bearer ${u.access}`, 'x-tenant': 'paisapal' };
    for (const [url, payload] of [
      ['/api/leads/applications/start_application', { card_id: 'sbi_cashback' }],
      ['/api/cards/log-apply-redirect', { card_id: 'sbi_cashback', customer_type: 'ntb' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({
        detail: 'Cashback SBI Card is not offered on this site.',
        code: 'not_offered',
      });
    }
  });

  it('names a withdrawn card as no longer offered, and an id nobody knows by none', async () => {
    await t.database.db.update(cards).set({ is_active: false }).where(eq(cards.id, 'axis_premium'));
    try {
      const res = await get('/api/cards/axis_premium');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Axis Atlas is no longer offered.', code: 'retired' });
    } finally {
      await t.database.db.update(cards).set({ is_active: true }).where(eq(cards.id, 'axis_premium'));
    }
    const unknown = await get('/api/cards/ghost', 'paisapal');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "No card with id 'ghost'.", code: 'not_found' });
  });
});
