import { CONDITION_FIELDS, type EngineEntry, isExclusion, openSlugs, type Rule } from '@cardwise/contracts';

/**
 * The categories an entry left open at the category could be (ADR 018) on which the card earns
 * nothing. Where some are and others are not, the engine counts the rules that pay on all of them
 * (ADR 019 keeps that case as ADR 018 decided), so the answer holds only if the spend is not one
 * of these: the per-spend reasons say so. Matching is catalog-format.md's, with ADR 018's test
 * for the other open levels.
 */
export function excludedOpenCategories(rules: readonly Rule[], entry: EngineEntry): string[] {
  const categories = entry.category === null ? openSlugs(entry, 'category') : undefined;
  if (categories === undefined) return [];
  const matches = (rule: Rule, category: string) =>
    CONDITION_FIELDS.every((field) => {
      const allowed = rule.conditions[field];
      if (allowed === undefined) return true;
      if (field === 'category') return allowed.includes(category);
      const value = entry[field];
      if (value !== null) return allowed.includes(value);
      const open = openSlugs(entry, field);
      return open !== undefined && open.length > 0 && open.every((slug) => allowed.includes(slug));
    });
  return categories.filter((c) => rules.some((r) => isExclusion(r) && matches(r, c)));
}

/** The reason added to a card's per-spend reasons when only some of the entry's categories earn. */
export function openCategoryCaveat(
  rules: readonly Rule[],
  entry: EngineEntry,
  categoryName: (slug: string) => string,
): string | null {
  const excluded = excludedOpenCategories(rules, entry);
  const all = openSlugs(entry, 'category')?.length ?? 0;
  if (excluded.length === 0 || excluded.length === all) return null;
  const names = excluded.map((slug) => {
    const name = categoryName(slug);
    return name.charAt(0).toLowerCase() + name.slice(1);
  });
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return `Earns nothing on ${list} spend: choose a spending category for an exact answer`;
}
