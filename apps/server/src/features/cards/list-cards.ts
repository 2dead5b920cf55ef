import type { CardSort, CardSummary, ListCardsQuery, PaginatedCards } from '@cardwise/contracts';
import { yearlyFee } from './card-dto.ts';
import type { CatalogView } from './catalog-store.ts';

const asList = (v: string | string[] | undefined) =>
  v === undefined ? undefined : Array.isArray(v) ? v : [v];

/** Filters combine with AND; several values of one filter (`tag=a&tag=b`) with OR. */
export function filterCards(view: CatalogView, q: ListCardsQuery): CardSummary[] {
  const tagsWanted = asList(q.tag);
  const banksWanted = asList(q.bank);
  // Each word on its own: people type a bank and a card ("hdfc millennia", "sbi cashback"),
  // which as one phrase matched no card name ("HDFC Bank Millennia Credit Card").
  const words = q.search?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  const found: { summary: CardSummary; rank: number }[] = [];
  view.details.forEach((d, i) => {
    if (matches(d)) found.push({ summary: view.summaries[i]!, rank: words.length ? nameRank(d.name) : 0 });
  });
  // A search lists the cards whose name holds what was typed first ("swiggy hdfc" put the Swiggy
  // HDFC Bank card last, after four HDFC cards whose highlights mention Swiggy); otherwise, and
  // within a rank, the catalogue's order (the sort is stable). A chosen order comes before both.
  const byOrder = sortKey(q.sort);
  return found.sort((a, b) => byOrder(a.summary, b.summary) || a.rank - b.rank).map((f) => f.summary);

  function nameRank(name: string): number {
    const n = name.toLowerCase();
    if (n.includes(words.join(' '))) return 0;
    if (words.every((w) => n.includes(w))) return 1;
    return 2;
  }

  function matches(d: CatalogView['details'][number]): boolean {
    if (tagsWanted && !d.tags.some((t) => tagsWanted.includes(t.slug))) return false;
    if (q.section && !d.sections.includes(q.section)) return false;
    if (banksWanted && !banksWanted.includes(d.bank)) return false;
    const fee = yearlyFee(d);
    if (q.fee_min !== undefined && fee < q.fee_min) return false;
    if (q.fee_max !== undefined && fee > q.fee_max) return false;
    if (q.category && !view.earnSlugs.get(d.id)?.has(q.category)) return false;
    if (words.length) {
      const text = view.searchText.get(d.id) ?? '';
      if (!words.every((w) => text.includes(w))) return false;
    }
    return true;
  }
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The comparison of a chosen order; 0 for ties, which keep the search's and the catalogue's order.
 * No card has an unknown fee to place last: the catalogue refuses a card without an annual fee,
 * and an unstated joining fee is stored as 0, as the card page and the engine read it. A fee
 * the catalogue notes as uncertain sorts by the figure the tile shows.
 */
function sortKey(sort: CardSort): (a: CardSummary, b: CardSummary) => number {
  switch (sort) {
    case 'annual_fee_asc':
      return (a, b) => yearlyFee(a) - yearlyFee(b);
    case 'annual_fee_desc':
      return (a, b) => yearlyFee(b) - yearlyFee(a);
    case 'joining_fee_asc':
      return (a, b) => a.joining_fee - b.joining_fee;
    case 'name_asc':
      return (a, b) => byName.compare(a.name, b.name);
    case 'relevance':
      return () => 0;
  }
}

function pageUrl(path: string, rawQuery: string, page: number): string {
  const params = new URLSearchParams(rawQuery);
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}

/** Django REST style pages: `{count, next, previous, results}` with relative links. */
export function paginate(
  items: CardSummary[],
  q: ListCardsQuery,
  path: string,
  rawQuery: string,
): PaginatedCards {
  const start = (q.page - 1) * q.page_size;
  const results = items.slice(start, start + q.page_size);
  return {
    count: items.length,
    next: start + q.page_size < items.length ? pageUrl(path, rawQuery, q.page + 1) : null,
    previous:
      q.page > 1
        ? pageUrl(path, rawQuery, Math.min(q.page - 1, Math.ceil(items.length / q.page_size) || 1))
        : null,
    results,
  };
}
