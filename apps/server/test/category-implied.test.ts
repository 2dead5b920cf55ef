import type { AccountSpendingEntry } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { indexCategories } from '../src/features/categories/category-index.ts';
import { toEngineEntries } from '../src/features/recommendations/build-instance.ts';

const node = (id: string, parent: string | null, level: number) => ({
  id,
  parent_id: parent,
  slug: id.split('.').pop() as string,
  name: id,
  level,
});

/** One small tree for both: fuel brands and a grocery shop offline, a marketplace online. */
const rows = [
  node('offline', null, 1),
  node('offline.fuel_station', 'offline', 2),
  node('offline.fuel_station.iocl', 'offline.fuel_station', 3),
  node('offline.fuel_station.iocl.fuel', 'offline.fuel_station.iocl', 4),
  node('offline.fuel_station.bpcl', 'offline.fuel_station', 3),
  node('offline.fuel_station.bpcl.fuel', 'offline.fuel_station.bpcl', 4),
  node('offline.grocery', 'offline', 2),
  node('offline.grocery.dmart', 'offline.grocery', 3),
  node('offline.grocery.dmart.groceries', 'offline.grocery.dmart', 4),
  // A shop with no category below it: spend there could be anything.
  node('offline.grocery.corner_shop', 'offline.grocery', 3),
  node('online', null, 1),
  node('online.marketplace', 'online', 2),
  node('online.marketplace.amazon', 'online.marketplace', 3),
  node('online.marketplace.amazon.electronics', 'online.marketplace.amazon', 4),
  node('online.marketplace.amazon.grocery', 'online.marketplace.amazon', 4),
  node('online.marketplace.amazon.grocery.staples', 'online.marketplace.amazon.grocery', 5),
  node('online.marketplace.shop', 'online.marketplace', 3),
  node('online.marketplace.shop.fashion', 'online.marketplace.shop', 4),
  node('online.marketplace.corner', 'online.marketplace', 3),
];
const byId = indexCategories(rows);

describe('implied levels (indexCategories)', () => {
  const implied = new Map([...byId].map(([id, ref]) => [id, ref.implied]));

  it('fills a level every path below a node passes through with one slug', () => {
    expect([...(implied.get('offline.fuel_station') ?? [])]).toEqual([[4, 'fuel']]);
    expect([...(implied.get('offline.fuel_station.iocl') ?? [])]).toEqual([[4, 'fuel']]);
  });

  it('leaves a level open where the slugs differ or a path ends above it', () => {
    // Two brands below fuel station: the platform name stays open.
    expect(implied.get('offline.fuel_station')?.has(3)).toBe(false);
    // The corner shop ends at level 3, so grocery spend is not certainly "groceries".
    expect(implied.get('offline.grocery')?.size).toBe(0);
    expect(implied.get('offline')?.size).toBe(0);
    expect(implied.get('offline.grocery.corner_shop')?.size).toBe(0);
  });
});

describe('levels left open (indexCategories → toEngineEntries)', () => {
  it('lists the slugs a level can take where every path below reaches it, and only there', () => {
    expect([...(byId.get('online.marketplace.amazon')?.open ?? [])]).toEqual([
      [4, ['electronics', 'grocery']],
    ]);
    // Level 5 is reached by the grocery path only: electronics spend has no sub category.
    expect(byId.get('online.marketplace.amazon')?.open.has(5)).toBe(false);
    // A platform with nothing below it leaves its parent's deeper levels out, not its own.
    expect([...(byId.get('online.marketplace')?.open ?? [])]).toEqual([[3, ['amazon', 'corner', 'shop']]]);
    expect([...(byId.get('online.marketplace.shop')?.implied ?? [])]).toEqual([[4, 'fashion']]);
    expect(byId.get('online.marketplace.shop')?.open.size).toBe(0);
  });

  it('gives an entry that stops at a platform the categories it could be, and one that goes deeper none', () => {
    const [amazon, chosen, shop] = toEngineEntries(
      [
        {
          id: 'a',
          amount: 1000,
          frequency: 'MONTHLY',
          spending_mode: 'online',
          platform_type: 'online.marketplace',
          platform_name: 'online.marketplace.amazon',
        },
        {
          id: 'b',
          amount: 1000,
          frequency: 'MONTHLY',
          spending_mode: 'online',
          platform_type: 'online.marketplace',
          platform_name: 'online.marketplace.amazon',
          spending_category: 'online.marketplace.amazon.grocery',
        },
        {
          id: 'c',
          amount: 1000,
          frequency: 'MONTHLY',
          spending_mode: 'online',
          platform_type: 'online.marketplace',
          platform_name: 'online.marketplace.shop',
        },
      ] as AccountSpendingEntry[],
      byId,
    ).map((b) => b.entry);
    expect(amazon?.category).toBeNull();
    expect(amazon?.open).toEqual({ category: ['electronics', 'grocery'] });
    expect(chosen?.category).toBe('grocery');
    expect(chosen?.open).toBeUndefined();
    expect(shop?.category).toBe('fashion');
    expect(shop?.open).toBeUndefined();
  });
});
