import { type EngineResult, FREQUENCY_FACTOR, type Instance } from '@cardwise/contracts';
import { excludes, feePerMonth } from './highs-oracle.ts';

type Group = EngineResult['spend_level_winners'][number];

/**
 * Independently re-checks one returned group against the instance: entry
 * amounts, caps, exclusions, and the savings recomputed from the reported
 * allocation (rule_breakdown, rounded to paise, hence the small tolerances).
 * Returns the list of problems (empty = feasible and consistent).
 */
export function checkGroup(inst: Instance, g: Group): string[] {
  const problems: string[] = [];
  const cards = new Map(inst.cards.map((c) => [c.id, c]));
  const spend = new Map<string, number>();
  const capLoad = new Map<string, number>();
  let rewards = 0;
  let placements = 0;
  for (const d of g.group_details) {
    const entry = inst.entries.find((e) => e.id === d.entry_id);
    if (entry === undefined) {
      problems.push(`unknown entry ${d.entry_id}`);
      continue;
    }
    const m = entry.amount * FREQUENCY_FACTOR[entry.frequency];
    if (Math.abs(d.amount - m) > 0.006) problems.push(`${d.entry_id}: amount ${d.amount} ≠ ${m}`);
    let used = 0;
    for (const w of d.winning_cards) {
      const card = cards.get(w.card_id);
      if (card === undefined || !g.card_ids.includes(w.card_id)) {
        problems.push(`${d.entry_id}: card ${w.card_id} not in the combination`);
        continue;
      }
      if (excludes(card, entry)) problems.push(`${d.entry_id}: placed on ${w.card_id}, which excludes it`);
      if (w.amount_used <= 0) problems.push(`${d.entry_id}: ${w.card_id} listed with zero spend`);
      used += w.amount_used;
      spend.set(w.card_id, (spend.get(w.card_id) ?? 0) + w.amount_used);
      let cash = 0;
      let amount = 0;
      for (const rb of w.rule_breakdown ?? []) {
        placements++;
        amount += rb.amount;
        if (rb.rule_index === null) {
          if (Math.abs(rb.cashback) > 1e-9)
            problems.push(`${d.entry_id}: spend earning nothing earned ${rb.cashback}`);
          continue;
        }
        const rule = card.rules[rb.rule_index];
        if (rule === undefined || 'excluded' in rule) {
          problems.push(`${d.entry_id}: bad rule index ${rb.rule_index} on ${w.card_id}`);
          continue;
        }
        const earned = rule.rate * rb.amount;
        if (Math.abs(earned - rb.cashback) > 0.006 + rule.rate * 0.006)
          problems.push(
            `${d.entry_id}: ${w.card_id} rule ${rb.rule_index} cashback ${rb.cashback} ≠ ${earned}`,
          );
        cash += earned;
        for (const gid of rule.cap_groups)
          capLoad.set(`${w.card_id}/${gid}`, (capLoad.get(`${w.card_id}/${gid}`) ?? 0) + earned);
      }
      rewards += cash;
      if (Math.abs(amount - w.amount_used) > 0.02)
        problems.push(`${d.entry_id}: breakdown ${amount} ≠ used ${w.amount_used}`);
      if (Math.abs(cash - w.cashback_amount) > 0.02)
        problems.push(`${d.entry_id}: breakdown cash ${cash} ≠ ${w.cashback_amount}`);
    }
    if (used > m + 0.01 * (d.winning_cards.length + 1)) problems.push(`${d.entry_id}: placed ${used} > ${m}`);
  }
  for (const [key, load] of capLoad) {
    const [cardId, gid] = key.split('/') as [string, string];
    const cap = cards.get(cardId)?.cap_groups.find((c) => c.id === gid)?.monthly_cap_inr;
    if (cap !== null && cap !== undefined && load > cap + 0.01 * (placements + 1))
      problems.push(`${key}: load ${load} > cap ${cap}`);
  }
  // Savings recomputed from the allocation alone.
  const slack = 0.01 * (g.group_details.length + 1);
  let savings = rewards;
  for (const id of g.card_ids) {
    const card = cards.get(id);
    if (card === undefined) continue;
    const annual = 12 * (spend.get(id) ?? 0);
    for (const ms of card.milestones)
      if (annual >= ms.annual_spend - 12 * slack) savings += ms.bonus_inr / 12;
    if (!inst.ownedCards.includes(id)) {
      const waived =
        card.fee_waiver_annual_spend !== null && annual >= card.fee_waiver_annual_spend - 12 * slack;
      if (!waived) savings -= feePerMonth(card);
    }
  }
  if (Math.abs(savings - g.group_savings) > 0.01 * (placements + 2))
    problems.push(`recomputed savings ${savings} ≠ group_savings ${g.group_savings}`);
  // The cards' lines as shown add up to the headline to the paisa, each within a paisa of its
  // own figure.
  if (g.card_outcomes) {
    const paise = (v: number) => Math.round(v * 100);
    const lines = g.card_outcomes.reduce(
      (s, o) => s + paise(o.rewards) + paise(o.milestone_bonus) - paise(o.fee_cost),
      0,
    );
    if (lines !== paise(g.group_savings))
      problems.push(`card lines add up to ${lines / 100} ≠ group_savings ${g.group_savings}`);
    for (const o of g.card_outcomes) {
      const card = cards.get(o.card_id);
      if (card && !o.owned && !o.fee_waived && Math.abs(o.fee_cost - feePerMonth(card)) >= 0.01 + 1e-9)
        problems.push(`${o.card_id}: fee line ${o.fee_cost} ≠ ${feePerMonth(card)}`);
    }
  }
  return problems;
}
