import { describe, expect, it } from 'vitest';
import { DB_KINDS, MINI_CATALOG, useTestApp } from './support/test-app.ts';

/**
 * The mini catalogue (hdfc_swiggy 500, sbi_cashback 999, axis_ace 499, axis_premium 5,000 with
 * no joining fee stated, hdfc_ltf lifetime free) and cards whose fees are written otherwise: ₹300
 * a month (₹3,600 a year, though its annual_fee reads 300), ₹9,999 paid once, and a second ₹499
 * card, which must keep the catalogue's order against axis_ace.
 */
const catalog = structuredClone(MINI_CATALOG) as { cards: Record<string, unknown>[] };
const template = catalog.cards.find((c) => c.id === 'axis_ace');
catalog.cards.push(
  {
    ...template,
    id: 'monthly_fee',
    name: 'monthly Fee Card',
    annual_fee: 300,
    fee_frequency: 'MONTHLY',
    joining_fee: 0,
  },
  {
    ...template,
    id: 'one_time_fee',
    name: 'One Time Fee Card',
    annual_fee: 9999,
    fee_frequency: 'ONE_TIME',
    joining_fee: 9999,
  },
  { ...template, id: 'axis_twin', name: 'Axis Bank ACE Twin', annual_fee: 499, joining_fee: 499 },
);

describe.each(DB_KINDS)('the card list orders on %s', (kind) => {
  const t = useTestApp(kind, { catalog });
  const ids = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/cards?no_pagination=true&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().map((c: { id: string }) => c.id);
  };

  const CATALOGUE_ORDER = [
    'hdfc_swiggy',
    'sbi_cashback',
    'axis_ace',
    'axis_premium',
    'hdfc_ltf',
    'monthly_fee',
    'one_time_fee',
    'axis_twin',
  ];

  it('keeps the catalogue’s order by default and for sort=relevance', async () => {
    expect(await ids('')).toEqual(CATALOGUE_ORDER);
    expect(await ids('sort=relevance')).toEqual(CATALOGUE_ORDER);
  });

  it('orders by the fee paid in a year, low to high: a monthly fee counts twelve times, ties keep the catalogue’s order', async () => {
    expect(await ids('sort=annual_fee_asc')).toEqual([
      'hdfc_ltf',
      'axis_ace',
      'axis_twin',
      'hdfc_swiggy',
      'sbi_cashback',
      'monthly_fee',
      'axis_premium',
      'one_time_fee',
    ]);
  });

  it('orders by the fee paid in a year, high to low, ties still in the catalogue’s order', async () => {
    expect(await ids('sort=annual_fee_desc')).toEqual([
      'one_time_fee',
      'axis_premium',
      'monthly_fee',
      'sbi_cashback',
      'hdfc_swiggy',
      'axis_ace',
      'axis_twin',
      'hdfc_ltf',
    ]);
  });

  it('orders by joining fee, an unstated one being none', async () => {
    expect(await ids('sort=joining_fee_asc')).toEqual([
      'axis_premium',
      'hdfc_ltf',
      'monthly_fee',
      'axis_ace',
      'axis_twin',
      'hdfc_swiggy',
      'sbi_cashback',
      'one_time_fee',
    ]);
  });

  it('orders by name, whatever the letter case', async () => {
    expect(await ids('sort=name_asc')).toEqual([
      'axis_premium',
      'axis_ace',
      'axis_twin',
      'sbi_cashback',
      'hdfc_ltf',
      'monthly_fee',
      'one_time_fee',
      'hdfc_swiggy',
    ]);
  });

  it('sorts before it pages, and the page links keep the order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/cards?sort=annual_fee_desc&page_size=3&page=2',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results.map((c: { id: string }) => c.id)).toEqual([
      'sbi_cashback',
      'hdfc_swiggy',
      'axis_ace',
    ]);
    expect(body.next).toBe('/api/cards?sort=annual_fee_desc&page_size=3&page=3');
    expect(body.previous).toBe('/api/cards?sort=annual_fee_desc&page_size=3&page=1');
  });

  it('applies the order to a filtered list, and before a search’s ranking', async () => {
    // Every added card is the template's, an Axis Bank card.
    expect(await ids('bank=axis&sort=annual_fee_desc')).toEqual([
      'one_time_fee',
      'axis_premium',
      'monthly_fee',
      'axis_ace',
      'axis_twin',
    ]);
    // Without the order, the cards named Axis come first (axis_premium among them).
    expect(await ids('search=axis')).toEqual([
      'axis_ace',
      'axis_premium',
      'axis_twin',
      'monthly_fee',
      'one_time_fee',
    ]);
    expect(await ids('search=axis&sort=annual_fee_asc')).toEqual([
      'axis_ace',
      'axis_twin',
      'monthly_fee',
      'axis_premium',
      'one_time_fee',
    ]);
  });

  it.each([
    ['sort=price', /^Invalid query parameter: sort: /],
    ['sort=', /sort/],
    ['sort=name_asc&sort=annual_fee_asc', /sort/],
  ])('refuses an unknown order (%s) with 400 and detail', async (query, pattern) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/cards?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(pattern);
  });
});
