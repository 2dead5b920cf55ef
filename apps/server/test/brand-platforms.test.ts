import { readFileSync } from 'node:fs';
import {
  type AccountSpendingEntry,
  accountSpendingEntrySchema,
  type CategoryNodeInput,
  catalogFileSchema,
} from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { platformPathOfBrand } from '../src/features/categories/brand-platforms.ts';
import { indexCategories, type NodeRow } from '../src/features/categories/category-index.ts';
import { toEngineEntries } from '../src/features/recommendations/build-instance.ts';

// The demo catalogue's real taxonomy, indexed as the server indexes its categories table.
const catalog = catalogFileSchema.parse(
  JSON.parse(readFileSync(new URL('../seed/demo-catalog.json', import.meta.url), 'utf8')),
);
const rows: NodeRow[] = [];
const flatten = (nodes: CategoryNodeInput[], parent: string | null, level: number) => {
  for (const n of nodes) {
    rows.push({ id: n.id, parent_id: parent, slug: n.slug, name: n.name, level });
    flatten(n.children ?? [], n.id, level + 1);
  }
};
flatten(catalog.categories, null, 1);
const byId = indexCategories(rows);

const entry = (fields: Partial<AccountSpendingEntry>): AccountSpendingEntry =>
  accountSpendingEntrySchema.parse({ id: 'e1', amount: 6000, frequency: 'MONTHLY', ...fields });
const built = (fields: Partial<AccountSpendingEntry>) => toEngineEntries([entry(fields)], byId)[0];

describe('a brand that spells a platform names that platform (spending entries)', () => {
  it('reads "Offline", brand "Indian Oil" as IndianOil fuel, however it is spelt', () => {
    for (const brand of ['Indian Oil', 'IndianOil', 'indian-oil', 'IOCL']) {
      const e = built({ spending_mode: 'offline', brand })?.entry;
      expect(e, brand).toMatchObject({
        mode: 'offline',
        platform_type: 'fuel_station',
        platform_name: 'indianoil',
        category: 'fuel',
      });
    }
    // The label keeps what the user chose and typed.
    expect(built({ spending_mode: 'offline', brand: 'Indian Oil' })?.label).toBe('Offline • Indian Oil');
    // Nothing chosen at all: the brand alone places it.
    expect(built({ brand: 'HPCL' })?.entry).toMatchObject({
      mode: 'offline',
      platform_name: 'hpcl',
      category: 'fuel',
    });
  });

  it('changes nothing for a brand that names no platform, or one outside the branch the user chose', () => {
    expect(built({ spending_mode: 'offline', brand: 'Apple' })?.entry).toMatchObject({
      mode: 'offline',
      platform_type: null,
      platform_name: null,
      category: null,
      brand: 'apple',
    });
    // IndianOil is a fuel station, not an online platform.
    expect(built({ spending_mode: 'online', brand: 'Indian Oil' })?.entry).toMatchObject({
      mode: 'online',
      platform_name: null,
      category: null,
    });
    // A platform chosen by the user is never replaced by what the brand spells.
    expect(
      built({
        spending_mode: 'offline',
        platform_type: 'offline.fuel_station',
        platform_name: 'offline.fuel_station.hpcl',
        brand: 'Indian Oil',
      })?.entry.platform_name,
    ).toBe('hpcl');
  });

  it('fills in only what every platform of that name shares when the name is found in several places', () => {
    const names = rows.filter((r) => r.level === 3);
    const bySlug = new Map<string, string[]>();
    for (const r of names) bySlug.set(r.slug, [...(bySlug.get(r.slug) ?? []), r.id]);
    const [slug, ids] = [...bySlug].find(([, list]) => list.length > 1) ?? [];
    expect(ids?.length).toBeGreaterThan(1);
    const path = platformPathOfBrand(slug as string, null, byId);
    // The platforms differ at some level, so the shared path stops above the platform name.
    expect(path.length).toBeLessThan(3);
    for (const id of ids ?? []) expect(id.startsWith(path.map((p) => p.slug).join('.'))).toBe(true);
  });
});
