import type { CategoryNodeDto } from '@cardwise/contracts';

/** slug → display name over the whole tree; the first node with a slug names it (slugs repeat under parents). */
export function categoryNameIndex(tree: readonly CategoryNodeDto[]): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (nodes: readonly CategoryNodeDto[]) => {
    for (const node of nodes) {
      if (!names.has(node.slug)) names.set(node.slug, node.name);
      walk(node.children);
    }
  };
  walk(tree);
  return names;
}

/** Depth of the "category" level: mode (0) → platform type → platform name → category (3). */
const CATEGORY_DEPTH = 3;

/** Distinct spending categories (the tree's category level), sorted by name, for the filter. */
export function categoryOptions(tree: readonly CategoryNodeDto[]): { slug: string; name: string }[] {
  const found = new Map<string, string>();
  const walk = (nodes: readonly CategoryNodeDto[], depth: number) => {
    for (const node of nodes) {
      if (depth === CATEGORY_DEPTH) {
        if (!found.has(node.slug)) found.set(node.slug, node.name);
      } else {
        walk(node.children, depth + 1);
      }
    }
  };
  walk(tree, 0);
  return [...found].map(([slug, name]) => ({ slug, name })).sort((a, b) => byName(a.name, b.name));
}

/**
 * Case-insensitive code-point order. Not localeCompare: its first call builds an ICU
 * collator, ~60-90 ms of main thread at the mobile CPU on /cards, for names that are
 * plain English anyway.
 */
function byName(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}
