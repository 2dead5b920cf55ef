import { type Instance, type UnofferedPreferenceCard, unknownCardWarning } from '@cardwise/contracts';

const LIST_WORDS = { compareCards: 'the cards to compare', excludeCards: 'the cards to exclude' } as const;

/**
 * The compare and exclude ids the engine cannot use (not among the instance's cards): each one
 * a warning the cardholder can read, naming the card where the catalogue still knows it
 * (`describe` is the catalogue store's `describeUnoffered`). The engine warns of the same ids in
 * words for a developer, with an id the user never saw (a saved preference for a card since
 * retired read "unknown card id 'sbi_simplyclick'"); `engineWarnings` are those texts, so the
 * route can put these in their place. The lists themselves are left as they are: an id the engine
 * does not have changes no candidate, and a compare list of none but such ids still recommends
 * nothing (the web app then says none of the chosen cards is offered here).
 */
export function unofferedCardWarnings(
  instance: Pick<Instance, 'cards' | 'compareCards' | 'excludeCards'>,
  describe: (id: string) => UnofferedPreferenceCard,
): { warnings: string[]; engineWarnings: Set<string> } {
  const offered = new Set(instance.cards.map((c) => c.id));
  const warnings: string[] = [];
  const engineWarnings = new Set<string>();
  for (const list of ['compareCards', 'excludeCards'] as const) {
    let unnamed = 0;
    for (const id of new Set(instance[list])) {
      if (offered.has(id)) continue;
      engineWarnings.add(unknownCardWarning(list, id));
      const card = describe(id);
      if (card.name === null) unnamed += 1;
      else if (card.reason === 'retired')
        warnings.push(`${card.name} is no longer offered, so it was left out of ${LIST_WORDS[list]}.`);
      else
        warnings.push(`${card.name} is not offered on this site, so it was left out of ${LIST_WORDS[list]}.`);
    }
    // An id the catalogue never had has no name to give: said once per list, without the id, and
    // as "not offered here", true of it; "no longer offered" claimed a past it never had.
    if (unnamed === 1)
      warnings.push(`A card in ${LIST_WORDS[list]} is not offered here, so it was left out.`);
    else if (unnamed > 1)
      warnings.push(`${unnamed} cards in ${LIST_WORDS[list]} are not offered here, so they were left out.`);
  }
  return { warnings, engineWarnings };
}
