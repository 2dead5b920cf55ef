import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, MINI_CATALOG, useTestApp } from './support/test-app.ts';

/**
 * Cards shaped as awkward demo cards are. A card that writes its base rate as a list of categories, fuel among them, and excludes fuel
 * (as 16 demo cards do), one that excludes fuel only at one brand's pumps, and one whose only fee
 * is ₹9,999 paid once on joining (IndusInd Legend).
 */
const catalog = structuredClone(MINI_CATALOG) as { cards: Record<string, unknown>[] };
const template = catalog.cards.find((c) => c.id === 'axis_ace');
catalog.cards.push(
  {
    ...template,
    id: 'listed_base',
    name: 'Listed Base Card',
    rules: [
      { conditions: { category: ['dining', 'fuel'] }, rate: 0.01, cap_groups: [] },
      { conditions: { category: ['fuel'] }, excluded: true, note: 'No rewards on fuel' },
    ],
  },
  {
    ...template,
    id: 'one_pump',
    name: 'One Pump Card',
    rules: [
      { conditions: { category: ['fuel'] }, rate: 0.04, cap_groups: [] },
      {
        conditions: { category: ['fuel'], platform_name: ['indianoil'] },
        excluded: true,
        note: 'Nothing at IndianOil',
      },
    ],
  },
  {
    ...template,
    id: 'one_time_fee',
    name: 'One Time Fee Card',
    annual_fee: 9999,
    fee_frequency: 'ONE_TIME',
    joining_fee: 9999,
  },
);

describe.each(DB_KINDS)('the card list filters on %s', (kind) => {
  const t = useTestApp(kind, {
    catalog,
    // As a database imported before exclusions were subtracted holds it.
    prepare: async (database) => {
      await database.db.execute(sql`update cards set earn_slugs = '{dining,fuel}' where id = 'listed_base'`);
    },
  });
  const ids = async (query: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/cards?no_pagination=true&${query}` }))
      .json()
      .map((c: { id: string }) => c.id)
      .sort();

  it('leaves out a card that excludes the category, whatever its other rules list', async () => {
    expect(await ids('category=fuel')).toEqual(['one_pump']);
    expect(await ids('category=dining')).toEqual(['listed_base']);
  });

  it('counts a fee paid once as paid in the year one joins, not as no fee', async () => {
    expect(await ids('fee_max=0')).not.toContain('one_time_fee');
    expect(await ids('fee_max=1000')).not.toContain('one_time_fee');
    expect(await ids('fee_min=5001')).toContain('one_time_fee');
  });
});
