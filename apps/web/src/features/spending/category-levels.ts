import type { CategoryNodeDto } from '@cardwise/contracts';

/**
 * The six cascading levels of the spending form (spec §2), in order: each select lists
 * the children of the node chosen one level up, and a change clears every deeper level.
 */
export const LEVELS = [
  { key: 'spending_mode', label: 'Spending mode', placeholder: 'Online, offline or international' },
  { key: 'platform_type', label: 'Platform type', placeholder: 'e.g. Food delivery' },
  { key: 'platform_name', label: 'Platform name', placeholder: 'e.g. Swiggy' },
  { key: 'spending_category', label: 'Spending category', placeholder: 'e.g. Groceries' },
  { key: 'spending_sub_category', label: 'Sub category', placeholder: 'Narrow it down' },
  { key: 'product', label: 'Product', placeholder: 'The item itself' },
] as const;

export type LevelKey = (typeof LEVELS)[number]['key'];

/** The chosen node id (as text) per level; null when not chosen. */
export type LevelSelection = Record<LevelKey, string | null>;

export const EMPTY_SELECTION: LevelSelection = {
  spending_mode: null,
  platform_type: null,
  platform_name: null,
  spending_category: null,
  spending_sub_category: null,
  product: null,
};

/** Id → node, for labels and for walking down the chosen path. */
export function indexTree(tree: readonly CategoryNodeDto[]): Map<string, CategoryNodeDto> {
  const byId = new Map<string, CategoryNodeDto>();
  const walk = (nodes: readonly CategoryNodeDto[]) => {
    for (const node of nodes) {
      byId.set(node.id, node);
      walk(node.children);
    }
  };
  walk(tree);
  return byId;
}

/**
 * Options of level `index`: the roots for the first level, else the children of the
 * parent's choice. Null means "disabled": the parent has no value (spec §4).
 */
export function optionsAt(
  tree: readonly CategoryNodeDto[],
  byId: ReadonlyMap<string, CategoryNodeDto>,
  selection: LevelSelection,
  index: number,
): CategoryNodeDto[] | null {
  if (index === 0) return [...tree];
  const parentKey = LEVELS[index - 1]?.key;
  const parentId = parentKey ? selection[parentKey] : null;
  if (!parentId) return null;
  return byId.get(parentId)?.children ?? [];
}

/** Set one level and clear every deeper one (spec §4: changing a level clears all deeper levels). */
export function selectLevel(selection: LevelSelection, key: LevelKey, value: string | null): LevelSelection {
  const index = LEVELS.findIndex((l) => l.key === key);
  const next = { ...selection, [key]: value };
  for (const level of LEVELS.slice(index + 1)) next[level.key] = null;
  return next;
}

/** The chosen levels' names joined by a bullet ("Online • Food delivery • Swiggy"), plus the brand. */
export function entryLabel(
  selection: LevelSelection,
  byId: ReadonlyMap<string, CategoryNodeDto>,
  brand?: string | null,
): string {
  const names = LEVELS.map((l) => selection[l.key])
    .filter((id): id is string => Boolean(id))
    .map((id) => byId.get(id)?.name ?? id);
  if (brand?.trim()) names.push(brand.trim());
  return names.join(' • ');
}
