/** A rule as the builder writes it and the catalogue file holds it (interchange format). */
interface RuleLike {
  conditions: Partial<Record<string, string[] | undefined>>;
  excluded?: boolean;
  rate?: number;
  cap_groups?: string[] | undefined;
}
type Earning = RuleLike & { rate: number };

/** `b` matches every entry `a` matches: each field `b` names, `a` names too, within `b`'s values. */
function covers(b: RuleLike, a: RuleLike): boolean {
  return Object.entries(b.conditions).every(([field, values]) => {
    const mine = a.conditions[field];
    return Array.isArray(mine) && mine.every((v) => (values ?? []).includes(v));
  });
}

/**
 * Earning rules of a card that another of its earning rules always beats: it matches every
 * entry they match, at a rate at least as high, in no cap group they are not in. Such a rule
 * can never earn anything (the engine drops it as dominated), so the fact it was written for
 * (a lower rate, a cap) is silently lost: Scapia's capped bills and Axis Cashback's 0.5%
 * utilities were, under a base rule on `{}`. One line per rule.
 */
export function neverWinningRules(card: { id: string; rules?: readonly RuleLike[] | undefined }): string[] {
  const earning = (card.rules ?? [])
    .map((rule, index) => ({ rule, index }))
    .filter((r): r is { rule: Earning; index: number } => r.rule.excluded !== true && (r.rule.rate ?? 0) > 0);
  const out: string[] = [];
  for (const a of earning) {
    const aCaps = a.rule.cap_groups ?? [];
    const beaten = earning.find((b) => {
      const bCaps = b.rule.cap_groups ?? [];
      if (b.index === a.index || !covers(b.rule, a.rule) || b.rule.rate < a.rule.rate) return false;
      if (!bCaps.every((g) => aCaps.includes(g))) return false;
      // Two identical rules: only the later one is redundant.
      return b.rule.rate > a.rule.rate || bCaps.length < aCaps.length || b.index < a.index;
    });
    if (beaten) out.push(`${card.id}: rule ${a.index} can never earn: rule ${beaten.index} always beats it`);
  }
  return out;
}
