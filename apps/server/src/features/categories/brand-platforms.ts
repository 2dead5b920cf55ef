import type { CategoryRef } from './category-index.ts';

/** Free-text brand → the slug form rules use ("Indian Oil" → "indian_oil"). */
export function brandSlug(brand: string | null): string | null {
  if (!brand) return null;
  const slug = brand
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
  return slug || null;
}

/** The slug's letters and digits: "Indian Oil", "IndianOil (IOCL)" and `indianoil` meet as "indianoil". */
export const brandKey = (text: string): string => brandSlug(text)?.replace(/_/g, '') ?? '';

/** The keys a platform-name node answers to: its slug, its name, the name before and inside brackets. */
function keysOf(node: CategoryRef): string[] {
  const inBrackets = [...node.name.matchAll(/\(([^)]*)\)/g)].map((m) => m[1] ?? '');
  const keys = [node.slug, node.name, node.name.replace(/\([^)]*\)/g, ''), ...inBrackets].map(brandKey);
  return [...new Set(keys.filter((k) => k.length >= 3))];
}

const PLATFORM_NAME_LEVEL = 3;
const cache = new WeakMap<Map<string, CategoryRef>, Map<string, string[]>>();

/** Platform-name node ids by the keys they answer to; built once per category index. */
function platformsByKey(byId: Map<string, CategoryRef>): Map<string, string[]> {
  let index = cache.get(byId);
  if (index) return index;
  index = new Map();
  for (const [id, node] of byId) {
    if (node.level !== PLATFORM_NAME_LEVEL) continue;
    for (const key of keysOf(node)) {
      const ids = index.get(key);
      if (ids) ids.push(id);
      else index.set(key, [id]);
    }
  }
  cache.set(byId, index);
  return index;
}

/** A node and its ancestors, top level first. */
function pathOf(id: string, byId: Map<string, CategoryRef>): { id: string; node: CategoryRef }[] {
  const out: { id: string; node: CategoryRef }[] = [];
  for (let at: string | null = id; at !== null; ) {
    const node = byId.get(at);
    if (!node) break;
    out.unshift({ id: at, node });
    at = node.parentId;
  }
  return out;
}

/**
 * The platform a free-text brand names, for an entry the user left above the platform level
 * ("Offline", brand "Indian Oil"): the platform-name nodes whose name or slug the brand spells,
 * below the node the user chose (`chosenId`, null when none). Returns the path shared by every such
 * node (top level first), so a brand found under one platform only fills in that platform and what
 * it implies, and a brand found under several fills in only what they have in common. Empty when
 * the brand names no platform: a product brand ("Apple") or a typo changes nothing.
 */
export function platformPathOfBrand(
  brand: string,
  chosenId: string | null,
  byId: Map<string, CategoryRef>,
): CategoryRef[] {
  const ids = platformsByKey(byId).get(brandKey(brand)) ?? [];
  const paths = ids
    .map((id) => pathOf(id, byId))
    .filter((path) => chosenId === null || path.some((p) => p.id === chosenId));
  const first = paths[0];
  if (!first) return [];
  const shared: CategoryRef[] = [];
  for (let i = 0; i < first.length; i++) {
    const id = first[i]?.id;
    if (!paths.every((p) => p[i]?.id === id)) break;
    shared.push(first[i]?.node as CategoryRef);
  }
  return shared;
}
