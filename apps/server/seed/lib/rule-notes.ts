import { UNCOUNTED_RATES_FIELD } from '@cardwise/contracts';
import type { CardDef, HandNote, RuleRef, UncertainNote } from './card-def.ts';

/**
 * The field of a note on the rules `ref` names: `rules.<indices>` of every rule whose note
 * contains one of its pieces. A piece that names no rule is a problem, not a note quietly moved
 * to the whole card: the card's rules were edited and the note must be pointed again.
 */
export function ruleField(cardId: string, rules: CardDef['rules'], ref: RuleRef, problems: string[]): string {
  const found = new Set<number>();
  for (const piece of typeof ref === 'string' ? [ref] : ref) {
    const hits = rules.flatMap((r, i) => (r.note?.includes(piece) ? [i] : []));
    if (!hits.length)
      problems.push(`${cardId}: an uncertain note names a rule by '${piece}', which no rule's note contains`);
    for (const i of hits) found.add(i);
  }
  return found.size ? `rules.${[...found].sort((a, b) => a - b).join(',')}` : 'rules';
}

/**
 * The card's notes on its earn rates, each filed under the rules it concerns (hand-written ones by
 * their `rule`, automatic ones by the card's `autoRules`), under UNCOUNTED_RATES_FIELD when it is
 * about a rate we do not count, and under `rules` when it concerns every rule.
 */
export function placeRuleNotes(
  def: Pick<CardDef, 'id' | 'autoRules'>,
  rules: CardDef['rules'],
  hand: HandNote[],
  auto: UncertainNote[],
  problems: string[],
): { hand: UncertainNote[]; auto: UncertainNote[] } {
  const placedHand = hand.map(({ rule, ...u }) => {
    if (rule === undefined) return u;
    if (u.field !== 'rules') problems.push(`${def.id}: a note on '${u.field}' names a rule`);
    return { ...u, field: ruleField(def.id, rules, rule, problems) };
  });
  const placedAuto = auto.map((u) => ({ ...u }));
  for (const entry of def.autoRules ?? []) {
    const hits = placedAuto.filter((u) => u.field === 'rules' && u.note.includes(entry.quote));
    const [hit] = hits;
    if (hits.length !== 1 || !hit) {
      problems.push(
        `${def.id}: autoRules quote '${entry.quote}' matches ${hits.length} automatic notes on its rules, not one`,
      );
      continue;
    }
    hit.field = 'uncounted' in entry ? UNCOUNTED_RATES_FIELD : ruleField(def.id, rules, entry.rule, problems);
  }
  return { hand: placedHand, auto: placedAuto };
}
