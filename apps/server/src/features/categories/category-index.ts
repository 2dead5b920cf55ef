import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';

export interface CategoryRef {
  slug: string;
  name: string;
  level: number;
}

/** Category node id → slug, name and level; read once per TTL (the tree changes only on import). */
export function categoryIndex(db: Db, ttlMs: number) {
  let cached: { at: number; byId: Map<string, CategoryRef> } | undefined;
  let loading: Promise<Map<string, CategoryRef>> | undefined;
  return async function lookup(): Promise<Map<string, CategoryRef>> {
    if (cached && Date.now() - cached.at < ttlMs) return cached.byId;
    loading ??= db
      .select({ id: categories.id, slug: categories.slug, name: categories.name, level: categories.level })
      .from(categories)
      .then((rows) => {
        const byId = new Map(rows.map((r) => [r.id, { slug: r.slug, name: r.name, level: r.level }]));
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
