import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cards } from '../src/db/schema.ts';
import { userPreferences } from '../src/features/accounts/accounts-schema.ts';
import { signUp } from './support/accounts-helpers.ts';
import { useTestApp } from './support/test-app.ts';

// Cards this site does not offer: a partner's bank list leaves them out, or they were withdrawn.
// No catalogue cache: the card withdrawn below is seen at once.
const t = useTestApp('pglite', { config: { CATALOG_CACHE_TTL_SECONDS: '0' } });

// A saved preference for a card the site no longer offers: named in the answer (the web's card
// list holds only offered cards, so its chip showed the raw id), and kept through later saves.
describe('saved preferences naming cards this site no longer offers', () => {
  const call = (method: 'GET' | 'PUT', token: string, body?: unknown, tenant?: string) =>
    t.app.inject({
      method,
      url: '/api/accounts/preferences',
      headers: { authorization: `Bearer ${token}`, ...(tenant ? { 'x-tenant': tenant } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  it('names a retired card in GET and PUT, keeps it through a later save, and still refuses a new unknown id', async () => {
    const u = await signUp(t.app);
    const saved = {
      compareCards: ['axis_premium', 'axis_ace'],
      excludeCards: ['hdfc_ltf'],
      ownedCards: [],
      desiredCardCount: 2,
    };
    expect((await call('PUT', u.access, saved)).json()).toEqual({ ...saved, warnings: [] });
    await t.database.db.update(cards).set({ is_active: false }).where(eq(cards.id, 'axis_premium'));
    try {
      const unoffered = [{ id: 'axis_premium', name: 'Axis Atlas', reason: 'retired' }];
      expect((await call('GET', u.access)).json()).toEqual({ ...saved, unofferedCards: unoffered });
      // The web sends the whole lists back with each change: the retired card must not make it a 400.
      const next = { ...saved, desiredCardCount: 3 };
      const put = await call('PUT', u.access, next);
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ ...next, unofferedCards: unoffered, warnings: [] });
      // An id the account never saved and this site does not offer is refused as before.
      const added = await call('PUT', u.access, { ...next, excludeCards: ['hdfc_ltf', 'nope'] });
      expect(added.statusCode).toBe(400);
      expect(added.json().detail).toBe('Unknown card id(s): nope.');
      // Removed, it is gone, and the field with it.
      const removed = { ...next, compareCards: ['axis_ace'] };
      expect((await call('PUT', u.access, removed)).json()).toEqual({ ...removed, warnings: [] });
      expect((await call('GET', u.access)).json()).toEqual(removed);
    } finally {
      await t.database.db.update(cards).set({ is_active: true }).where(eq(cards.id, 'axis_premium'));
    }
  });

  it('names a card of a bank this site does not list by its public name, and an id nobody knows by none', async () => {
    const p = await signUp(t.app, { tenant: 'paisapal' });
    const none = { compareCards: ['hdfc_swiggy'], excludeCards: [], ownedCards: [], desiredCardCount: 1 };
    expect((await call('PUT', p.access, none, 'paisapal')).statusCode).toBe(200);
    // Saved when the site still listed SBI (or by an older client): written as a past save would be.
    await t.database.db
      .update(userPreferences)
      .set({ compare_cards: ['hdfc_swiggy', 'sbi_cashback', 'ghost'], exclude_cards: [] })
      .where(eq(userPreferences.user_id, p.user_id));
    const put = await call(
      'PUT',
      p.access,
      {
        compareCards: ['hdfc_swiggy', 'sbi_cashback', 'ghost'],
        excludeCards: [],
        ownedCards: [],
        desiredCardCount: 1,
      },
      'paisapal',
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().unofferedCards).toEqual([
      { id: 'sbi_cashback', name: 'Cashback SBI Card', reason: 'not_on_this_site' },
      { id: 'ghost', name: null, reason: 'unknown' },
    ]);
    expect((await call('GET', p.access, undefined, 'paisapal')).json().unofferedCards).toEqual(
      put.json().unofferedCards,
    );
  });
});

// A card page's link travels: shared from another partner's site, or bookmarked before the card
// was withdrawn. The 404 then says which, instead of "no card" for a card the person has seen.
describe('a card this site does not show', () => {
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
