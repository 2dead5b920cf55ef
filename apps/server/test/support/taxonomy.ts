import type { AccountSpendingEntry, EngineEntry } from '@cardwise/contracts';
import { type CategoryRef, indexCategories } from '../../src/features/categories/category-index.ts';
import { toEngineEntries } from '../../src/features/recommendations/build-instance.ts';

/** A catalogue's category node, or a test's own without ids (then its id is its path of slugs). */
export interface TreeNode {
  id?: string;
  slug: string;
  name: string;
  children?: readonly TreeNode[];
}

export interface TaxonomyRow {
  id: string;
  parent_id: string | null;
  slug: string;
  name: string;
  level: number;
}

const SPENDING_FIELDS = [
  'spending_mode',
  'platform_type',
  'platform_name',
  'spending_category',
  'spending_sub_category',
  'product',
] as const;

/** A category tree (a catalogue's `categories`) as the database holds it, indexed as the server indexes it. */
export function taxonomyOf(categories: readonly TreeNode[]) {
  const rows: TaxonomyRow[] = [];
  const collect = (nodes: readonly TreeNode[], parent: string | null, level: number) => {
    for (const n of nodes) {
      const id = n.id ?? (parent === null ? n.slug : `${parent}.${n.slug}`);
      rows.push({ id, parent_id: parent, slug: n.slug, name: n.name, level });
      collect(n.children ?? [], id, level + 1);
    }
  };
  collect(categories, null, 1);
  const byId: Map<string, CategoryRef> = indexCategories(rows);
  /** A ₹`amount`-a-month entry down to node `id`, as the spending form sends it, as the engine gets it. */
  const entryAt = (id: string, amount = 100): EngineEntry => {
    const path = id.split('.').map((_, i, all) => all.slice(0, i + 1).join('.'));
    const spend = { id: 'e', amount, frequency: 'MONTHLY' } as Record<string, unknown>;
    path.forEach((p, i) => {
      spend[SPENDING_FIELDS[i] as string] = p;
    });
    return toEngineEntries([spend as unknown as AccountSpendingEntry], byId)[0]?.entry as EngineEntry;
  };
  return { rows, byId, entryAt };
}
