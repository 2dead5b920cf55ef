import { type CategoryNodeDto, joinSpendLabel } from '@cardwise/contracts';

/**
 * The six cascading levels of the spending form (spec §2), in order: each select lists
 * the children of the node chosen one level up, and a change clears every deeper level.
 */
export const LEVELS = [
  { key: 'spending_mode', label: 'Spending mode', placeholder: 'Online, offline or international' },
  { key: 'platform_type', label: 'Platform type', example: 'Food delivery' },
  { key: 'platform_name', label: 'Platform name', example: 'Swiggy' },
  { key: 'spending_category', label: 'Spending category', example: 'Grocery' },
  { key: 'spending_sub_category', label: 'Sub category', placeholder: 'Narrow it down' },
  { key: 'product', label: 'Product', placeholder: 'The item itself' },
] as const;

export type LevelKey = (typeof LEVELS)[number]['key'];

/**
 * What level `index` shows while empty, given the options it lists: its example is one of them.
 * A fixed 'e.g. Food delivery' under Offline, or 'e.g. Swiggy' under Fuel station, named a choice
 * the list did not hold; the usual example is kept where it is listed, else the first option.
 */
export function levelPlaceholder(index: number, options: readonly CategoryNodeDto[]): string {
  const level = LEVELS[index];
  if (!level) return '';
  if (!('example' in level)) return level.placeholder;
  const wanted = level.example.toLocaleLowerCase('en-IN');
  const example = options.find((o) => o.name.toLocaleLowerCase('en-IN') === wanted) ?? options[0];
  return `e.g. ${example?.name ?? level.example}`;
}

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

function isBelow(node: CategoryNodeDto, id: string, depth: number = LEVELS.length): boolean {
  if (depth === 0) return false;
  return node.children.some((child) => child.id === id || isBelow(child, id, depth - 1));
}

/**
 * The entry's levels that the current taxonomy still lists, each below the one kept above it;
 * from the first that is not, it and every deeper level are cleared. Entries saved before a
 * catalogue update can name nodes that no longer exist, and the server refuses those (400):
 * one such entry would otherwise block every recommendation and every save of the list.
 * Returns the same object when nothing changes.
 */
export function withListedLevels<T extends LevelSelection>(
  entry: T,
  byId: ReadonlyMap<string, CategoryNodeDto>,
): T {
  let above: CategoryNodeDto | null = null;
  for (const [index, level] of LEVELS.entries()) {
    const id = entry[level.key];
    if (!id) continue;
    const node = byId.get(id);
    if (!node || (above !== null && !isBelow(above, id))) {
      const next = { ...entry };
      for (const deeper of LEVELS.slice(index)) next[deeper.key] = null;
      return next;
    }
    above = node;
  }
  return entry;
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
  return joinSpendLabel(names, brand);
}

const CATEGORY_LEVEL = 4;

/**
 * The spending categories the spend the selection names could still be of, in the tree's order,
 * each once: none when it is chosen or when nothing is. Cards pay and exclude by category, so an
 * answer is exact only once one is chosen; a node with one category below is that category already.
 */
export function openCategories(
  byId: ReadonlyMap<string, CategoryNodeDto>,
  selection: LevelSelection,
): string[] {
  if (selection.spending_category) return [];
  let deepest: CategoryNodeDto | undefined;
  for (const level of LEVELS) {
    const id = selection[level.key];
    if (id) deepest = byId.get(id) ?? deepest;
  }
  if (!deepest) return [];
  const names = new Map<string, string>();
  const walk = (node: CategoryNodeDto) => {
    if (node.level === CATEGORY_LEVEL) {
      if (!names.has(node.slug)) names.set(node.slug, node.name);
    } else if (node.level < CATEGORY_LEVEL) for (const child of node.children) walk(child);
  };
  walk(deepest);
  return [...names.values()];
}

/**
 * Whether the spend the selection names could still be of more than one spending category: the
 * user stopped above the category level where the nodes below differ (a bill-payment app pays
 * electricity, phone and card bills alike).
 */
export function categoryStillOpen(
  byId: ReadonlyMap<string, CategoryNodeDto>,
  selection: LevelSelection,
): boolean {
  return openCategories(byId, selection).length > 1;
}
