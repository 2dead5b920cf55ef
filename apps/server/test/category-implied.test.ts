import { describe, expect, it } from 'vitest';
import { impliedLevels } from '../src/features/categories/category-index.ts';

const node = (id: string, parent: string | null, level: number) => ({
  id,
  parent_id: parent,
  slug: id.split('.').pop() as string,
  name: id,
  level,
});

describe('impliedLevels', () => {
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
  ];
  const implied = impliedLevels(rows);

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
