import { FIGURE_FACTS, type FigureFact } from '@cardwise/contracts';

/**
 * Each catalogue field whose uncertainty moves the savings figure, by the fact it is part of: the
 * card page reads the fee's notes under `annual_fee` or `fee` and the waiver's under
 * `fee_waiver_annual_spend` or `waiver_condition`, so either name counts. A Map, not an object:
 * an uncertain note on a field named `constructor` must not find Object's.
 */
const FACT_OF = new Map<string, FigureFact>([
  ['annual_fee', 'annual_fee'],
  ['fee', 'annual_fee'],
  ['fee_frequency', 'annual_fee'],
  ['fee_waiver_annual_spend', 'fee_waiver_annual_spend'],
  ['waiver_condition', 'fee_waiver_annual_spend'],
  ['rules', 'rules'],
  ['cap_groups', 'cap_groups'],
  ['milestones', 'milestones'],
  ['reward_point_value_inr', 'reward_point_value_inr'],
]);

/** A held card's fee is sunk (reward-model §3): not knowing it, or its waiver, changes nothing here. */
const FEE_FACTS = new Set<FigureFact>(['annual_fee', 'fee_waiver_annual_spend']);

/** How the card stands in the combination, which decides whether its fee facts count. */
export interface FeeStanding {
  /** The user holds it: its fee is not counted. */
  owned: boolean;
  /** The catalogue gives it no recurring fee: there is nothing to waive, unless the fee itself is uncertain. */
  feeless: boolean;
}

/**
 * The facts a card's part of a recommendation rests on that the catalogue could not confirm, in
 * FIGURE_FACTS order. A note on one rule (`rules.2`) counts for its field. A note on the research as
 * a whole, or on a perk the figure does not count, is left to the card's page: saying it beside
 * every recommendation would cry wolf.
 */
export function unconfirmedFacts(
  uncertain: readonly { field: string }[],
  { owned, feeless }: FeeStanding,
): FigureFact[] {
  const found = new Set<FigureFact>();
  for (const { field } of uncertain) {
    const fact = FACT_OF.get(field.split('.')[0] ?? field);
    if (fact && !(owned && FEE_FACTS.has(fact))) found.add(fact);
  }
  if (feeless && !found.has('annual_fee')) found.delete('fee_waiver_annual_spend');
  return FIGURE_FACTS.filter((f) => found.has(f));
}
