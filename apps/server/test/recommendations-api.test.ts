import { UNCOUNTED_RATES_FIELD } from '@cardwise/contracts';
import { recommend } from '@cardwise/reco';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../src/db/schema.ts';
import { signUp } from './support/accounts-helpers.ts';
import { DB_KINDS, useTestApp } from './support/test-app.ts';

const swiggy = (amount: number | string, id = 'e1') => ({
  id,
  amount,
  spending_mode: 'online',
  platform_type: 'online.food_delivery',
  platform_name: 'online.food_delivery.swiggy',
  spending_category: 'online.food_delivery.swiggy.dining',
  frequency: 'MONTHLY',
});
const fuel = {
  id: 'e2',
  amount: 3000,
  spending_mode: 'offline',
  platform_type: 'offline.fuel_station',
  frequency: 'MONTHLY',
};

describe.each(DB_KINDS)('POST /api/cards/recommend on %s', (kind) => {
  const t = useTestApp(kind);
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/cards/recommend/', payload: payload as object, headers });

  it('finds the exact best card for one spend, with display fields and the why', async () => {
    const res = await post({ spending: [swiggy(10000)], preferences: { desiredCardCount: 2 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // By hand: 10% on ₹10,000 of Swiggy (cap ₹1,500 not reached) = ₹1,000, minus the fee
    // ₹500 × 1.18 / 12 = ₹49.17 (₹1.2 lakh a year is short of the ₹2 lakh waiver): ₹950.83.
    // A second card adds nothing, so the single card comes first (ties → fewer cards).
    expect(
      body.spend_level_winners.map((g: { n: number; group_savings: number }) => [g.n, g.group_savings]),
    ).toEqual([
      [1, 950.83],
      [2, 950.83],
    ]);
    const best = body.spend_level_winners[0];
    expect(best.card_ids).toEqual(['hdfc_swiggy']);
    expect(best.spend_coverage).toBe(100);
    const detail = best.group_details[0];
    expect(detail.spend_label).toBe('Online • Food delivery • Swiggy • Dining');
    expect(detail.amount).toBe(10000);
    expect(detail.winning_cards[0]).toMatchObject({
      card_id: 'hdfc_swiggy',
      credit_card: 'Swiggy HDFC Bank Credit Card',
      issuer_name: 'HDFC Bank',
      // What the web app's apply rule reads to link the card to its in-product application.
      bank_name: 'HDFC Bank',
      by_invitation: false,
      fee: 500,
      fee_frequency: 'YEARLY',
      joining_fee: 500,
      fee_waiver_annual_spend: 200000,
      amount_used: 10000,
      cashback_amount: 1000,
      reasons: ['10% on Swiggy, up to ₹1,500 a month'],
      // The rule it earned under sits in the ₹1,500 Swiggy cap (the web app's check on spend that
      // lands a few times a year).
      tightest_cap_inr: 1500,
    });
    expect(detail.winning_cards[0].tags.map((x: { slug: string }) => x.slug)).toContain('sponsored');
    expect(best.card_outcomes[0]).toMatchObject({ card_id: 'hdfc_swiggy', fee_waived: false });
  });

  it('names a reached cap in the catalogue’s words, not by its id', async () => {
    const body = (await post({ spending: [swiggy(20000)], preferences: { desiredCardCount: 1 } })).json();
    const outcome = body.spend_level_winners[0].card_outcomes.find(
      (o: { card_id: string }) => o.card_id === 'hdfc_swiggy',
    );
    expect(outcome.caps_reached).toEqual(['swiggy']);
    expect(outcome.caps_reached_notes).toEqual(['Swiggy: ₹1,500 a month']);
    // All of it is placed (past the cap at the card's other rate), so no cap is said to stop any.
    expect(body.spend_level_winners[0].group_details[0]).not.toHaveProperty('capped_by');
    expect(body.spend_level_winners[0].group_details[0]).not.toHaveProperty('unplaced_amount');
  });

  it('names the card whose full cap leaves part of a spend earning nothing', async () => {
    // SBI Cashback's 5% online sits in one ₹5,000 cap: ₹1,00,000 of the ₹1,50,000 fills it.
    const body = (
      await post({
        spending: [swiggy(150000)],
        preferences: { desiredCardCount: 1, compareCards: ['sbi_cashback'] },
      })
    ).json();
    const detail = body.spend_level_winners[0].group_details[0];
    expect(detail.winning_cards.map((w: { amount_used: number }) => w.amount_used)).toEqual([100000]);
    expect(detail.capped_by).toEqual(['sbi_cashback']);
    // The engine's own figure for the rest, so the web app need not work it out from rounded lines.
    expect(detail.unplaced_amount).toBe(50000);
  });

  it('agrees with the engine run directly on the same instance', async () => {
    const payload = { spending: [swiggy(20000), { ...fuel }], preferences: { desiredCardCount: 3 } };
    const body = (await post(payload)).json();
    const cards = (await t.app.inject({ method: 'GET', url: '/api/cards?no_pagination=true' })).json();
    const details = await Promise.all(
      cards.map(async (c: { id: string }) =>
        (await t.app.inject({ method: 'GET', url: `/api/cards/${c.id}` })).json(),
      ),
    );
    const direct = recommend({
      cards: details.map((d) => ({
        id: d.id,
        name: d.name,
        issuer: d.issuer_name,
        annual_fee: d.annual_fee,
        fee_frequency: d.fee_frequency,
        fee_waiver_annual_spend: d.fee_waiver_annual_spend,
        milestones: d.milestones,
        rules: d.rules.map((r: { cap_groups?: string[] }) => ({ cap_groups: [], ...r })),
        cap_groups: d.cap_groups,
      })),
      entries: [
        {
          id: 'e1',
          amount: 20000,
          frequency: 'MONTHLY',
          mode: 'online',
          platform_type: 'food_delivery',
          platform_name: 'swiggy',
          category: 'dining',
          sub_category: null,
          product: null,
          brand: null,
        },
        {
          id: 'e2',
          amount: 3000,
          frequency: 'MONTHLY',
          mode: 'offline',
          platform_type: 'fuel_station',
          // The taxonomy has only IndianOil › Fuel below fuel station: the server fills those in.
          platform_name: 'indianoil',
          category: 'fuel',
          sub_category: null,
          product: null,
          brand: null,
        },
      ],
      ownedCards: [],
      compareCards: [],
      excludeCards: [],
      desiredCardCount: 3,
    });
    expect(body.spend_level_winners.map((g: { group_savings: number }) => g.group_savings)).toEqual(
      direct.spend_level_winners.map((g) => g.group_savings),
    );
    expect(body.spend_level_winners.map((g: { card_ids: string[] }) => g.card_ids)).toEqual(
      direct.spend_level_winners.map((g) => g.card_ids),
    );
  });

  it('calls an entry that names no category or brand what the spending list calls it', async () => {
    const res = await post({
      spending: [{ id: 'plain', amount: 5000, frequency: 'MONTHLY' }],
      preferences: { desiredCardCount: 1 },
    });
    expect(res.statusCode).toBe(200);
    const details = res.json().spend_level_winners[0].group_details;
    expect(details[0].spend_label).toBe('Any spending');
  });

  it('treats spend named only down to a fuel station as fuel, so a card excluding fuel earns nothing on it', async () => {
    // The user stops at Offline › fuel station; the only thing below it is fuel. Without the
    // inference hdfc_swiggy's "No rewards on fuel" would not match and its 1% base would apply.
    const body = (
      await post({
        spending: [{ ...fuel, amount: 3000 }],
        preferences: { compareCards: ['hdfc_swiggy'], desiredCardCount: 1 },
      })
    ).json();
    const group = body.spend_level_winners[0];
    expect(group.card_ids).toEqual(['hdfc_swiggy']);
    const cashback = group.group_details[0].winning_cards.reduce(
      (s: number, w: { cashback_amount: number }) => s + w.cashback_amount,
      0,
    );
    expect(cashback).toBe(0);
    expect(group.group_details[0].spend_label).toBe('Offline • Fuel station');
    // The same spend with the category chosen explicitly gives the same answer.
    const explicit = (
      await post({
        spending: [
          {
            ...fuel,
            platform_name: 'offline.fuel_station.indianoil',
            spending_category: 'offline.fuel_station.indianoil.fuel',
          },
        ],
        preferences: { compareCards: ['hdfc_swiggy'], desiredCardCount: 1 },
      })
    ).json();
    expect(explicit.spend_level_winners[0].group_savings).toBe(group.group_savings);
  });

  it('changes its answer when the top card is excluded, and honours compare lists', async () => {
    const excluded = (
      await post({
        spending: [swiggy(10000)],
        preferences: { excludeCards: ['hdfc_swiggy'], desiredCardCount: 1 },
      })
    ).json();
    expect(excluded.spend_level_winners[0].card_ids).toEqual(['sbi_cashback']);
    // 5% of ₹10,000 = ₹500 minus ₹999 × 1.18 / 12 = ₹98.23 → ₹401.77.
    expect(excluded.spend_level_winners[0].group_savings).toBe(401.77);
    const compared = (
      await post({
        spending: [swiggy(10000)],
        preferences: { compareCards: ['axis_ace', 'hdfc_ltf'], desiredCardCount: 1 },
      })
    ).json();
    expect(compared.spend_level_winners[0].card_ids).toEqual(['axis_ace']);
    // Its only rule has no cap.
    expect(compared.spend_level_winners[0].group_details[0].winning_cards[0].tightest_cap_inr).toBeNull();
  });

  it('refuses a key it does not know in the body or its preferences, naming it (a misspelt exclude list is not ignored)', async () => {
    // `exclude_cards` used to be dropped: the answer was hdfc_swiggy, the very card excluded.
    const misspelt = await post({
      spending: [swiggy(10000)],
      preferences: { exclude_cards: ['hdfc_swiggy'], desiredCardCount: 1 },
    });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json().detail).toBe(
      "Invalid request body: preferences: unknown field 'exclude_cards' " +
        '(the fields are compareCards, excludeCards, ownedCards, desiredCardCount).',
    );
    const top = await post({ spending: [swiggy(10000)], prefs: { excludeCards: ['hdfc_swiggy'] } });
    expect(top.statusCode).toBe(400);
    expect(top.json().detail).toBe(
      "Invalid request body: unknown field 'prefs' (the fields are spending, preferences).",
    );
  });

  it('counts owned cards from the preferences (fee sunk, never a candidate)', async () => {
    const body = (
      await post({
        spending: [swiggy(10000)],
        preferences: { ownedCards: ['hdfc_swiggy'], desiredCardCount: 1 },
      })
    ).json();
    const g = body.spend_level_winners[0];
    expect(g.card_ids).toContain('hdfc_swiggy');
    expect(g.cards.find((c: { card_id: string }) => c.card_id === 'hdfc_swiggy').owned).toBe(true);
    // The owned card earns ₹1,000 with no fee counted; the one new card adds nothing here.
    expect(g.group_savings).toBe(1000);
    // What the owned card saves alone, which the group's savings include.
    expect(body.owned_savings).toBe(1000);
    // Without owned cards there is nothing to say.
    const none = (await post({ spending: [swiggy(10000)], preferences: { desiredCardCount: 1 } })).json();
    expect(none.owned_savings).toBeUndefined();
  });

  it('lists per card the facts its figure rests on that the catalogue could not confirm', async () => {
    // The fixture catalogue marks Cashback SBI's fee waiver "from memory"; Swiggy HDFC has no notes.
    const body = (
      await post({
        spending: [swiggy(10000)],
        preferences: { desiredCardCount: 2, compareCards: ['sbi_cashback', 'hdfc_swiggy'] },
      })
    ).json();
    const pair = body.spend_level_winners.find((g: { n: number }) => g.n === 2);
    const cardOf = (id: string) => pair.cards.find((c: { card_id: string }) => c.card_id === id);
    expect(cardOf('sbi_cashback').unconfirmed).toEqual(['fee_waiver_annual_spend']);
    expect(cardOf('hdfc_swiggy')).not.toHaveProperty('unconfirmed');
    // Held, its fee is not counted, so an uncertain waiver changes nothing in the figure.
    const held = (
      await post({
        spending: [swiggy(10000)],
        preferences: { ownedCards: ['sbi_cashback'], desiredCardCount: 1 },
      })
    ).json();
    const g = held.spend_level_winners[0];
    expect(g.cards.find((c: { card_id: string }) => c.card_id === 'sbi_cashback')).not.toHaveProperty(
      'unconfirmed',
    );
  });

  it('answers an empty spending list with no groups', async () => {
    const body = (await post({ spending: [], preferences: { desiredCardCount: 3 } })).json();
    expect(body.spend_level_winners).toEqual([]);
  });

  it.each([
    ['a non-numeric amount', { spending: [swiggy('lots')] }, /Amount is required and must be a number\./],
    ['a negative amount', { spending: [swiggy(-5)] }, /spending\[0\]\.amount: Amount cannot be negative\./],
    ['an amount over ₹100 crore', { spending: [swiggy(5e13)] }, /Amount must be at most ₹1,00,00,00,000\./],
    [
      'an amount finer than a paisa',
      { spending: [swiggy(0.001)] },
      /spending\[0\]\.amount: Amount can have at most 2 decimal places \(paise\)\./,
    ],
    [
      'an unknown category id',
      { spending: [{ ...swiggy(100), platform_name: 'no.such.node' }] },
      /spending\[0\]\.platform_name: unknown category id 'no.such.node'/,
    ],
    [
      'a category of the wrong level',
      { spending: [{ ...swiggy(100), spending_mode: 'online.food_delivery' }] },
      /is not a spending mode/,
    ],
    [
      'levels off one path',
      { spending: [{ ...swiggy(100), spending_mode: 'offline' }] },
      /spending\[0\]\.platform_type: category 'online\.food_delivery' is not under 'offline'/,
    ],
    ['desiredCardCount 0', { spending: [], preferences: { desiredCardCount: 0 } }, /desiredCardCount/],
    ['desiredCardCount 11', { spending: [], preferences: { desiredCardCount: 11 } }, /desiredCardCount/],
    [
      'desiredCardCount "three"',
      { spending: [], preferences: { desiredCardCount: 'three' } },
      /desiredCardCount/,
    ],
    ['desiredCardCount 2.5', { spending: [], preferences: { desiredCardCount: 2.5 } }, /desiredCardCount/],
    [
      'more than 200 entries',
      { spending: Array.from({ length: 201 }, (_, i) => swiggy(10, `e${i}`)) },
      /At most 200 spending entries/,
    ],
    ['duplicate entry ids', { spending: [swiggy(1), swiggy(2)] }, /duplicate entry id/],
    [
      'a card both compared and excluded',
      {
        spending: [swiggy(1)],
        preferences: { compareCards: ['hdfc_swiggy'], excludeCards: ['hdfc_swiggy'] },
      },
      /preferences\.excludeCards: Card 'hdfc_swiggy' is in both compareCards and excludeCards; a card can be in only one of compareCards, excludeCards and ownedCards\./,
    ],
    [
      'a card both compared and owned',
      {
        spending: [swiggy(1)],
        preferences: { compareCards: ['axis_ace', 'hdfc_swiggy'], ownedCards: ['hdfc_swiggy'] },
      },
      /preferences\.ownedCards: Card 'hdfc_swiggy' is in both compareCards and ownedCards;/,
    ],
    [
      'a card both excluded and owned',
      {
        spending: [swiggy(1)],
        preferences: { excludeCards: ['sbi_cashback'], ownedCards: ['sbi_cashback'] },
      },
      /preferences\.ownedCards: Card 'sbi_cashback' is in both excludeCards and ownedCards;/,
    ],
    [
      'an unknown owned card',
      { spending: [swiggy(1)], preferences: { ownedCards: ['nope'] } },
      /unknown card id 'nope'/,
    ],
    [
      'an object and a null among the compared cards',
      { spending: [swiggy(1)], preferences: { compareCards: [{ a: 1 }, null] } },
      /preferences\.compareCards\[0\]: compareCards must be a list of card ids/,
    ],
    [
      'a boolean among the excluded cards',
      { spending: [swiggy(1)], preferences: { excludeCards: [true] } },
      /excludeCards must be a list of card ids/,
    ],
    ['a bad frequency', { spending: [{ ...swiggy(1), frequency: 'HOURLY' }] }, /frequency/],
    ['no spending field', { preferences: {} }, /spending/],
    ['a list body', [], /body/i],
  ])('rejects %s with 400 and detail', async (_what, payload, pattern) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(pattern);
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cards/recommend',
      payload: '{"spending": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Invalid JSON body.');
  });

  it('limits a partner tenant to its banks’ cards', async () => {
    const body = (
      await post(
        { spending: [swiggy(10000)], preferences: { excludeCards: ['hdfc_swiggy'], desiredCardCount: 1 } },
        { 'x-tenant': 'paisapal' },
      )
    ).json();
    // sbi_cashback would win, but PaisaPal does not list SBI.
    expect(body.spend_level_winners[0].card_ids).toEqual(['axis_ace']);
  });

  it('counts the owned cards recorded on a signed-in user’s account', async () => {
    const { auth } = await signUp(t.app, {
      email: `reco-${kind}@example.com`,
      password: 'plum-kettle-Orbit-42',
      fullName: 'Asha Rao',
    });
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/my-cards',
      payload: { card_id: 'hdfc_swiggy' },
      headers: auth,
    });
    expect(add.statusCode).toBeLessThan(300);
    const body = (
      await post({ spending: [swiggy(10000)], preferences: { desiredCardCount: 1 } }, auth)
    ).json();
    expect(body.spend_level_winners[0].card_ids).toContain('hdfc_swiggy');
    expect(body.spend_level_winners[0].group_savings).toBe(1000);
    // The same request anonymously does not know about the owned card.
    const anon = (await post({ spending: [swiggy(10000)], preferences: { desiredCardCount: 1 } })).json();
    expect(anon.spend_level_winners[0].group_savings).toBe(950.83);
    // A token that is no longer valid is a 401 the client refreshes on, not an anonymous
    // answer that silently leaves the owned card out.
    const stale = await post(
      { spending: [swiggy(10000)], preferences: { desiredCardCount: 1 } },
      { authorization: `${auth.authorization}x` },
    );
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: 'token_not_valid' });
    expect(stale.headers['www-authenticate']).toBe('Bearer realm="api"');
  });

  it('drops a card held on the account from the compare and exclude lists, with a warning instead of a 400', async () => {
    const { auth } = await signUp(t.app, { email: `reco-held-${kind}@example.com`, fullName: 'Kavya Nair' });
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/my-cards',
      payload: { card_id: 'hdfc_swiggy' },
      headers: auth,
    });
    expect(add.statusCode).toBeLessThan(300);
    const compared = await post(
      {
        spending: [swiggy(10000)],
        preferences: { compareCards: ['hdfc_swiggy', 'axis_ace'], desiredCardCount: 1 },
      },
      auth,
    );
    expect(compared.statusCode).toBe(200);
    const body = compared.json();
    // Held, so owned: the one new card comes from what is left to compare.
    expect(body.spend_level_winners[0].card_ids.sort()).toEqual(['axis_ace', 'hdfc_swiggy']);
    expect(body.warnings).toEqual([
      'Swiggy HDFC Bank Credit Card is on your account as a card you hold, so it counts as owned and was left out of the cards to compare.',
    ]);
    const excluded = await post(
      { spending: [swiggy(10000)], preferences: { excludeCards: ['hdfc_swiggy'], desiredCardCount: 1 } },
      auth,
    );
    expect(excluded.statusCode).toBe(200);
    expect(excluded.json().spend_level_winners[0].card_ids).toContain('hdfc_swiggy');
    expect(excluded.json().warnings).toEqual([
      'Swiggy HDFC Bank Credit Card is on your account as a card you hold, so it counts as owned and was left out of the cards to exclude.',
    ]);
    // Every compared card held: the empty list means every card, and the answer says so.
    const only = (
      await post({ spending: [swiggy(10000)], preferences: { compareCards: ['hdfc_swiggy'] } }, auth)
    ).json();
    expect(only.warnings).toContain('No card is left to compare, so every card is considered.');
    // The same card named by the request itself in two lists is the client's contradiction: 400.
    const both = await post(
      {
        spending: [swiggy(10000)],
        preferences: { compareCards: ['hdfc_swiggy'], ownedCards: ['hdfc_swiggy'] },
      },
      auth,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().detail).toContain("Card 'hdfc_swiggy' is in both compareCards and ownedCards");
  });

  it('GET answers for the entries and preferences saved on the account; anonymous callers get 401', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/cards/recommend' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().detail).toBeTypeOf('string');
    const { auth } = await signUp(t.app, {
      email: `reco-get-${kind}@example.com`,
      password: 'plum-kettle-Orbit-42',
      fullName: 'Ravi Iyer',
      phoneNumber: '9876543211',
    });
    const call = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: auth,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    // Nothing saved yet: no groups.
    expect((await call('GET', '/api/cards/recommend')).json().spend_level_winners).toEqual([]);
    const spending = [{ ...swiggy(10000), spending_sub_category: null, product: null, brand: null }];
    expect((await call('PUT', '/api/accounts/spending-entries', spending)).statusCode).toBe(200);
    const preferences = { compareCards: [], excludeCards: [], ownedCards: [], desiredCardCount: 2 };
    expect((await call('PUT', '/api/accounts/preferences', preferences)).statusCode).toBe(200);
    const saved = await call('GET', '/api/cards/recommend');
    expect(saved.statusCode).toBe(200);
    const posted = await post({ spending, preferences }, auth);
    expect(saved.json()).toEqual(posted.json());
    expect(saved.json().spend_level_winners.map((g: { group_savings: number }) => g.group_savings)).toEqual([
      950.83, 950.83,
    ]);
  });
});

describe('recommendation rate limit', () => {
  const t = useTestApp('pglite');
  it('answers 429 throttled with Retry-After past 120 requests a minute from one address (an IPv6 client by its /64)', async () => {
    const send = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/cards/recommend', payload: { spending: [] }, remoteAddress });
    for (let i = 0; i < 120; i++) expect((await send(`2001:db8:0:1::${i + 1}`)).statusCode).toBe(200);
    // Another address of the same /64 is the same client.
    const res = await send('2001:db8:0:1::ffff');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      code: 'throttled',
      detail: expect.stringMatching(
        /^Too many requests\. Please try again in \d+ (second|seconds|minute|minutes)\.$/,
      ),
    });
    // Another client is not held back.
    expect((await send('2001:db8:0:2::1')).statusCode).toBe(200);
  });
});

describe.each(DB_KINDS)('unconfirmed earn rates in a recommendation on %s', (kind) => {
  // No catalogue cache: each test's notes are seen at once.
  const t = useTestApp(kind, { config: { CATALOG_CACHE_TTL_SECONDS: '0' } });
  const swiggyCardWith = async (...fields: string[]) => {
    const uncertain = fields.map((field) => ({ field, note: 'Reported as "from memory".' }));
    await t.database.db.update(cards).set({ uncertain }).where(eq(cards.id, 'hdfc_swiggy'));
    const body = (
      await t.app.inject({
        method: 'POST',
        url: '/api/cards/recommend/',
        payload: { spending: [swiggy(10000)], preferences: { desiredCardCount: 1 } },
      })
    ).json();
    const g = body.spend_level_winners[0];
    expect(g.card_ids).toEqual(['hdfc_swiggy']);
    return g.cards[0].unconfirmed;
  };

  it('speaks of a rule only when the spend earned under it, and never of a rate not counted', async () => {
    // All of Swiggy spend earns the 10% on Swiggy (rule 1). Its 1% on other spends (rule 0) and a
    // rate we do not count are not what the figure rests on: the line said "reward rates" for
    // every note on the card's rates.
    expect(await swiggyCardWith('rules.0', UNCOUNTED_RATES_FIELD)).toBeUndefined();
    expect(await swiggyCardWith('rules.1')).toEqual(['rules']);
    expect(await swiggyCardWith('rules.0,1')).toEqual(['rules']);
    // A note on every rule of the card (its exclusions, its earn unit) counts whenever it earns.
    expect(await swiggyCardWith('rules', UNCOUNTED_RATES_FIELD)).toEqual(['rules']);
  });
});

describe('compared or excluded cards the site does not offer', () => {
  // No catalogue cache: the card retired below is seen at once.
  const t = useTestApp('pglite', { config: { CATALOG_CACHE_TTL_SECONDS: '0' } });
  beforeAll(async () => {
    await t.database.db.update(cards).set({ is_active: false }).where(eq(cards.id, 'axis_premium'));
  });
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/cards/recommend/', payload: payload as object, headers });

  it('names a retired card, a card of a bank the site does not list, and no id the user never saw', async () => {
    const res = await post(
      {
        spending: [swiggy(10000)],
        preferences: {
          compareCards: ['hdfc_swiggy', 'axis_premium', 'sbi_cashback', 'nope'],
          excludeCards: ['ghost', 'gone'],
          desiredCardCount: 1,
        },
      },
      { 'x-tenant': 'paisapal' },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.spend_level_winners[0].card_ids).toEqual(['hdfc_swiggy']);
    expect(body.warnings).toEqual([
      'Axis Atlas is no longer offered, so it was left out of the cards to compare.',
      'Cashback SBI Card is not offered on this site, so it was left out of the cards to compare.',
      'A card in the cards to compare is not offered here, so it was left out.',
      '2 cards in the cards to exclude are not offered here, so they were left out.',
    ]);
    for (const w of body.warnings)
      expect(w).not.toMatch(/axis_premium|sbi_cashback|nope|ghost|unknown card id/);
  });

  it('still recommends nothing when none of the compared cards is offered, and says which', async () => {
    const body = (
      await post({ spending: [swiggy(10000)], preferences: { compareCards: ['axis_premium'] } })
    ).json();
    expect(body.spend_level_winners).toEqual([]);
    expect(body.warnings).toEqual([
      'Axis Atlas is no longer offered, so it was left out of the cards to compare.',
    ]);
  });

  it('has no warnings when every chosen card is offered', async () => {
    const body = (
      await post({
        spending: [swiggy(10000)],
        preferences: { compareCards: ['hdfc_swiggy', 'sbi_cashback'] },
      })
    ).json();
    expect(body.warnings).toEqual([]);
  });
});
