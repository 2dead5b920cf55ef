import { FIGURE_FACTS, type FigureFact, ruleIndicesOf } from '@cardwise/contracts';

/**
 * Each catalogue field whose uncertainty moves the savings figure, by the fact it is part of: the
 * card page reads the fee's notes under `annual_fee` or `fee` and the waiver's under
 * `fee_waiver_annual_spend` or `waiver_condition`, so either name counts. A Map, not an object:
 * an uncertain note on a field named `constructor` must not find Object's. `uncounted_rates`
 * (UNCOUNTED_RATES_FIELD) is not here: the figure leaves those rates out, so it does not rest on them.
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

/** What a card earned in a combination, from the engine's split of each spend by rule. */
export interface Earning {
  rules: ReadonlySet<number>;
  any: boolean;
}

/** Per card, the rules spend was placed under across a combination's spends, and whether it earned. */
export function earningByCard(
  details: readonly {
    winning_cards: readonly {
      card_id: string;
      rule_breakdown?: readonly { rule_index: number | null; amount: number; cashback: number }[];
    }[];
  }[],
): Map<string, Earning> {
  const out = new Map<string, { rules: Set<number>; any: boolean }>();
  for (const d of details) {
    for (const w of d.winning_cards) {
      const e = out.get(w.card_id) ?? { rules: new Set<number>(), any: false };
      for (const b of w.rule_breakdown ?? []) {
        if (b.amount > 0 && b.rule_index !== null) e.rules.add(b.rule_index);
        if (b.cashback > 0) e.any = true;
      }
      out.set(w.card_id, e);
    }
  }
  return out;
}

/** How the card stands in the combination, which decides whether its fee and rule facts count. */
export interface FeeStanding {
  /** The user holds it: its fee is not counted. */
  owned: boolean;
  /** The catalogue gives it no recurring fee: there is nothing to waive, unless the fee itself is uncertain. */
  feeless: boolean;
  /**
   * The indices of the card's rules that this user's spend was placed under in the combination,
   * and whether the card earned anything in it. A note on some rules (`rules.2`) counts only when
   * one of them took spend; a note on every rule (`rules`) whenever the card earned.
   */
  earning: Earning;
  /** A milestone bonus counted for the card in the combination (a bonus in points is valued at the point value). */
  bonus?: boolean;
}

/**
 * The facts a card's part of a recommendation rests on that the catalogue could not confirm, in
 * FIGURE_FACTS order. A note on the research as a whole, on a perk the figure does not count, on a
 * rate it leaves out, or on a rule this user's spend did not earn under, is left to the card's page:
 * saying it beside every recommendation would cry wolf.
 */
export function unconfirmedFacts(
  uncertain: readonly { field: string }[],
  { owned, feeless, earning, bonus = false }: FeeStanding,
): FigureFact[] {
  const found = new Set<FigureFact>();
  for (const { field } of uncertain) {
    const fact = FACT_OF.get(field.split('.')[0] ?? field);
    if (!fact || (owned && FEE_FACTS.has(fact))) continue;
    if (fact === 'rules') {
      const indices = ruleIndicesOf(field);
      const rests = indices ? indices.some((i) => earning.rules.has(i)) : field === 'rules' && earning.any;
      if (!rests) continue;
    }
    // A point value moves only what the card earns in points: a card that earned nothing and
    // reached no milestone here ("Adds nothing at your spending") does not rest on it.
    if (fact === 'reward_point_value_inr' && !earning.any && !bonus) continue;
    found.add(fact);
  }
  if (feeless && !found.has('annual_fee')) found.delete('fee_waiver_annual_spend');
  return FIGURE_FACTS.filter((f) => found.has(f));
}
