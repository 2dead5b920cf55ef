import type { BankDto } from '@cardwise/contracts';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { formatInr } from '../../lib/format.ts';
import { type FilterOption, FilterSelect } from './filter-select.tsx';
import {
  type CardFilters,
  FEE_PRESETS,
  feePresetOf,
  hasActiveFilters,
  SORT_OPTIONS,
  TAG_FILTERS,
} from './filters.ts';

interface Props {
  filters: CardFilters;
  onChange: (change: Partial<CardFilters>, options?: { replace?: boolean }) => void;
  onClear: () => void;
  banks: readonly BankDto[];
  categories: readonly { slug: string; name: string }[];
}

const SEARCH_DELAY_MS = 300;

const FEE_PRESET_OPTIONS: readonly FilterOption[] = FEE_PRESETS.map((p) => ({ value: p.id, label: p.label }));

/**
 * Memoised, with its options and handlers kept stable: the list page re-renders on every
 * query update (each one a synchronous render, as useQuery is an external store), and the
 * bar with its three Radix selects was re-rendered each time for nothing.
 */
export const CardFiltersBar = memo(function CardFiltersBar({
  filters,
  onChange,
  onClear,
  banks,
  categories,
}: Props) {
  const searchId = useId();
  const selectsId = useId();
  const [search, setSearch] = useState(filters.search);
  // On a phone the four selects stay behind a button: with them the bar filled the first screen
  // and no card showed above the fold. Wider screens always show them.
  const [selectsOpen, setSelectsOpen] = useState(false);
  const selectsSet = [filters.bank, filters.feeMin ?? filters.feeMax, filters.category, filters.sort].filter(
    (v) => v !== null,
  ).length;

  // The URL is the source of truth: back/forward or "clear" must reset the box.
  useEffect(() => setSearch(filters.search), [filters.search]);

  // Typing updates the URL after a pause, replacing history so Back leaves the page, not each letter.
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ search }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);

  const preset = feePresetOf(filters);
  const { feeMin, feeMax } = filters;
  const feeOptions = useMemo(
    () =>
      preset === 'custom'
        ? [
            ...FEE_PRESET_OPTIONS,
            {
              value: 'custom',
              label: `${formatInr(feeMin ?? 0)} to ${feeMax === null ? 'any' : formatInr(feeMax)}`,
            },
          ]
        : FEE_PRESET_OPTIONS,
    [preset, feeMin, feeMax],
  );
  // A bank the address names that is not in the list (a link from another site, a bank this
  // partner does not offer) stays visible as the active filter, so it can be seen and cleared.
  const bankOptions = useMemo(() => {
    const options = banks.map((b) => ({ value: b.code, label: b.name }));
    if (banks.length && filters.bank && !options.some((o) => o.value === filters.bank))
      options.push({ value: filters.bank, label: `${filters.bank} (not offered here)` });
    return options;
  }, [banks, filters.bank]);
  const categoryOptions = useMemo(
    () => categories.map((c) => ({ value: c.slug, label: c.name })),
    [categories],
  );
  const changeBank = useCallback((bank: string | null) => onChange({ bank }), [onChange]);
  const changeCategory = useCallback((category: string | null) => onChange({ category }), [onChange]);
  const changeSort = useCallback(
    (value: string | null) => onChange({ sort: SORT_OPTIONS.find((o) => o.value === value)?.value ?? null }),
    [onChange],
  );
  const changeFee = useCallback(
    (id: string | null) => {
      if (id === 'custom') return;
      const p = FEE_PRESETS.find((x) => x.id === id);
      onChange({ feeMin: p ? p.min : null, feeMax: p ? p.max : null });
    },
    [onChange],
  );

  return (
    <section
      aria-label="Filter and sort cards"
      className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search cards
        </label>
        <Search
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-5 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onChange({ search }, { replace: true });
          }}
          placeholder="Search by card or bank name"
          maxLength={100}
          className="h-11 w-full rounded-xl border border-border bg-background pr-3 pl-10 text-sm placeholder:text-muted-foreground"
        />
      </div>

      <fieldset className="mt-4 flex flex-wrap gap-2">
        <legend className="sr-only">Card tags</legend>
        <button
          type="button"
          aria-pressed={filters.tag === null}
          onClick={() => onChange({ tag: null })}
          className={chipClass(filters.tag === null)}
        >
          All cards
        </button>
        {TAG_FILTERS.map((tag) => (
          <button
            key={tag.slug}
            type="button"
            aria-pressed={filters.tag === tag.slug}
            onClick={() => onChange({ tag: filters.tag === tag.slug ? null : tag.slug })}
            className={chipClass(filters.tag === tag.slug)}
          >
            {tag.label}
          </button>
        ))}
      </fieldset>

      <button
        type="button"
        className="btn-outline mt-4 w-full text-sm sm:hidden"
        aria-expanded={selectsOpen}
        aria-controls={selectsId}
        onClick={() => setSelectsOpen((o) => !o)}
      >
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        {selectsOpen ? 'Fewer filters' : 'More filters and sort'}
        {selectsSet ? ` (${selectsSet} set)` : ''}
      </button>
      <div
        id={selectsId}
        className={`mt-4 gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-4 ${selectsOpen ? 'grid' : 'hidden'}`}
      >
        <FilterSelect
          label="Bank"
          allLabel="All banks"
          value={filters.bank}
          options={bankOptions}
          onChange={changeBank}
        />
        <FilterSelect
          label="Annual fee"
          allLabel="Any fee"
          value={preset}
          options={feeOptions}
          onChange={changeFee}
        />
        <FilterSelect
          label="Rewards on"
          allLabel="Any spending category"
          value={filters.category}
          options={categoryOptions}
          onChange={changeCategory}
          disabled={categories.length === 0 && filters.category === null}
        />
        <FilterSelect
          label="Sort by"
          allLabel="Relevance"
          value={filters.sort}
          options={SORT_OPTIONS}
          onChange={changeSort}
        />
      </div>

      {hasActiveFilters(filters) ? (
        <button type="button" onClick={onClear} className="btn-ghost mt-3 px-2 text-sm text-primary">
          <X className="size-4" aria-hidden="true" /> Clear all filters
        </button>
      ) : null}
    </section>
  );
});

function chipClass(active: boolean): string {
  // 44 px tall on phones and touch screens (a fingertip's target); compact with a mouse.
  return `inline-flex items-center rounded-full border px-3.5 py-1.5 text-sm font-medium transition touch:min-h-11 ${
    active
      ? 'border-primary bg-primary text-primary-foreground'
      : 'border-border bg-background text-foreground hover:bg-muted'
  }`;
}
