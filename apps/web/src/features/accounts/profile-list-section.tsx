import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A /profile section that lists what one account call returns (applications, referred friends,
 * notifications): its heading, a line saying what the list is, and the list's three states
 * besides its items. A failure is said in the section, beside what failed, with Try again (the
 * calls run with `meta: { toast: false }`); an empty list says so with the section's own words.
 */
export function ProfileListSection<T>({
  id,
  title,
  intro,
  query,
  failedText,
  skeletonClassName = 'h-16',
  emptyIcon: EmptyIcon,
  empty,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  query: UseQueryResult<T[]>;
  failedText: string;
  skeletonClassName?: string;
  emptyIcon: LucideIcon;
  empty: ReactNode;
  /** The list itself, given at least one item. */
  children: (items: T[]) => ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-0.5 text-sm text-muted-foreground">{intro}</p>
      <div className="mt-5">
        {query.isPending ? (
          <div className={`skeleton ${skeletonClassName}`} aria-busy="true" />
        ) : query.isError ? (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed border-border p-4 text-sm">
            <span>{failedText}</span>
            <button type="button" className="btn-outline" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : query.data.length ? (
          children(query.data)
        ) : (
          <p className="flex items-center gap-2 rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
            <EmptyIcon className="size-4 shrink-0" aria-hidden="true" />
            <span>{empty}</span>
          </p>
        )}
      </div>
    </section>
  );
}
