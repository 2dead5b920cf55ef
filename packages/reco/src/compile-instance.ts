import {
  CONDITION_FIELDS,
  type ConditionField,
  type EngineCard,
  type EngineEntry,
  FREQUENCY_FACTOR,
  type Instance,
  isExclusion,
  openSlugs,
  type Rule,
} from '@cardwise/contracts';

/** GST on card fees (reward-model.md §2). */
export const GST_FACTOR = 1.18;

/**
 * One way a rupee of an entry can sit on a card: under an earning rule, or
 * earning nothing (`ruleIndex` null). `caps` are indices into the card's
 * finite cap groups. An option `acrossPaths` is an open entry's lowest rate over
 * the paths it could be (ADR 019): `ruleIndex` names the rule that explains it,
 * and its caps are those of every rule it stands for.
 */
export interface SpendOption {
  readonly ruleIndex: number | null;
  readonly rate: number;
  readonly caps: readonly number[];
  readonly acrossPaths: boolean;
}

export interface CapModel {
  readonly id: string;
  readonly cap: number;
}

export interface ThresholdModel {
  /** Monthly spend needed (annual threshold / 12). */
  readonly monthly: number;
  /** Annual threshold as written in the catalogue. */
  readonly annual: number;
  readonly kind: 'waiver' | 'milestone';
  /** Monthly value when reached: the fee cost saved, or bonus / 12. */
  readonly gain: number;
}

export interface CardModel {
  readonly index: number;
  readonly id: string;
  readonly card: EngineCard;
  /** Monthly fee cost F × 1.18 / 12 counted for a new card whose fee is not waived. */
  readonly feeMonthly: number;
  readonly caps: readonly CapModel[];
  /**
   * Per cap group, 1 when the card's options on these entries could load it past its cap
   * (Σ rate × monthly over them > cap), else 0: such a group can never bind, in any allocation
   * or bound, so the card's LP, the fixed-set solver and dominance all leave it out.
   */
  readonly capBinds: Uint8Array;
  /** Per entry: the non-dominated options, or null when an exclusion matches. */
  readonly options: readonly (readonly SpendOption[] | null)[];
  /** Waiver and milestones, for the card taken as new or as owned. */
  readonly thresholdsNew: readonly ThresholdModel[];
  readonly thresholdsOwned: readonly ThresholdModel[];
  /** Total monthly spend the card may hold (entries it does not exclude). */
  readonly eligibleSpend: number;
}

export interface EntryModel {
  readonly index: number;
  readonly entry: EngineEntry;
  readonly monthly: number;
  readonly label: string;
  /** The levels the entry leaves open (ADR 019), null when none. */
  readonly open: OpenLevels | null;
}

export interface CompiledInstance {
  readonly instance: Instance;
  readonly entries: readonly EntryModel[];
  readonly cards: readonly CardModel[];
  readonly cardIndex: ReadonlyMap<string, number>;
  readonly totalSpend: number;
}

export function monthlyAmount(entry: EngineEntry): number {
  return entry.amount * FREQUENCY_FACTOR[entry.frequency];
}

export function recurringFeePerYear(card: EngineCard): number {
  if (card.fee_frequency === 'YEARLY') return card.annual_fee;
  if (card.fee_frequency === 'MONTHLY') return 12 * card.annual_fee;
  return 0;
}

/** What rules can see of an entry: entries with the same key match the same rules. */
export function entryKey(entry: EngineEntry): string {
  const fields = CONDITION_FIELDS.map((f) => entry[f]);
  return JSON.stringify(entry.open === undefined ? fields : [...fields, entry.open]);
}

/**
 * Compiles the instance. `reuse` is a compilation of the same cards over entries with
 * (some of) the same keys, e.g. the merged entries the search ran on: a card's options
 * depend on an entry only through its key, so they are copied instead of matched again.
 */
export function compileInstance(instance: Instance, reuse?: CompiledInstance): CompiledInstance {
  const entries: EntryModel[] = instance.entries.map((entry, index) => ({
    index,
    entry,
    monthly: monthlyAmount(entry),
    label: entry.label ?? entry.id,
    open: openLevels(entry),
  }));
  const totalSpend = entries.reduce((s, e) => s + e.monthly, 0);
  let reused: (number | undefined)[] | undefined;
  if (reuse !== undefined) {
    const byKey = new Map(reuse.entries.map((e) => [entryKey(e.entry), e.index]));
    reused = entries.map((e) => byKey.get(entryKey(e.entry)));
  }
  // Built on first use: a compilation that copies every entry's options from `reuse` never needs it.
  let index: EntryIndex | null = null;
  const entryIndex = (): EntryIndex => {
    index ??= indexEntries(entries);
    return index;
  };
  const cards = instance.cards.map((card, i) =>
    compileCard(card, i, entries, entryIndex, reused && (reuse as CompiledInstance).cards[i], reused),
  );
  const cardIndex = new Map(cards.map((c) => [c.id, c.index]));
  return { instance, entries, cards, cardIndex, totalSpend };
}

const NOTHING: SpendOption = { ruleIndex: null, rate: 0, caps: [], acrossPaths: false };

/**
 * The entries as rules see them: per condition field, the entries holding each value, as a bit
 * set (W 32-bit words). A rule then matches the entries in the AND over the fields it names of
 * the OR over its allowed values: a few lookups per rule instead of a test per rule and entry.
 */
interface EntryIndex {
  readonly words: number;
  readonly byField: readonly ReadonlyMap<string, Uint32Array>[];
  /** Per field: the entries that leave it null with the slugs they could have there (`open`). */
  readonly openByField: readonly (readonly { entry: number; slugs: readonly string[] }[])[];
}

function indexEntries(entries: readonly EntryModel[]): EntryIndex {
  const words = Math.max(1, Math.ceil(entries.length / 32));
  const byField = CONDITION_FIELDS.map(() => new Map<string, Uint32Array>());
  const openByField = CONDITION_FIELDS.map((): { entry: number; slugs: readonly string[] }[] => []);
  for (let e = 0; e < entries.length; e++) {
    const { entry, open } = entries[e] as EntryModel;
    for (let f = 0; f < CONDITION_FIELDS.length; f++) {
      const field = CONDITION_FIELDS[f] as (typeof CONDITION_FIELDS)[number];
      const value = entry[field];
      if (value === null) {
        // The entry's open levels, as `openLevels` read them for the paths of ADR 019.
        const k = open === null ? -1 : (open.slot[f] as number);
        if (open !== null && k >= 0)
          openByField[f]?.push({ entry: e, slugs: open.slugs[k] as readonly string[] });
        continue;
      }
      const map = byField[f] as Map<string, Uint32Array>;
      let bits = map.get(value);
      if (bits === undefined) {
        bits = new Uint32Array(words);
        map.set(value, bits);
      }
      bits[e >> 5] = (bits[e >> 5] as number) | (1 << (e & 31));
    }
  }
  return { words, byField, openByField };
}

/** Writes into `out` (from `at`, `index.words` words) the entries `rule` matches (catalog-format.md "Matching", with ADR 018 for open levels). */
function matchRule(rule: RuleFields, index: EntryIndex, out: Uint32Array, at: number): void {
  const W = index.words;
  out.fill(0xffffffff, at, at + W);
  for (let i = 0; i < rule.fields.length; i++) {
    const f = rule.fields[i] as number;
    const allowed = rule.lists[i] as readonly string[];
    const map = index.byField[f] as ReadonlyMap<string, Uint32Array>;
    // An entry open at this field matches when every slug it could have is allowed.
    const open = index.openByField[f] as readonly { entry: number; slugs: readonly string[] }[];
    let openBits: Uint32Array | null = null;
    for (const o of open) {
      if (!o.slugs.every((slug) => listHas(rule, i, slug))) continue;
      openBits ??= new Uint32Array(W);
      openBits[o.entry >> 5] = (openBits[o.entry >> 5] as number) | (1 << (o.entry & 31));
    }
    for (let w = 0; w < W; w++) {
      let any = openBits === null ? 0 : (openBits[w] as number);
      for (let v = 0; v < allowed.length; v++) {
        const bits = map.get(allowed[v] as string);
        if (bits !== undefined) any |= bits[w] as number;
      }
      out[at + w] = (out[at + w] as number) & any;
    }
  }
}

function compileCard(
  card: EngineCard,
  index: number,
  entries: readonly EntryModel[],
  entryIndex: () => EntryIndex,
  reuseCard?: CardModel,
  reused?: readonly (number | undefined)[],
): CardModel {
  const caps: CapModel[] = [];
  const capIndex = new Map<string, number>();
  const zeroCaps = new Set<string>();
  // Indexed loops throughout: this runs for every card of every request, twice, mostly before
  // the JIT has optimised it, and a for-of there allocates an iterator result per step.
  for (let i = 0; i < card.cap_groups.length; i++) {
    const g = card.cap_groups[i] as EngineCard['cap_groups'][number];
    if (g.monthly_cap_inr === null) continue;
    if (g.monthly_cap_inr <= 0) {
      zeroCaps.add(g.id);
      continue;
    }
    capIndex.set(g.id, caps.length);
    caps.push({ id: g.id, cap: g.monthly_cap_inr });
  }
  // Rule matching is prepared on the first entry that needs it: a compilation that copies
  // every entry's options from `reuseCard` (the user's entries after the merged ones) never does.
  let matching: RuleMatching | null = null;
  // The card's rules by the fields they name, for matching and for entries left open (ADR 019),
  // read on first need.
  let byRule: readonly RuleFields[] | null = null;
  let eligibleSpend = 0;
  const opts: SpendOption[] = [];
  const alike = new Map<number, SpendOption[]>();
  const options = entries.map((em) => {
    const from = reused?.[em.index];
    if (from !== undefined && reuseCard !== undefined) {
      const kept = reuseCard.options[from] ?? null;
      if (kept !== null) eligibleSpend += em.monthly;
      return kept;
    }
    byRule ??= ruleFields(card);
    matching ??= prepareMatching(card, byRule, capIndex, zeroCaps, entryIndex());
    const { matched, words, ruleOptions } = matching;
    opts.length = 0;
    opts.push(NOTHING);
    const e = em.index;
    const word = e >> 5;
    const bit = 1 << (e & 31);
    // The options depend only on which earning rules match: entries matched alike share one
    // pruned list (most entries of a card meet only its base rule).
    // The key is a bit per rule, so only cards with at most 30 rules share lists.
    let key = 0;
    for (let r = 0; r < ruleOptions.length; r++) {
      if (((matched[r * words + word] as number) & bit) === 0) continue;
      const o = ruleOptions[r];
      if (o === 'excluded') return null;
      if (o !== null && o !== undefined) {
        opts.push(o);
        key |= 1 << r;
      }
    }
    if (em.open !== null) {
      const across = optionAcrossPaths(openPaths(byRule, em.open), ruleOptions);
      if (across === 'excluded') return null;
      if (across !== null && !opts.some((o) => o.rate >= across.rate && isSubset(o.caps, across.caps))) {
        // Not shared with alike entries: the key says which rules match every path, not this.
        eligibleSpend += em.monthly;
        opts.push(across);
        return pruneDominated(opts);
      }
    }
    eligibleSpend += em.monthly;
    if (ruleOptions.length > 30) return pruneDominated(opts);
    let list = alike.get(key);
    if (list === undefined) {
      list = pruneDominated(opts);
      alike.set(key, list);
    }
    return list;
  });

  const reach = new Float64Array(caps.length);
  for (let e = 0; e < entries.length; e++) {
    const eo = options[e];
    const monthly = (entries[e] as EntryModel).monthly;
    if (eo === null || eo === undefined || monthly <= 0) continue;
    for (let i = 0; i < eo.length; i++) {
      const o = eo[i] as SpendOption;
      for (let k = 0; k < o.caps.length; k++) {
        const g = o.caps[k] as number;
        reach[g] = (reach[g] as number) + o.rate * monthly;
      }
    }
  }
  const capBinds = Uint8Array.from(caps, (c, g) => ((reach[g] as number) > c.cap ? 1 : 0));
  const feeMonthly = (recurringFeePerYear(card) * GST_FACTOR) / 12;
  const milestones: ThresholdModel[] = card.milestones.map((ms) => ({
    monthly: ms.annual_spend / 12,
    annual: ms.annual_spend,
    kind: 'milestone',
    gain: ms.bonus_inr / 12,
  }));
  const waiver: ThresholdModel[] =
    feeMonthly > 0 && card.fee_waiver_annual_spend !== null
      ? [
          {
            monthly: card.fee_waiver_annual_spend / 12,
            annual: card.fee_waiver_annual_spend,
            kind: 'waiver',
            gain: feeMonthly,
          },
        ]
      : [];
  return {
    index,
    id: card.id,
    card,
    feeMonthly,
    caps,
    capBinds,
    options,
    thresholdsNew: [...waiver, ...milestones],
    thresholdsOwned: milestones,
    eligibleSpend,
  };
}

interface RuleMatching {
  /** Per rule, the entries it matches: `words` words from r × words. */
  readonly matched: Uint32Array;
  readonly words: number;
  /** Per rule: an exclusion, or the option it offers (null when it earns nothing). */
  readonly ruleOptions: readonly (SpendOption | 'excluded' | null)[];
}

function prepareMatching(
  card: EngineCard,
  byRule: readonly RuleFields[],
  capIndex: ReadonlyMap<string, number>,
  zeroCaps: ReadonlySet<string>,
  index: EntryIndex,
): RuleMatching {
  const W = index.words;
  const matched = new Uint32Array(card.rules.length * W);
  for (let r = 0; r < card.rules.length; r++) matchRule(byRule[r] as RuleFields, index, matched, r * W);
  // A rule in a zero-cap group earns nothing, the same as spend earning nothing.
  const ruleOptions = card.rules.map((rule, ruleIndex): SpendOption | 'excluded' | null => {
    if (isExclusion(rule)) return 'excluded';
    if (rule.rate <= 0 || rule.cap_groups.some((g) => zeroCaps.has(g))) return null;
    const ruleCaps = [
      ...new Set(rule.cap_groups.filter((g) => capIndex.has(g)).map((g) => capIndex.get(g) as number)),
    ];
    return { ruleIndex, rate: rule.rate, caps: ruleCaps.sort((a, b) => a - b), acrossPaths: false };
  });
  return { matched, words: W, ruleOptions };
}

/** Cross products of more open paths than this are left to the rules that match every path. */
const MAX_OPEN_PATHS = 1024;

/**
 * The paths below an entry's open levels that a card's rules tell apart (ADR 019): the cross
 * product of the open levels the card's rules name (a superset of the taxonomy's paths), with the
 * rules that can match some path and their lists at those levels. Null when no rule names an open
 * level (every rule then matches all paths or none: ADR 018 alone is exact) or past
 * MAX_OPEN_PATHS.
 */
interface OpenPaths {
  readonly fields: readonly ConditionField[];
  readonly slugs: readonly (readonly string[])[];
  /** Indices into `fields` of the levels some rule names; the paths vary only there. */
  readonly levels: readonly number[];
  readonly count: number;
  /**
   * The rules that match some path, each with, at every level it names, a flag per slug of the
   * level: whether its list allows it. A flag read instead of a search of the list per path and
   * rule: lists such as "every category but UPI" are long, and this runs for every card and open
   * entry of every request.
   */
  readonly rules: readonly {
    readonly index: number;
    /** Null for a rule that names none of the open levels (it matches every path). */
    readonly allows: readonly (Uint8Array | undefined)[] | null;
  }[];
}

/**
 * Whether list `i` of a rule holds `value`: a short list is searched, a long one ("every category
 * but …") looked up in a set built on first use.
 */
function listHas(rule: RuleFields, i: number, value: string): boolean {
  const list = rule.lists[i] as readonly string[];
  if (list.length <= 8) return list.includes(value);
  let set = rule.sets[i];
  if (set === undefined) {
    set = new Set(list);
    rule.sets[i] = set;
  }
  return set.has(value);
}

/** An entry's open levels: the fields it leaves null with the slugs it could have there. */
interface OpenLevels {
  readonly fields: readonly ConditionField[];
  readonly slugs: readonly (readonly string[])[];
  /** Per CONDITION_FIELDS index, its index into `fields`, or -1. */
  readonly slot: Int8Array;
  /** Per CONDITION_FIELDS index, the entry's value there. */
  readonly values: readonly (string | null)[];
}

/** A rule's conditions as the CONDITION_FIELDS indices it names, in order, with their lists. */
interface RuleFields {
  readonly fields: Int8Array;
  readonly lists: readonly (readonly string[])[];
  /** Long lists as sets, built on first use (`listHas`). */
  readonly sets: (ReadonlySet<string> | undefined)[];
}

/**
 * A card's rules as the fields they name, read once per card and compilation for all its open
 * entries: reading `conditions[field]` for each field of each rule per entry (objects of many
 * shapes) was most of the time spent on open paths.
 */
function ruleFields(card: EngineCard): readonly RuleFields[] {
  return card.rules.map((rule): RuleFields => {
    const fields: number[] = [];
    const lists: (readonly string[])[] = [];
    for (let f = 0; f < CONDITION_FIELDS.length; f++) {
      const allowed = rule.conditions[CONDITION_FIELDS[f] as ConditionField];
      if (allowed === undefined) continue;
      fields.push(f);
      lists.push(allowed);
    }
    return { fields: Int8Array.from(fields), lists, sets: [] };
  });
}

function openLevels(entry: EngineEntry): OpenLevels | null {
  const fields: ConditionField[] = [];
  const slugs: (readonly string[])[] = [];
  const slot = new Int8Array(CONDITION_FIELDS.length).fill(-1);
  const values = CONDITION_FIELDS.map((field) => entry[field]);
  for (let f = 0; f < CONDITION_FIELDS.length; f++) {
    const field = CONDITION_FIELDS[f] as ConditionField;
    if (entry[field] !== null) continue;
    const open = openSlugs(entry, field);
    if (open === undefined || open.length === 0) continue;
    slot[f] = fields.length;
    fields.push(field);
    slugs.push(open);
  }
  return fields.length === 0 ? null : { fields, slugs, slot, values };
}

/** `byRule`: the card's `ruleFields`; `open`: the entry's `openLevels`. */
function openPaths(byRule: readonly RuleFields[], open: OpenLevels | null): OpenPaths | null {
  if (open === null) return null;
  const { fields, slugs, slot, values } = open;
  const rules: { index: number; allows: (Uint8Array | undefined)[] | null }[] = [];
  // Bit k: some rule names open level k. Most cards' rules name none of an entry's open levels,
  // and then nothing is allocated but this list.
  let named = 0;
  for (let r = 0; r < byRule.length; r++) {
    const rule = byRule[r] as RuleFields;
    const ruleFieldIndices = rule.fields;
    let allows: (Uint8Array | undefined)[] | null = null;
    let possible = true;
    // A rule whose list at some open level allows none of its slugs matches no path: it is left
    // out of `rules`, but still counts for the levels it names, as every other rule does.
    let matchesNone = false;
    for (let i = 0; i < ruleFieldIndices.length && possible; i++) {
      const f = ruleFieldIndices[i] as number;
      const value = values[f] as string | null;
      const k = slot[f] as number;
      if (value !== null) possible = listHas(rule, i, value);
      else if (k < 0) possible = false;
      else {
        const levelSlugs = slugs[k] as readonly string[];
        const allow = new Uint8Array(levelSlugs.length);
        let any = false;
        for (let j = 0; j < levelSlugs.length; j++)
          if (listHas(rule, i, levelSlugs[j] as string)) {
            allow[j] = 1;
            any = true;
          }
        allows ??= new Array<Uint8Array | undefined>(fields.length).fill(undefined);
        allows[k] = allow;
        named |= 1 << k;
        if (!any) matchesNone = true;
      }
    }
    if (possible && !matchesNone) rules.push({ index: r, allows });
  }
  if (named === 0) return null;
  const levels: number[] = [];
  let count = 1;
  for (let k = 0; k < fields.length; k++) {
    if ((named & (1 << k)) === 0) continue;
    levels.push(k);
    count *= (slugs[k] as readonly string[]).length;
  }
  if (count > MAX_OPEN_PATHS) return null;
  return { fields, slugs, levels, count, rules };
}

/** Path `p` of `paths`, as the slug index at each of its levels (`at`, by index into `fields`). */
function pathAt(paths: OpenPaths, p: number, at: number[]): void {
  let rest = p;
  for (const k of paths.levels) {
    const n = (paths.slugs[k] as readonly string[]).length;
    at[k] = rest % n;
    rest = Math.floor(rest / n);
  }
}

/** Whether rule `rule` of `paths` matches the path at `at`. */
function matchesPath(paths: OpenPaths, rule: OpenPaths['rules'][number], at: readonly number[]): boolean {
  const { allows } = rule;
  if (allows === null) return true;
  const { levels } = paths;
  for (let i = 0; i < levels.length; i++) {
    const k = levels[i] as number;
    const allow = allows[k];
    if (allow !== undefined && allow[at[k] as number] === 0) return false;
  }
  return true;
}

/**
 * What an entry left open at some levels earns on a card besides the rules that match every path
 * below it (ADR 019): whichever path the spend is, it earns at least the lowest of the paths' best
 * rates, so that rate is an option, under the caps of every rule that gives a path its best rate
 * (the lowest rule index among equal rates). It is 'excluded' when every path is excluded, and
 * null when a path is excluded or earns nothing (then only ADR 018's rules apply) or when nothing
 * is learnt beyond them.
 */
function optionAcrossPaths(
  paths: OpenPaths | null,
  ruleOptions: readonly (SpendOption | 'excluded' | null)[],
): SpendOption | 'excluded' | null {
  if (paths === null) return null;
  const at = new Array<number>(paths.fields.length).fill(0);
  let allExcluded = true;
  let everyPathEarns = true;
  let lowest: SpendOption | null = null;
  const caps = new Set<number>();
  for (let p = 0; p < paths.count; p++) {
    pathAt(paths, p, at);
    let excluded = false;
    let best: SpendOption | null = null;
    for (const rule of paths.rules) {
      if (!matchesPath(paths, rule, at)) continue;
      const option = ruleOptions[rule.index] ?? null;
      if (option === 'excluded') {
        excluded = true;
        break;
      }
      if (option !== null && (best === null || option.rate > best.rate)) best = option;
    }
    if (excluded) {
      everyPathEarns = false;
      continue;
    }
    allExcluded = false;
    if (best === null) {
      everyPathEarns = false;
      continue;
    }
    if (lowest === null || best.rate < lowest.rate) lowest = best;
    for (const g of best.caps) caps.add(g);
  }
  if (allExcluded) return 'excluded';
  if (!everyPathEarns || lowest === null) return null;
  return {
    ruleIndex: lowest.ruleIndex,
    rate: lowest.rate,
    caps: [...caps].sort((a, b) => a - b),
    acrossPaths: true,
  };
}

/**
 * The slugs an entry left open at `field` could have there on which the card earns nothing
 * whatever the rest of the path (every path through the slug is excluded), by the paths of ADR
 * 019. The answer's per-spend reasons name them where the card still pays on the others (ADR 018's
 * case: the rules matching every path apply).
 */
export function excludedOpenSlugs(card: EngineCard, entry: EngineEntry, field: ConditionField): string[] {
  const paths = openPaths(ruleFields(card), openLevels(entry));
  const k = paths === null ? -1 : paths.fields.indexOf(field);
  if (paths === null || !paths.levels.includes(k)) return [];
  const slugs = paths.slugs[k] as readonly string[];
  const earns = new Array<boolean>(slugs.length).fill(false);
  const at = new Array<number>(paths.fields.length).fill(0);
  for (let p = 0; p < paths.count; p++) {
    pathAt(paths, p, at);
    const excluded = paths.rules.some(
      (rule) => isExclusion(card.rules[rule.index] as Rule) && matchesPath(paths, rule, at),
    );
    if (!excluded) earns[at[k] as number] = true;
  }
  return slugs.filter((_, i) => !earns[i]);
}

/**
 * Option o is dominated by o' when rate(o) ≤ rate(o') and caps(o') ⊆ caps(o):
 * spend x on o can be replaced by x·rate(o)/rate(o') on o' plus the rest earning
 * nothing, which earns the same, loads no cap group more, and keeps the card's
 * spend (so waiver/milestone progress) unchanged. "Earning nothing" is rate 0
 * with no caps, so any uncapped earning rule dominates it. Dominance is a
 * preorder; ties keep the first option, so every removed option has a kept
 * dominator.
 */
function pruneDominated(opts: readonly SpendOption[]): SpendOption[] {
  const kept: SpendOption[] = [];
  for (let i = 0; i < opts.length; i++) {
    const o = opts[i] as SpendOption;
    let dominated = false;
    for (let j = 0; j < opts.length && !dominated; j++) {
      if (i === j) continue;
      const p = opts[j] as SpendOption;
      if (p.rate < o.rate || !isSubset(p.caps, o.caps)) continue;
      const equal = p.rate === o.rate && p.caps.length === o.caps.length;
      dominated = !equal || j < i;
    }
    if (!dominated) kept.push(o);
  }
  return kept;
}

function isSubset(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (!b.includes(a[i] as number)) return false;
  return true;
}

/**
 * The thresholds that matter for a card in a combination: reachable ones only
 * (above the card's eligible spend they never bind), merged when equal, with
 * those at zero folded into a constant gain.
 */
export interface ActiveThresholds {
  readonly levels: readonly { monthly: number; gain: number; members: readonly ThresholdModel[] }[];
  readonly constantGain: number;
}

const activeNew = new WeakMap<CardModel, ActiveThresholds>();
const activeOwned = new WeakMap<CardModel, ActiveThresholds>();

export function activeThresholds(card: CardModel, owned: boolean): ActiveThresholds {
  // Asked for every card by dominance, the card bounds and every exact solve: computed once per
  // compiled card (callers only read it).
  const memo = owned ? activeOwned : activeNew;
  let act = memo.get(card);
  if (act === undefined) {
    act = computeActiveThresholds(card, owned);
    memo.set(card, act);
  }
  return act;
}

function computeActiveThresholds(card: CardModel, owned: boolean): ActiveThresholds {
  const list = owned ? card.thresholdsOwned : card.thresholdsNew;
  let constantGain = 0;
  const byLevel = new Map<number, ThresholdModel[]>();
  for (let i = 0; i < list.length; i++) {
    const t = list[i] as ThresholdModel;
    if (t.gain <= 0) continue;
    if (t.monthly <= 0) {
      constantGain += t.gain;
      continue;
    }
    if (t.monthly > card.eligibleSpend * (1 + 1e-12)) continue;
    const arr = byLevel.get(t.monthly) ?? [];
    arr.push(t);
    byLevel.set(t.monthly, arr);
  }
  const levels = [...byLevel.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([monthly, members]) => ({ monthly, gain: members.reduce((s, t) => s + t.gain, 0), members }));
  return { levels, constantGain };
}
