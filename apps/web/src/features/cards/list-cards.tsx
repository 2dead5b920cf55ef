import type { BankDto, CardSummary, Section } from '@cardwise/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RotateCw, SearchX } from 'lucide-react';
import { memo, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { TooltipProvider } from '../layout/tooltip-provider.tsx';
import { useTenant } from '../tenant/tenant-context.ts';
import { CardFiltersBar } from './card-filters.tsx';
import { CardTile } from './card-tile.tsx';
import { cardKeys, fetchCards, fetchCategories } from './cards-api.ts';
import { CardGridSkeleton } from './cards-page-frame.tsx';
import { categoryOptions } from './category-names.ts';
import { hasActiveFilters, issuingBanks, listQueryFor, PAGE_SIZE } from './filters.ts';
import { Pagination } from './pagination.tsx';
import { useCardFilters } from './use-card-filters.ts';

/** Spec §8 page-level fallback for the card list. */
export const CARDS_ERROR_TEXT = 'Something went wrong loading cards. Please try again.';

/** One empty list for "no banks yet", so the memoised filter bar sees the same props. */
const NO_BANKS: readonly BankDto[] = [];

/** The tiles of one answer: re-rendered only when the answer changes, not on each fetch state. */
const CardGrid = memo(function CardGrid({ cards }: { cards: readonly CardSummary[] }) {
  return cards.map((card) => <CardTile key={card.id} card={card} />);
});

/** Filters, results and pagination of /cards and /cards/:section (the heading is in CardsPageFrame). */
export default function CardsBrowser({ section }: { section: Section | null }) {
  const { config } = useTenant();
  // The list ends with the product's own brand, which issues no card ('Cardwise' found nothing).
  const banks = useMemo(() => (config ? issuingBanks(config.banks) : NO_BANKS), [config]);
  const { filters, change, clear } = useCardFilters();
  const resultsRef = useRef<HTMLHeadingElement>(null);

  const query = useMemo(() => listQueryFor(filters, section), [filters, section]);
  const cards = useQuery({
    queryKey: cardKeys.list(query),
    queryFn: () => fetchCards(query),
    placeholderData: keepPreviousData,
  });
  // The category filter is optional: if the tree fails to load, the filter stays off quietly.
  // It loads after the first answer for the cards (a larger download, needed only to open
  // the filter), or at once when the URL filters by a category, whose name the filter shows.
  const categories = useQuery({
    queryKey: cardKeys.categories,
    queryFn: fetchCategories,
    meta: { toast: false },
    enabled: filters.category !== null || cards.data !== undefined || cards.isError,
  });
  const categoryList = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);

  // Keyboard focus follows the list: Next (or a page number) is 3,000 px below the new page's
  // first cards, and on the last page Next becomes disabled under the focus, which then falls to
  // the page. The results heading says where the reader is ("Showing 13–24 of 80 cards").
  const focusResults = () => resultsRef.current?.focus({ preventScroll: true });
  function goToPage(page: number) {
    change({ page });
    focusResults();
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }
  // Either "Clear all filters" disappears once pressed, dropping focus to the page.
  function clearFilters() {
    clear();
    focusResults();
  }

  // Rendering a page of tiles is the heaviest work here: the deferred copy renders in a
  // time-sliced transition, so it never blocks input in one long task.
  const data = useDeferredValue(cards.data);
  const loading = data === undefined && !cards.isError;
  const count = data?.count ?? 0;
  // A page past the end (an old link, a list that shrank, a hand-typed ?page=99) shows the last
  // page instead of "Showing 1177–40 of 40" over no cards.
  const lastPage = Math.max(1, Math.ceil((cards.data?.count ?? 0) / PAGE_SIZE));
  const pastTheEnd = cards.data !== undefined && !cards.isPlaceholderData && filters.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) change({ page: lastPage }, { replace: true });
  }, [pastTheEnd, lastPage, change]);
  const first = (filters.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(count, filters.page * PAGE_SIZE);
  const resultsText = loading
    ? 'Loading cards…'
    : cards.isError && !data
      ? 'Cards could not be loaded'
      : count === 0
        ? 'No cards found'
        : `Showing ${first}–${last} of ${count} card${count === 1 ? '' : 's'}`;

  return (
    <TooltipProvider>
      <CardFiltersBar
        filters={filters}
        onChange={change}
        onClear={clearFilters}
        banks={banks}
        categories={categoryList}
      />

      <h2 ref={resultsRef} tabIndex={-1} className="mt-8 mb-4 text-sm font-medium text-muted-foreground">
        {resultsText}
      </h2>
      {/* A filter or search changes the list without moving focus: this says what came of it to a
          screen reader (the heading is not a live region, so its change went unheard). */}
      <p role="status" className="sr-only">
        {loading || cards.isFetching ? '' : resultsText}
      </p>

      {loading ? (
        <CardGridSkeleton />
      ) : cards.isError && !data ? (
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
            <button type="button" className="btn-outline mt-5" onClick={clearFilters}>
              Clear all filters
            </button>
          ) : null}
        </div>
      ) : (
        <>
          <div
            className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${cards.isPlaceholderData || data !== cards.data ? 'opacity-60' : ''}`}
            aria-busy={cards.isFetching}
          >
            {data ? <CardGrid cards={data.results} /> : null}
          </div>
          <Pagination page={filters.page} pageSize={PAGE_SIZE} count={count} onPage={goToPage} />
        </>
      )}
    </TooltipProvider>
  );
}
