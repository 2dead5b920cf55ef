import type { CategoryNodeDto } from '@cardwise/contracts';
import { CATEGORY_LEVELS } from '@cardwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../layout/use-page-title.ts';
import { cardKeys, fetchCategories } from './cards-api.ts';

function Nodes({ nodes, depth }: { nodes: readonly CategoryNodeDto[]; depth: number }) {
  return (
    <ul className={depth ? 'ml-4 border-l border-border pl-3' : ''}>
      {nodes.map((n) => (
        <li key={n.id} className="py-0.5">
          <span className="font-medium">{n.name}</span>{' '}
          <code className="text-xs text-muted-foreground">
            {n.slug} · {CATEGORY_LEVELS[depth] ?? depth}
          </code>
          {n.children.length ? <Nodes nodes={n.children} depth={depth + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** /debug/categories: the spending taxonomy as the API serves it (development builds only). */
export default function DebugCategoriesPage() {
  usePageTitle('Categories (debug)');
  const tree = useQuery({ queryKey: cardKeys.categories, queryFn: fetchCategories });
  return (
    <section className="container-page py-10 text-sm">
      <h1 className="mb-4 text-2xl font-bold">Category tree</h1>
      {tree.isPending ? <p>Loading categories...</p> : null}
      {tree.isError ? <p>Failed to load categories.</p> : null}
      {tree.data ? <Nodes nodes={tree.data} depth={0} /> : null}
    </section>
  );
}
