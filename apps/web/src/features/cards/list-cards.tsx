import type { Section } from '@cardwise/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RotateCw, SearchX } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../layout/use-page-title.ts';
import { useTenant } from '../tenant/tenant-context.ts';
import { CardFiltersBar } from './card-filters.tsx';
import { CardSkeleton } from './card-skeleton.tsx';
import { CardTile } from './card-tile.tsx';
import { cardKeys, fetchCards, fetchCategories } from './cards-api.ts';
import { categoryOptions } from './category-names.ts';
import { hasActiveFilters, listQueryFor, PAGE_SIZE } from './filters.ts';
import { OutdatedLinkNotice } from './outdated-link-notice.tsx';
import { Pagination } from './pagination.tsx';
import { SECTION_INFO } from './sections.ts';
import { useCardFilters } from './use-card-filters.ts';

/** Spec §8 page-level fallback for the card list. */
export const CARDS_ERROR_TEXT = 'Something went wrong loading cards. Please try again.';

const SKELETONS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** The card list of /cards and /cards/:section. */
export function ListCards({ section }: { section: Section | null }) {
  const info = section ? SECTION_INFO[section] : null;
  usePageTitle(info?.title ?? 'Credit Cards');
  const { config } = useTenant();
  const { filters, change, clear } = useCardFilters();
  const location = useLocation();
  const navigate = useNavigate();
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const outdated = (location.state as { outdatedLink?: boolean } | null)?.outdatedLink === true;

  const query = useMemo(() => listQueryFor(filters, section), [filters, section]);
  const cards = useQuery({
    queryKey: cardKeys.list(query),
    queryFn: () => fetchCards(query),
    placeholderData: keepPreviousData,
  });
  // The category filter is optional: if the tree fails to load, the filter stays off quietly.
  const categories = useQuery({
    queryKey: cardKeys.categories,
    queryFn: fetchCategories,
    meta: { toast: false },
  });
  const categoryList = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);

  function dismissOutdated() {
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    resultsRef.current?.focus();
  }

  function goToPage(page: number) {
    change({ page });
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  const count = cards.data?.count ?? 0;
  const first = (filters.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(count, filters.page * PAGE_SIZE);

  return (
    <div className="container-page py-8 sm:py-12">
      {outdated ? <OutdatedLinkNotice onBrowse={dismissOutdated} /> : null}
      <header className="mb-8 max-w-3xl">
        <p className="text-sm font-semibold text-primary">{info ? 'Editor’s section' : 'Compare'}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
          {info?.title ?? 'Credit Cards'}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {info?.intro ??
            'Every card with its fee, fee type and key benefits. Filter by bank, fee or where you spend, then open a card for the full details.'}
        </p>
      </header>

      <CardFiltersBar
        filters={filters}
        onChange={change}
        onClear={clear}
        banks={config?.banks ?? []}
        categories={categoryList}
      />

      <h2
        ref={resultsRef}
        tabIndex={-1}
        className="mt-8 mb-4 scroll-mt-24 text-sm font-medium text-muted-foreground"
      >
        {cards.isPending
          ? 'Loading cards…'
          : cards.isError
            ? 'Cards could not be loaded'
            : count === 0
              ? 'No cards found'
              : `Showing ${first}–${last} of ${count} card${count === 1 ? '' : 's'}`}
      </h2>

      {cards.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {SKELETONS.map((k) => (
            <CardSkeleton key={k} />
          ))}
        </div>
      ) : cards.isError && !cards.data ? (
        <div role="alert" className="rounded-2xl border border-border bg-card p-10 text-center">
          <p className="font-semibold">{CARDS_ERROR_TEXT}</p>
          <button type="button" className="btn-primary mt-5" onClick={() => cards.refetch()}>
            <RotateCw className="size-4" aria-hidden="true" /> Try again
          </button>
        </div>
      ) : count === 0 ? (
        <div className="rounded-2xl border border-dashed border-border bg-card p-10 text-center">
          <SearchX className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-3 font-semibold">No cards match these filters.</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {hasActiveFilters(filters)
              ? 'Try removing a filter or searching for a different card or bank name.'
              : 'There are no cards in this list yet.'}
          </p>
          {hasActiveFilters(filters) ? (
            <button type="button" className="btn-outline mt-5" onClick={clear}>
              Clear all filters
            </button>
          ) : null}
        </div>
      ) : (
        <>
          <div
            className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${cards.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={cards.isFetching}
          >
            {cards.data?.results.map((card) => (
              <CardTile key={card.id} card={card} />
            ))}
          </div>
          <Pagination page={filters.page} pageSize={PAGE_SIZE} count={count} onPage={goToPage} />
        </>
      )}
    </div>
  );
}
