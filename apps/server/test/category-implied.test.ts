import type { AccountSpendingEntry } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { toEngineEntries } from '../src/features/recommendations/build-instance.ts';
import { type TreeNode, taxonomyOf } from './support/taxonomy.ts';

/** A node of the tree, named by its slug. */
const n = (slug: string, ...children: TreeNode[]): TreeNode => ({
  slug,
  name: slug,
  children,
});

/** One small tree for both: fuel brands and a grocery shop offline, a marketplace online. */
const { byId } = taxonomyOf([
  n(
    'offline',
    n('fuel_station', n('iocl', n('fuel')), n('bpcl', n('fuel'))),
    // A shop with no category below it (corner_shop): spend there could be anything.
    n('grocery', n('dmart', n('groceries')), n('corner_shop')),
  ),
  n(
    'online',
    n(
      'marketplace',
      n('amazon', n('electronics'), n('grocery', n('staples'))),
      n('shop', n('fashion')),
      n('corner'),
    ),
  ),
]);

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
