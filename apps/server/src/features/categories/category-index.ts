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
   * A spend named by this node is then certainly of that kind (levelsBelow: the levels every
   * path below reaches, with one slug there).
   */
  implied: ReadonlyMap<number, string>;
  /**
   * Deeper levels every path below this node reaches, with more than one slug there (level →
   * those slugs): Online › Amazon.in could be electronics, fashion, grocery… A rule on that level
   * applies to a spend named by this node only when it lists every one of them (the engine's
   * `open` entries), as it would whichever the user had chosen.
   */
  open: ReadonlyMap<number, readonly string[]>;
}

export interface NodeRow {
  id: string;
  parent_id: string | null;
  slug: string;
  name: string;
  level: number;
}

/**
 * For every node, the slugs each deeper level can take below it (level → slugs), for the levels
 * every path below the node reaches: a leaf above a level could be a spend of another kind, so
 * that level says nothing certain and is left out.
 */
function levelsBelow(rows: readonly NodeRow[]): Map<string, Map<number, Set<string>>> {
  const children = new Map<string, NodeRow[]>();
  for (const r of rows) {
    if (r.parent_id === null) continue;
    const list = children.get(r.parent_id);
    if (list) list.push(r);
    else children.set(r.parent_id, [r]);
  }
  const out = new Map<string, Map<number, Set<string>>>();
  // Deepest level first, so every child is done before its parent.
  for (const node of [...rows].sort((x, y) => y.level - x.level)) {
    const kids = children.get(node.id) ?? [];
    // Each child contributes its own slug at its level plus what it can be below.
    const per = kids.map((k) => new Map([[k.level, new Set([k.slug])], ...(out.get(k.id) ?? [])]));
    const below = new Map<number, Set<string>>();
    for (const level of per[0]?.keys() ?? []) {
      if (!per.every((m) => m.has(level))) continue;
      below.set(level, new Set(per.flatMap((m) => [...(m.get(level) ?? [])])));
    }
    out.set(node.id, below);
  }
  return out;
}

/** Category node id → its parent, slug, name, level, and its implied and open deeper levels. */
export function indexCategories(rows: readonly NodeRow[]): Map<string, CategoryRef> {
  const below = levelsBelow(rows);
  return new Map(
    rows.map((r) => {
      const implied = new Map<number, string>();
      const open = new Map<number, readonly string[]>();
      for (const [level, slugs] of below.get(r.id) ?? []) {
        if (slugs.size === 1) implied.set(level, [...slugs][0] as string);
        else open.set(level, [...slugs].sort());
      }
      return [r.id, { parentId: r.parent_id, slug: r.slug, name: r.name, level: r.level, implied, open }];
    }),
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

const categoryNames = new WeakMap<ReadonlyMap<string, CategoryRef>, Map<string, string>>();

/**
 * The name of a spending category (level 4) by its slug, which names it under every platform.
 * The slug → name map is built once per category index (each index is a new map).
 */
export function categoryNameOf(byId: ReadonlyMap<string, CategoryRef>, slug: string): string {
  let names = categoryNames.get(byId);
  if (names === undefined) {
    names = new Map();
    for (const ref of byId.values())
      if (ref.level === 4 && !names.has(ref.slug)) names.set(ref.slug, ref.name);
    categoryNames.set(byId, names);
  }
  return names.get(slug) ?? slug.replace(/_/g, ' ');
}
