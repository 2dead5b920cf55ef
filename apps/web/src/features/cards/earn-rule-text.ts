import {
  type CapGroup,
  type ConditionField,
  type Conditions,
  isExclusion,
  type Rule,
} from '@cardwise/contracts';
import { formatInr, formatRate, humanizeSlug } from '../../lib/format.ts';

/**
 * Earn rules in plain words (issue #3): "5% on Swiggy, up to ₹1,500 a month",
 * "No rewards on Fuel, Rent". A rule's own `note` wins when the catalogue has one.
 */

export type NameOf = (field: ConditionField, slug: string) => string;

export interface RuleLine {
  kind: 'earn' | 'base' | 'exclusion';
  text: string;
  /** For sorting: the rate of an earning rule, 0 otherwise. */
  rate: number;
}

/** Most specific first: the phrase names the narrowest thing and qualifies it with the broader ones. */
const SPECIFICITY: readonly ConditionField[] = [
  'brand',
  'product',
  'platform_name',
  'sub_category',
  'category',
  'platform_type',
  'mode',
];

export function conditionPhrase(conditions: Conditions, nameOf: NameOf): string | null {
  const parts = SPECIFICITY.flatMap((field) => {
    const slugs = conditions[field];
    return slugs?.length ? [slugs.map((s) => nameOf(field, s)).join(', ')] : [];
  });
  if (!parts.length) return null;
  const [main, ...qualifiers] = parts;
  return qualifiers.length ? `${main} (${qualifiers.join('; ')})` : (main ?? null);
}

function capPhrase(rule: Rule, capGroups: readonly CapGroup[], allRules: readonly Rule[]): string | null {
  if (isExclusion(rule)) return null;
  const phrases = rule.cap_groups.flatMap((id) => {
    const group = capGroups.find((g) => g.id === id);
    if (!group || group.monthly_cap_inr === null) return [];
    const sharers = allRules.filter((r) => !isExclusion(r) && r.cap_groups.includes(id)).length;
    // Group notes are listed separately under the rules ("Reward caps"), so lines stay short here.
    const cap = `up to ${formatInr(group.monthly_cap_inr)} a month`;
    return [sharers > 1 ? `${cap} shared with other offers` : cap];
  });
  return phrases.length ? phrases.join(', and ') : null;
}

export function describeRule(
  rule: Rule,
  context: { capGroups: readonly CapGroup[]; rules: readonly Rule[]; nameOf: NameOf },
): RuleLine {
  const what = conditionPhrase(rule.conditions, context.nameOf);
  if (isExclusion(rule)) {
    return { kind: 'exclusion', rate: 0, text: rule.note ?? `No rewards on ${what ?? 'any spend'}` };
  }
  const hasOthers = context.rules.some((r) => r !== rule && !isExclusion(r));
  const base = what === null;
  if (rule.note) return { kind: base ? 'base' : 'earn', rate: rule.rate, text: rule.note };
  const on = base ? (hasOthers ? 'on everything else' : 'on all spends') : `on ${what}`;
  const cap = capPhrase(rule, context.capGroups, context.rules);
  const text =
    rule.rate === 0 ? `No rewards ${on}` : `${formatRate(rule.rate)} ${on}${cap ? `, ${cap}` : ''}`;
  return { kind: base ? 'base' : 'earn', rate: rule.rate, text };
}

/**
 * Every rule of a card as a line: best earning rules first, the base rate, then exclusions. One offer
 * the catalogue writes as several rules (SBI's dining, groceries and departmental stores, filed under
 * different levels of the taxonomy) shares its note, and is one line.
 */
export function describeRules(
  rules: readonly Rule[],
  capGroups: readonly CapGroup[],
  nameOf: NameOf,
): RuleLine[] {
  const order = { earn: 0, base: 1, exclusion: 2 } as const;
  const lines = new Map<string, RuleLine>();
  for (const rule of rules) {
    const line = describeRule(rule, { capGroups, rules, nameOf });
    const key = `${line.kind}\u0000${line.text}`;
    const seen = lines.get(key);
    if (!seen || line.rate > seen.rate) lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => order[a.kind] - order[b.kind] || b.rate - a.rate);
}

/** Names from the categories tree, falling back to a readable slug for brands and unknown slugs. */
export function nameFromIndex(index: ReadonlyMap<string, string>): NameOf {
  return (_field, slug) => index.get(slug) ?? humanizeSlug(slug);
}

/** Every cap of the card in words, for the "Reward caps" list under the rules. */
export function describeCaps(capGroups: readonly CapGroup[]): string[] {
  return capGroups.flatMap((g) =>
    g.monthly_cap_inr === null ? [] : [g.note ?? `Up to ${formatInr(g.monthly_cap_inr)} a month`],
  );
}
