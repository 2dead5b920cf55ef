import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';

export interface CategoryRef {
  /** The parent node's id (null at the top level): an entry's levels must lie on one path. */
  parentId: string | null;
  slug: string;
  name: string;
  level: number;
  /**
   * Slugs of deeper levels that every path below this node passes through (level → slug),
   * e.g. Offline › Fuel station › IndianOil has only Fuel below it, so level 4 → 'fuel'.
   * A spend named by this node is then certainly of that kind (see impliedLevels).
   */
  implied: ReadonlyMap<number, string>;
}

export interface NodeRow {
  id: string;
  parent_id: string | null;
  slug: string;
  name: string;
  level: number;
}

/**
 * For every node, the deeper levels whose slug is the same on every path below it. A level
 * counts only when each path reaches it (a leaf above it could be a spend of another kind),
 * so a rule on that level (an exclusion of fuel, a rate on fuel) sees the entry exactly as
 * it would have seen the user choosing the only possible node there.
 */
export function impliedLevels(rows: readonly NodeRow[]): Map<string, Map<number, string>> {
  const children = new Map<string, NodeRow[]>();
  for (const r of rows) {
    if (r.parent_id === null) continue;
    const list = children.get(r.parent_id);
    if (list) list.push(r);
    else children.set(r.parent_id, [r]);
  }
  const out = new Map<string, Map<number, string>>();
  // Deepest level first, so every child is done before its parent.
  for (const node of [...rows].sort((x, y) => y.level - x.level)) {
    const implied = new Map<number, string>();
    const kids = children.get(node.id) ?? [];
    // Each child contributes its own slug at its level plus what is implied below it.
    const per = kids.map((k) => new Map([[k.level, k.slug], ...(out.get(k.id) ?? [])]));
    for (const [level, slug] of per[0] ?? [])
      if (per.every((m) => m.get(level) === slug)) implied.set(level, slug);
    out.set(node.id, implied);
  }
  return out;
}

/** Category node id → its parent, slug, name, level and implied deeper levels. */
export function indexCategories(rows: readonly NodeRow[]): Map<string, CategoryRef> {
  const implied = impliedLevels(rows);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        parentId: r.parent_id,
        slug: r.slug,
        name: r.name,
        level: r.level,
        implied: implied.get(r.id) ?? new Map(),
      },
    ]),
  );
}

/** The category index, read once per TTL (the tree changes only on import). */
export function categoryIndex(db: Db, ttlMs: number) {
  let cached: { at: number; byId: Map<string, CategoryRef> } | undefined;
  let loading: Promise<Map<string, CategoryRef>> | undefined;
  return async function lookup(): Promise<Map<string, CategoryRef>> {
    if (cached && Date.now() - cached.at < ttlMs) return cached.byId;
    loading ??= db
      .select({
        id: categories.id,
        parent_id: categories.parent_id,
        slug: categories.slug,
        name: categories.name,
        level: categories.level,
      })
      .from(categories)
      // Siblings in catalogue order, so a list drawn from the index (payment apps) keeps it.
      .orderBy(asc(categories.level), asc(categories.position))
      .then((rows) => {
        const byId = indexCategories(rows);
        cached = { at: Date.now(), byId };
        return byId;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
}
export type CategoryIndex = ReturnType<typeof categoryIndex>;
