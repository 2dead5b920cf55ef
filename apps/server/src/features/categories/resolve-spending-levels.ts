import type { AccountSpendingEntry } from '@cardwise/contracts';
import { HttpError } from '../../plumbing/errors.ts';
import type { CategoryRef } from './category-index.ts';

/** Which level each field of an entry as sent to the server must name (spec §3), and its engine field. */
export const LEVEL_FIELDS = [
  ['spending_mode', 'mode', 1, 'spending mode'],
  ['platform_type', 'platform_type', 2, 'platform type'],
  ['platform_name', 'platform_name', 3, 'platform name'],
  ['spending_category', 'category', 4, 'spending category'],
  ['spending_sub_category', 'sub_category', 5, 'sub category'],
  ['product', 'product', 6, 'product'],
] as const;

export type LevelField = (typeof LEVEL_FIELDS)[number];

type LevelIds = Pick<AccountSpendingEntry, LevelField[0]>;

function isBelow(node: CategoryRef, ancestorId: string, byId: Map<string, CategoryRef>): boolean {
  for (let id = node.parentId; id !== null; id = byId.get(id)?.parentId ?? null)
    if (id === ancestorId) return true;
  return false;
}

/**
 * The category nodes an entry names, shallow to deep, each checked: it exists, it is of its
 * field's level, and it lies below the node chosen above it (the form's cascade guarantees
 * this; a client that sends `online` with `offline.fuel_station` would get a label and a
 * match that belong to no real spend). Throws a 400 naming `{path}.{field}`.
 */
export function resolveSpendingLevels(
  entry: LevelIds,
  path: string,
  byId: Map<string, CategoryRef>,
): { field: LevelField; node: CategoryRef }[] {
  const out: { field: LevelField; node: CategoryRef }[] = [];
  let aboveId: string | null = null;
  for (const field of LEVEL_FIELDS) {
    const [name, , level, what] = field;
    const id = entry[name];
    if (id === null || id === undefined) continue;
    const node = byId.get(id);
    if (!node) throw new HttpError(400, `${path}.${name}: unknown category id '${id}'.`, 'invalid');
    if (node.level !== level)
      throw new HttpError(400, `${path}.${name}: category '${id}' is not a ${what}.`, 'invalid');
    if (aboveId !== null && !isBelow(node, aboveId, byId))
      throw new HttpError(400, `${path}.${name}: category '${id}' is not under '${aboveId}'.`, 'invalid');
    out.push({ field, node });
    aboveId = id;
  }
  return out;
}
