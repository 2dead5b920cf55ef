import { type CatalogCard, isExclusion } from '@cardwise/contracts';

/**
 * Slugs that a card's earning rules reward (the "Rewards on" filter), less those a rule of the
 * card excludes outright. Exclusion wins in the reward model, and many cards write their base
 * rate as a list of categories that includes the very ones they exclude: "Rewards on Fuel" listed
 * 16 cards whose page says "No rewards on fuel". An exclusion with conditions on several levels
 * (fuel, but only at other brands' pumps) is narrower than the slug and leaves it listed.
 */
export function earnSlugs(card: Pick<CatalogCard, 'rules'>): string[] {
  const out = new Set<string>();
  const excluded = new Set<string>();
  for (const r of card.rules) {
    const levels = Object.values(r.conditions).filter((values) => values?.length);
    if (isExclusion(r)) {
      if (levels.length === 1) for (const v of levels[0] ?? []) excluded.add(v);
      continue;
    }
    if (r.rate <= 0) continue;
    for (const values of levels) for (const v of values ?? []) out.add(v);
  }
  return [...out].filter((slug) => !excluded.has(slug)).sort();
}
