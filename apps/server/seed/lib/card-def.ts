import {
  type CapGroup,
  type Conditions,
  type FeeFrequency,
  listInWords,
  type Milestone,
  type Rule,
} from '@cardwise/contracts';
import { CATEGORY_SLUGS, PLATFORM_TYPE_SLUGS } from './taxonomy.ts';

/** An uncertain fact carried into the card's `uncertain` list. */
export interface UncertainNote {
  field: string;
  note: string;
}

/**
 * The rules a note on the earn rates concerns, each named by a piece of its rule's note (every
 * rule whose note contains it): the build writes their indices (`rules.1,3`) and fails when a
 * piece names no rule, so an edit of the card's rules cannot point the note at another one.
 */
export type RuleRef = string | string[];

/** A hand-written note; one on `rules` may name the rules it concerns (without: every rule). */
export interface HandNote extends UncertainNote {
  rule?: RuleRef;
}

/**
 * Where an automatic note on the earn rates (a caveat the research put on a rate or exclusion)
 * belongs when it is not about every rule of the card: `quote` is a piece of the note's text; the
 * note concerns the rules `rule` names, or a rate we do not count (`uncounted`). The build fails
 * when a `quote` matches no automatic note, or more than one.
 */
export type AutoRulesNote = { quote: string } & ({ rule: RuleRef } | { uncounted: true });

/**
 * The hand-written part of a card. Text facts that are copied verbatim (sources, as_of,
 * welcome, lounge, fuel-surcharge, income, network) come from cards.csv at build time,
 * matched by `csv` (the exact card_name); everything here is a judgement about the CSV.
 */
export interface CardDef {
  /** Exact card_name in cards.csv. */
  csv: string;
  id: string;
  /** Display name; defaults to the CSV name. */
  name?: string;
  bank: string;
  /** Overrides the bank's display name as `issuer` (co-brands). */
  issuer?: string;
  /** Overrides the CSV network text. */
  network?: string | null;
  annual_fee: number;
  fee_frequency?: FeeFrequency;
  joining_fee: number;
  fee_waiver_annual_spend: number | null;
  waiver_condition: string | null;
  reward_point_value_inr: number | null;
  /**
   * The platform_name slug the card's points can only be spent on (IRCTC tickets), or a list of
   * platform_name and platform_type slugs for points spendable only within a group of merchants
   * (ADR 033): the server counts its rewards only up to the user's spend there (ADR 029). Left out:
   * spendable anywhere.
   */
  points_redeemable_only_on?: string | string[];
  /**
   * Where those points can be spent, in words ("flight and hotel bookings"); left out:
   * the taxonomy's names (ADR 033). Only with points_redeemable_only_on.
   */
  points_redeemable_only_on_words?: string;
  /**
   * What those points are worth spent anywhere else, below reward_point_value_inr (IndianOil HDFC's
   * Fuel Points as cashback): counted for a user with no spend on the platform (ADR 031). Left out:
   * nothing elsewhere. Only with points_redeemable_only_on.
   */
  points_value_elsewhere_inr?: number;
  /**
   * The markup on foreign-currency spend before GST, where the research gives it (0.035 for 3.5%,
   * 0 for "zero-forex"; ADR 034). Left out: not known ("low-forex" with no figure is not a figure).
   */
  forex_markup_rate?: number;
  reward_type: 'cashback' | 'points' | 'miles' | 'coins';
  rules: Rule[];
  cap_groups?: CapGroup[];
  milestones?: Milestone[];
  highlights: string[];
  benefits?: string[];
  description: string;
  /** Overrides the income parsed from the CSV (null = not published). */
  min_income?: number | null;
  /**
   * The bank's public page for the card when known; else the bank's card listing is used. Only a
   * page about the card itself: an FAQ, terms, key-fact statement or blog post among its sources
   * is a source, not where a person applies (demo-catalog.test.ts checks).
   */
  page?: string;
  uncertain?: HandNote[];
  /** The automatic notes on the earn rates that are not about every rule (see AutoRulesNote). */
  autoRules?: AutoRulesNote[];
}

const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** Rupees per rupee for "points per `per` rupees" at `value` rupees a point. */
export const pts = (points: number, per: number, value: number): number => (points * value) / per;

export const earn = (conditions: Conditions, rate: number, note: string, caps: string[] = []): Rule => ({
  conditions,
  rate: round(rate, 6),
  cap_groups: caps,
  note,
});

export const base = (rate: number, note: string, caps: string[] = []): Rule => earn({}, rate, note, caps);

export const exclude = (conditions: Conditions, note: string): Rule => ({ conditions, excluded: true, note });

const CATEGORY_WORDS: Record<string, string> = {
  fuel: 'fuel',
  rent: 'rent',
  wallet: 'wallet loads',
  insurance: 'insurance',
  utilities: 'utility bills',
  telecom: 'telecom bills',
  education: 'education fees',
  government: 'government payments',
  jewellery: 'jewellery',
  gift_cards: 'gift cards & vouchers',
  card_bill_payment: 'card bill payments',
  investments: 'investments',
};

/** One exclusion rule for level-4 categories, with a plain-words note. */
export const excludeCategories = (categories: string[], extra?: string): Rule =>
  exclude(
    { category: categories },
    `No rewards on ${listInWords(categories.map((c) => CATEGORY_WORDS[c] ?? c.replace(/_/g, ' ')))}${extra ? ` ${extra}` : ''}`,
  );

/**
 * The spends nearly every Indian issuer pays nothing on (rent, wallet loads, government payments,
 * fuel), for a card whose own exclusions no source confirms. Counting its base rate on them would
 * promise rewards nobody reported, and rent alone can be the largest entry of a household, so they
 * count as earning nothing; the card page says why. A fuel co-brand names its `fuelBrand`: its
 * own pumps keep their rate (an exclusion beats every rate of its card), other brands' fuel earns
 * nothing.
 */
export const unconfirmedExclusions = (fuelBrand?: string): Rule[] => {
  const categories = fuelBrand ? ['rent', 'wallet', 'government'] : ['rent', 'wallet', 'government', 'fuel'];
  const words = listInWords(categories.map((c) => CATEGORY_WORDS[c] ?? c));
  return [
    exclude(
      { category: categories },
      `Exclusions not confirmed: we count nothing on ${words}, which almost every card excludes`,
    ),
    ...(fuelBrand
      ? [
          exclude(
            { category: ['fuel'], platform_name: without(FUEL_BRANDS, fuelBrand) },
            "Exclusions not confirmed: fuel earns only at the co-brand's own pumps",
          ),
        ]
      : []),
  ];
};

/** A monthly cap group. */
export const cap = (id: string, monthly: number | null, note: string): CapGroup => ({
  id,
  monthly_cap_inr: monthly === null ? null : round(monthly, 2),
  note,
});

/**
 * The rupee cap on a rule's whole earn when only its bonus part is capped: the bonus
 * stops at `bonusCapInr`, which is reached at spend bonusCap / (total - base).
 */
export const capFromBonus = (bonusCapInr: number, totalRate: number, baseRate: number): number =>
  (bonusCapInr * totalRate) / (totalRate - baseRate);

/** Every level-4 category except these (for cards that pay a reduced rate on some categories). */
export const categoriesExcept = (...drop: string[]): string[] =>
  CATEGORY_SLUGS.filter((c) => !drop.includes(c));

/** Online shopping platforms (marketplaces and specialist e-commerce). */
export const ONLINE_SHOPPING: string[] = [
  'e_commerce_marketplace',
  'fashion_e_commerce',
  'beauty_e_commerce',
  'eyewear_e_commerce',
  'baby_kids_e_commerce',
  'home_furniture_e_commerce',
  'electronics_retailer_online',
  'jewellery_e_commerce',
];

/** Bill-payment platforms (level 3), for "utilities except via X" exclusions. */
export const BILL_PLATFORMS: string[] = [
  'google_pay',
  'airtel_thanks',
  'amazon_pay',
  'phonepe',
  'paytm',
  'cred_bbps',
  'provider_direct',
];

export const FUEL_BRANDS: string[] = ['indianoil', 'bpcl', 'hpcl', 'other_fuel_brands'];

/**
 * Shops whose trade is groceries. Issuers pay a grocery rate by the merchant's category code, so a
 * whole DMart or BigBasket bill earns it, household items included; the taxonomy files those
 * bills under several categories, and a rule on the grocery category alone missed an entry that
 * stops at the shop.
 */
export const GROCERY_STORES: string[] = ['supermarket', 'kirana', 'online_grocery', 'quick_commerce'];

/** Every platform type but the grocery shops: where a grocery rate does not take the whole bill. */
export const NOT_GROCERY_SHOPS: string[] = PLATFORM_TYPE_SLUGS.filter((t) => !GROCERY_STORES.includes(t));

/**
 * Every spend a `groceryRate` on these categories does not pay: other categories, at shops other
 * than grocery shops (a rule for "the rest" beside a grocery rate).
 */
export const outsideGroceryRate = (...categories: string[]): Conditions => ({
  category: categoriesExcept(...categories),
  platform_type: NOT_GROCERY_SHOPS,
});

/** A grocery rate as issuers pay it: on grocery bought anywhere it is named, and at grocery shops. */
export const groceryRate = (
  conditions: Conditions,
  rate: number,
  note: string,
  caps: string[] = [],
): Rule[] => shopRate(GROCERY_STORES, conditions, rate, note, caps);

/**
 * A rate an issuer pays by merchant code: on the goods wherever the taxonomy names them, and on the
 * whole bill at the shops (`shops`, platform types) whose trade they are.
 */
export const shopRate = (
  shops: string[],
  conditions: Conditions,
  rate: number,
  note: string,
  caps: string[] = [],
): Rule[] => [earn(conditions, rate, note, caps), earn({ platform_type: shops }, rate, note, caps)];

export const without = (list: string[], ...drop: string[]): string[] => list.filter((x) => !drop.includes(x));

/** A category whose earn has a monthly cap of its own, within a card's base rate. */
export interface CappedCategory {
  categories: string[];
  group: string;
  note: string;
}

/**
 * A base rate whose earn on some categories counts toward a cap of their own ("grocery cap 2,000
 * points a month", "utilities 2,000 NeuCoins a month"): those categories earn the same rate in their
 * cap group, and the base rule pays every other spend. Grocery goes by merchant code as in
 * `groceryRate` (grocery wherever it is named, and the whole bill at grocery shops), so the base
 * rule then leaves the grocery shops out as well. `allExcept` names categories the card's other
 * rules pay instead (a UPI rate of its own); `caps` are groups every part counts toward too.
 */
export const baseWithCategoryCaps = (
  rate: number,
  note: string,
  capped: CappedCategory[],
  { allExcept = [], caps = [] }: { allExcept?: string[]; caps?: string[] } = {},
): Rule[] => {
  const cappedCategories = capped.flatMap((c) => c.categories);
  const grocery = cappedCategories.includes('grocery');
  return [
    earn(
      grocery
        ? outsideGroceryRate(...allExcept, ...cappedCategories)
        : { category: categoriesExcept(...allExcept, ...cappedCategories) },
      rate,
      note,
      caps,
    ),
    ...capped.flatMap((c) =>
      c.categories.includes('grocery')
        ? groceryRate({ category: c.categories }, rate, c.note, [c.group, ...caps])
        : [earn({ category: c.categories }, rate, c.note, [c.group, ...caps])],
    ),
  ];
};
