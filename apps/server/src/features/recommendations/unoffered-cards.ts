import type { Instance } from '@cardwise/contracts';

const LIST_WORDS = { compareCards: 'the cards to compare', excludeCards: 'the cards to exclude' } as const;

/** What the catalogue can say of a card the engine does not have. */
export interface UnofferedCardLookup {
  /** An active card of the catalogue that this site (tenant) does not list. */
  elsewhere: (id: string) => string | undefined;
  /** A card the catalogue has retired (kept, inactive). */
  retired: (id: string) => string | undefined;
}

/**
 * The compare and exclude ids the engine cannot use (not among the instance's cards): each one
 * a warning the cardholder can read, naming the card where the catalogue still knows it. The
 * engine warns of the same ids as `compareCards: unknown card id 'x' ignored`, words for a
 * developer with an id the user never saw (a saved preference for a card since retired read
 * "unknown card id 'sbi_simplyclick'"); `engineWarning` is that text, so the route can put these
 * in its place. The lists themselves are left as they are: an id the engine does not have
 * changes no candidate, and a compare list of none but such ids still recommends nothing
 * (the web app then says none of the chosen cards is offered here).
 */
export function unofferedCardWarnings(
  instance: Pick<Instance, 'cards' | 'compareCards' | 'excludeCards'>,
  lookup: UnofferedCardLookup,
): { warnings: string[]; engineWarnings: Set<string> } {
  const offered = new Set(instance.cards.map((c) => c.id));
  const warnings: string[] = [];
  const engineWarnings = new Set<string>();
  for (const list of ['compareCards', 'excludeCards'] as const) {
    const unnamed = new Set<string>();
    for (const id of new Set(instance[list])) {
      if (offered.has(id)) continue;
      engineWarnings.add(`${list}: unknown card id '${id}' ignored`);
      const retired = lookup.retired(id);
      const elsewhere = retired === undefined ? lookup.elsewhere(id) : undefined;
      if (retired !== undefined)
        warnings.push(`${retired} is no longer offered, so it was left out of ${LIST_WORDS[list]}.`);
      else if (elsewhere !== undefined)
        warnings.push(`${elsewhere} is not offered on this site, so it was left out of ${LIST_WORDS[list]}.`);
      else unnamed.add(id);
    }
    // An id the catalogue never had has no name to give: said once per list, without the id.
    if (unnamed.size === 1)
      warnings.push(`A card in ${LIST_WORDS[list]} is no longer offered, so it was left out.`);
    else if (unnamed.size > 1)
      warnings.push(
        `${unnamed.size} cards in ${LIST_WORDS[list]} are no longer offered, so they were left out.`,
      );
  }
  return { warnings, engineWarnings };
}
