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

/** A leaf of the spending taxonomy: its slug at each level, by the condition field of that level. */
export type TaxonomyLeaf = Partial<Record<string, string>>;

const LEVEL_FIELDS = ['mode', 'platform_type', 'platform_name', 'category', 'sub_category', 'product'];

/** Every leaf of a category tree (catalogue `categories`), with its slugs by level. */
export function taxonomyLeaves(
  roots: readonly { slug: string; children?: readonly unknown[] }[],
): TaxonomyLeaf[] {
  type Node = { slug: string; children?: readonly Node[] };
  const out: TaxonomyLeaf[] = [];
  const walk = (node: Node, path: string[]) => {
    const slugs = [...path, node.slug];
    if (!node.children?.length) {
      out.push(Object.fromEntries(slugs.map((s, i) => [LEVEL_FIELDS[i] as string, s])));
      return;
    }
    for (const child of node.children) walk(child, slugs);
  };
  for (const root of roots as readonly Node[]) walk(root, []);
  return out;
}

/** Whether a rule matches a leaf (brand is not a taxonomy level, so a brand condition is ignored). */
export function matchesLeaf(rule: RuleLike, leaf: TaxonomyLeaf): boolean {
  return Object.entries(rule.conditions).every(
    ([field, values]) => field === 'brand' || (Array.isArray(values) && values.includes(leaf[field] ?? '')),
  );
}

/**
 * Earning rules written for a lower rate on part of what a broader rule of the card pays more on,
 * where the broader rule was not narrowed: on the spending taxonomy, every leaf the rule matches
 * (and the card does not exclude) is matched by one other rule at a higher rate, which matches more
 * besides. The lower rate is then never paid while that rule's caps last, and the card looks better
 * than it is (Axis Cashback's 0.5% utilities under its 2% online rule: every bill is paid online).
 * A rule matching the very same leaves as a higher one is a rate after a cap and is not flagged.
 */
export function lowerRatesNeverPaid(
  card: { id: string; rules?: readonly RuleLike[] | undefined },
  leaves: readonly TaxonomyLeaf[],
): string[] {
  const rules = card.rules ?? [];
  const allowed = leaves.filter((leaf) => !rules.some((r) => r.excluded === true && matchesLeaf(r, leaf)));
  const earning = rules
    .map((rule, index) => ({ rule, index }))
    .filter((r): r is { rule: Earning; index: number } => r.rule.excluded !== true && (r.rule.rate ?? 0) > 0)
    .map((r) => ({ ...r, leaves: new Set(allowed.filter((leaf) => matchesLeaf(r.rule, leaf))) }));
  const out: string[] = [];
  for (const low of earning) {
    if (low.leaves.size === 0) continue;
    const over = earning.find(
      (high) =>
        high.rule.rate > low.rule.rate &&
        high.leaves.size > low.leaves.size &&
        [...low.leaves].every((leaf) => high.leaves.has(leaf)),
    );
    if (over)
      out.push(
        `${card.id}: rule ${low.index}'s lower rate is never paid: rule ${over.index} pays more on all it matches`,
      );
  }
  return out;
}
