import { type EngineCard, type EngineEntry, listInWords } from '@cardwise/contracts';
import { excludedOpenSlugs } from '@cardwise/reco';

/**
 * For an entry left open at the category (ADR 018), the reason added to a card's per-spend reasons
 * when the card pays nothing on some of its categories and still pays on the others: the engine
 * then counts the rules that pay on all of them (ADR 019 keeps that case as ADR 018 decided), so
 * the answer holds only if the spend is none of those. The categories are the engine's own
 * (`excludedOpenSlugs`), named as the taxonomy names them.
 */
export function openCategoryCaveat(
  card: EngineCard,
  entry: EngineEntry,
  categoryName: (slug: string) => string,
): string | null {
  const excluded = excludedOpenSlugs(card, entry, 'category');
  const all = entry.open?.category?.length ?? 0;
  if (excluded.length === 0 || excluded.length === all) return null;
  const names = excluded.map((slug) => {
    const name = categoryName(slug);
    return name.charAt(0).toLowerCase() + name.slice(1);
  });
  return `Earns nothing on ${listInWords(names, 'or')} spend: choose a spending category for an exact answer`;
}
