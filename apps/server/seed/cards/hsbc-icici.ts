import { UNCOUNTED_RATES_FIELD } from '@cardwise/contracts';
import {
  base,
  baseWithCategoryCaps,
  type CardDef,
  cap,
  categoriesExcept,
  earn,
  exclude,
  excludeCategories,
  FUEL_BRANDS,
  groceryRate,
  outsideGroceryRate,
  pts,
  without,
} from '../lib/card-def.ts';

const RP = 0.25;

/**
 * HSBC's cashback cards pay their base rate on "other eligible spends": dining, food delivery and
 * groceries earn the capped 10% instead, and nothing more once its cap is reached. Groceries go by
 * merchant code (`groceryRate`), so a grocery shop's whole bill is left out of the base as well.
 */
const OTHER_THAN_DINING_AND_GROCERY = outsideGroceryRate('dining', 'grocery');
// About a rate we do not count (the base past the cap): the figure does not rest on it.
const PAST_THE_CAP_NOTE = {
  field: UNCOUNTED_RATES_FIELD,
  note: 'The base cashback is reported for "other eligible spends", which does not say whether dining, food delivery and groceries earn it once the 10% cap is reached. We count nothing past the cap, the lower reading.',
};

/** ICICI pays 1 RP per ₹100 on utilities and insurance instead of 2: the base lists every other category. */
const iciciBase = (note: string, ...alsoDrop: string[]): CardDef['rules'] => [
  earn({ category: categoriesExcept('utilities', 'insurance', ...alsoDrop) }, pts(2, 100, RP), note),
  earn(
    { category: ['utilities', 'insurance'] },
    pts(1, 100, RP),
    '1 point per ₹100 on utilities and insurance (0.25%)',
  ),
];

const ladder = (
  from: number,
  to: number,
  step: number,
  first: number,
  each: number,
): { annual_spend: number; bonus_inr: number; note: string }[] => {
  const out = [
    {
      annual_spend: from,
      bonus_inr: first * RP,
      note: `${first.toLocaleString('en-IN')} bonus points at ₹${from.toLocaleString('en-IN')} a year`,
    },
  ];
  for (let s = from + step; s <= to; s += step) {
    out.push({
      annual_spend: s,
      bonus_inr: each * RP,
      note: `${each.toLocaleString('en-IN')} more points at ₹${s.toLocaleString('en-IN')} a year`,
    });
  }
  return out;
};

export const HSBC_CARDS: CardDef[] = [
  {
    csv: 'HSBC Live+ Credit Card',
    id: 'hsbc_live_plus',
    bank: 'hsbc',
    annual_fee: 999,
    joining_fee: 999,
    fee_waiver_annual_spend: 200000,
    waiver_condition: 'Annual fee waived on spend of ₹2,00,000 or more in the preceding year.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      earn(OTHER_THAN_DINING_AND_GROCERY, 0.015, '1.5% unlimited cashback on other eligible spends'),
      ...groceryRate(
        { category: ['dining', 'grocery'] },
        0.1,
        '10% on dining, food delivery and groceries, up to ₹1,000 a billing cycle (nothing more past it)',
        ['dining_grocery'],
      ),
      excludeCategories([
        'fuel',
        'wallet',
        'government',
        'utilities',
        'rent',
        'insurance',
        'jewellery',
        'education',
      ]),
    ],
    cap_groups: [cap('dining_grocery', 1000, 'Dining, food delivery and grocery: ₹1,000 a billing cycle')],
    highlights: [
      '10% cashback on dining, food delivery and groceries (up to ₹1,000 a cycle)',
      '1.5% unlimited on other spends',
      'Cashback auto-credited',
      '4 domestic lounge visits a year',
    ],
    description:
      "HSBC's cashback card: among the highest dining and grocery rates in India (10%, capped at ₹1,000 a month) and 1.5% elsewhere. Available in select cities.",
    uncertain: [PAST_THE_CAP_NOTE],
  },
  {
    csv: 'HSBC RuPay Cashback Credit Card',
    id: 'hsbc_rupay_cashback',
    bank: 'hsbc',
    network: 'RuPay',
    annual_fee: 499,
    joining_fee: 499,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Not confirmed.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      earn(OTHER_THAN_DINING_AND_GROCERY, 0.01, 'About 1% cashback on other eligible spends, incl. UPI'),
      ...groceryRate(
        { category: ['dining', 'grocery'] },
        0.1,
        '10% on dining, food delivery and groceries, up to ₹400 a month (nothing more past it)',
        ['dining_grocery'],
      ),
      excludeCategories(['rent', 'utilities', 'insurance', 'jewellery', 'fuel', 'wallet', 'government']),
    ],
    cap_groups: [cap('dining_grocery', 400, 'Dining, food delivery and grocery: ₹400 a month')],
    highlights: [
      '10% cashback on dining, food delivery and groceries (up to ₹400 a month)',
      'Works on UPI (RuPay)',
      '2 domestic lounge visits a quarter',
    ],
    description:
      'RuPay version of HSBC cashback for UPI users, with a smaller ₹400 monthly cap on the 10% categories.',
    uncertain: [
      {
        field: 'rules',
        note: 'Card exclusions "not confirmed (HSBC cashback exclusions: rent, utilities, insurance, jewellery, fuel)"; those are applied, and wallet loads and government payments, which HSBC Live+ also excludes.',
      },
      PAST_THE_CAP_NOTE,
    ],
  },
  {
    csv: 'HSBC TravelOne Credit Card',
    id: 'hsbc_travelone',
    bank: 'hsbc',
    annual_fee: 4999,
    joining_fee: 4999,
    fee_waiver_annual_spend: 800000,
    waiver_condition: 'Annual fee waived on spend of ₹8,00,000 or more.',
    reward_point_value_inr: 0.2,
    points_redeemable_only_on: ['travel_ota', 'airline_direct', 'hotel_direct', 'travel_offline'],
    points_redeemable_only_on_words: 'flights and hotels (through airline and hotel partners)',
    reward_type: 'miles',
    rules: [
      base(pts(2, 100, 0.2), '2 reward points per ₹100, uncapped (0.4% at the assumed ₹0.20)'),
      earn(
        { platform_type: ['travel_ota', 'airline_direct'] },
        pts(4, 100, 0.2),
        '4 points per ₹100 on flights and travel aggregators, up to 50,000 accelerated points a month',
        ['accelerated'],
      ),
      earn(
        { category: ['international'] },
        pts(4, 100, 0.2),
        '4 points per ₹100 on foreign-currency spends, up to 50,000 accelerated points a month',
        ['accelerated'],
      ),
      excludeCategories(['fuel', 'utilities', 'insurance', 'education', 'government', 'rent', 'wallet']),
    ],
    cap_groups: [
      cap(
        'accelerated',
        50000 * 0.2,
        'Flights, travel aggregators, foreign currency: 50,000 points a month (₹10,000)',
      ),
    ],
    milestones: [
      { annual_spend: 1200000, bonus_inr: 10000 * 0.2, note: '10,000 bonus points at ₹12,00,000 a year' },
    ],
    highlights: [
      'Points transfer 1:1 to 15+ airline and hotel programmes, instantly in the app',
      '4 points per ₹100 on flights, travel sites and foreign currency',
      '6 domestic + 4 international lounge visits, no spend criteria',
    ],
    description:
      'HSBC travel card whose points are meant to be transferred 1:1 to airline and hotel partners; the cash value is unconfirmed, so a conservative ₹0.20 is counted.',
    uncertain: [
      {
        field: 'reward_point_value_inr',
        note: 'Reported as "transfer 1:1 to 15+ airline and hotel programmes ... cash value not confirmed". We count a cautious ₹0.20 a point until the value is confirmed.',
      },
    ],
  },
];

export const ICICI_CARDS: CardDef[] = [
  {
    csv: 'Amazon Pay ICICI Bank Credit Card',
    id: 'amazon_pay_icici',
    bank: 'icici',
    network: 'Visa',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free.',
    reward_point_value_inr: 1,
    forex_markup_rate: 0.0199,
    reward_type: 'cashback',
    rules: [
      base(0.01, '1% back on other eligible spends, uncapped'),
      earn(
        { platform_name: ['amazon'] },
        0.03,
        '3% on Amazon.in for non-Prime members (5% for Prime members), uncapped',
      ),
      earn({ platform_name: ['amazon_pay'] }, 0.02, '2% on bills and recharges via Amazon Pay, uncapped'),
      excludeCategories(['fuel', 'rent', 'jewellery', 'education', 'government', 'wallet']),
      // From 15-Jan-2026 ICICI charges 2% on gaming platforms: the 1% back would leave the user
      // paying 1%, so that spend is better left off the card.
      exclude(
        { platform_type: ['gaming'] },
        'No rewards on online gaming platforms (and a 2% fee from 15-Jan-2026)',
      ),
    ],
    highlights: [
      '5% back on Amazon for Prime members (3% otherwise), uncapped',
      '2% on Amazon Pay bills and partner merchants',
      '1% everywhere else',
      'Lifetime free',
    ],
    description:
      'Lifetime-free Amazon co-brand; rewards arrive as Amazon Pay balance. We count the non-Prime 3% on Amazon to stay on the safe side.',
    uncertain: [
      {
        // The base rate on fees and taxes paid directly, which we do not count.
        field: UNCOUNTED_RATES_FIELD,
        note: 'Reported as "education/tax via partner": fees and taxes paid through a payment partner earn nothing. We cannot tell that from paying the school or the tax portal directly, so we count nothing on either.',
      },
    ],
  },
  {
    csv: 'ICICI Bank Coral Credit Card',
    id: 'icici_coral',
    bank: 'icici',
    network: 'Visa; Mastercard; RuPay',
    annual_fee: 500,
    joining_fee: 500,
    fee_waiver_annual_spend: 150000,
    waiver_condition: 'Annual fee waived on spend of ₹1,50,000 or more in the anniversary year.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      ...iciciBase('2 reward points per ₹100 (0.5%)'),
      excludeCategories(['fuel', 'rent', 'wallet', 'government']),
    ],
    highlights: [
      '25% off BookMyShow/INOX movie tickets twice a month',
      '2 points per ₹100 on retail spends',
      'Railway and domestic airport lounge access',
    ],
    description: 'Entry-level ICICI rewards card with movie discounts and basic lounge access.',
    uncertain: [
      {
        field: 'lounge_access',
        note: 'Sources conflict: "1 domestic airport lounge per quarter (spend-linked; finanjo lists 1 visit/yr)".',
      },
    ],
  },
  {
    csv: 'ICICI Bank Emeralde Private Metal Credit Card',
    id: 'icici_emeralde_private_metal',
    bank: 'icici',
    annual_fee: 12499,
    joining_fee: 12499,
    fee_waiver_annual_spend: 1000000,
    waiver_condition: 'Annual fee waived on spend of ₹10,00,000 or more in the previous card year.',
    reward_point_value_inr: 0.4,
    reward_type: 'points',
    rules: [
      // The grocery cap by the shop's merchant code, as every grocery rate: a DMart bill of
      // household items earned the uncapped 1.2% beside a capped grocery bill.
      ...baseWithCategoryCaps(
        pts(6, 200, 0.4),
        '6 reward points per ₹200 (1.2% at ₹0.40 statement credit; 3% at ₹1 on flights/hotels)',
        [
          { categories: ['grocery'], group: 'grocery', note: 'Groceries: up to 1,000 points a cycle' },
          { categories: ['utilities'], group: 'utilities', note: 'Utilities: up to 1,000 points a cycle' },
          { categories: ['education'], group: 'education', note: 'Education: up to 1,000 points a cycle' },
          { categories: ['insurance'], group: 'insurance', note: 'Insurance: up to 5,000 points a cycle' },
        ],
      ),
      excludeCategories(['fuel', 'rent', 'government']),
    ],
    cap_groups: [
      cap('grocery', 1000 * 0.4, 'Groceries: 1,000 points a cycle (₹400)'),
      cap('utilities', 1000 * 0.4, 'Utilities: 1,000 points a cycle (₹400)'),
      cap('education', 1000 * 0.4, 'Education: 1,000 points a cycle (₹400)'),
      cap('insurance', 5000 * 0.4, 'Insurance: 5,000 points a cycle (₹2,000)'),
    ],
    highlights: [
      '3% value back at ₹1 a point on flights, hotels and premium vouchers (we count ₹0.40)',
      'Up to 12X on iShop hotels',
      'Unlimited lounge access worldwide, incl. add-on',
      'No late-payment, over-limit or cash-advance fees',
    ],
    description:
      "ICICI's invite-only metal card. Points are counted at the ₹0.40 statement-credit value; iShop multipliers are not counted in our comparisons.",
  },
  {
    csv: 'ICICI Bank HPCL Coral Credit Card',
    id: 'icici_hpcl_coral',
    bank: 'icici',
    network: 'Visa; Mastercard',
    annual_fee: 199,
    joining_fee: 199,
    fee_waiver_annual_spend: 50000,
    waiver_condition: 'Annual fee waived on spend of ₹50,000 or more.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      ...iciciBase('2 reward points per ₹100 on retail purchases except fuel (0.5%)', 'fuel'),
      earn(
        { platform_name: ['hpcl'], category: ['fuel'] },
        0.025,
        '2.5% cashback at HPCL, up to ₹100 a month',
        ['hpcl'],
      ),
      exclude(
        { category: ['fuel'], platform_name: without(FUEL_BRANDS, 'hpcl') },
        'No rewards on fuel outside HPCL',
      ),
      excludeCategories(['wallet', 'rent', 'government']),
    ],
    cap_groups: [cap('hpcl', 100, 'HPCL cashback: ₹100 a month')],
    highlights: [
      '2.5% cashback at HPCL (+1% surcharge waiver)',
      '2 points per ₹100 on other retail',
      '₹199 fee, waived at ₹50,000',
    ],
    description: 'Low-fee HPCL fuel card from ICICI.',
  },
  {
    csv: 'ICICI Bank HPCL Super Saver Credit Card',
    id: 'icici_hpcl_super_saver',
    autoRules: [
      { quote: '2 reward points per ₹100 on other retail', rule: '2 reward points per ₹100 on other retail' },
      { quote: 'Departmental & grocery stores: 5%', rule: '5% at departmental and grocery stores' },
    ],
    bank: 'icici',
    network: 'Visa; RuPay',
    annual_fee: 500,
    joining_fee: 500,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Reported (not confirmed): annual fee waived on spend of ₹1,50,000 or more.',
    reward_point_value_inr: RP,
    reward_type: 'cashback',
    rules: [
      // ICICI pays no points on fuel on its other cards (Coral, Rubyx, Sapphiro, HPCL Coral):
      // HPCL fuel past the 4% rate's cap earns nothing more.
      earn(
        { category: categoriesExcept('fuel') },
        pts(2, 100, RP),
        '2 reward points per ₹100 on other retail except fuel (0.5%)',
      ),
      earn({ platform_name: ['hpcl'], category: ['fuel'] }, 0.04, '4% cashback at HPCL, up to ₹200 a month', [
        'hpcl',
      ]),
      earn(
        { sub_category: ['electricity', 'mobile'] },
        0.05,
        '5% on electricity and mobile bills, up to ₹100 a month',
        ['bills'],
      ),
      earn(
        { platform_type: ['supermarket', 'department_store'] },
        0.05,
        '5% at departmental and grocery stores, up to ₹100 a month',
        ['stores'],
      ),
      exclude(
        { category: ['fuel'], platform_name: without(FUEL_BRANDS, 'hpcl') },
        'No rewards on fuel outside HPCL',
      ),
      excludeCategories(['rent', 'wallet', 'government']),
    ],
    cap_groups: [
      cap('hpcl', 200, 'HPCL: ₹200 a month'),
      cap('bills', 100, 'Electricity and mobile bills: ₹100 a month'),
      cap('stores', 100, 'Departmental and grocery stores: ₹100 a month'),
    ],
    highlights: [
      '4% cashback at HPCL + 1% surcharge waiver',
      '5% on electricity and mobile bills (capped)',
      '5% at departmental and grocery stores (capped)',
    ],
    description:
      'HPCL co-brand with bill and grocery cashback. No published source we retrieved confirms any fact about this card: verify before relying on it.',
    uncertain: [
      {
        field: 'rules',
        note: 'No source confirms any fact about this card; we still count every rate and cap (they are what the card is for), but all are unconfirmed. Its points are not counted on fuel, as on every other ICICI card here.',
      },
    ],
  },
  {
    csv: 'ICICI Bank Rubyx Credit Card',
    id: 'icici_rubyx',
    bank: 'icici',
    network: 'Visa',
    annual_fee: 2000,
    joining_fee: 3000,
    fee_waiver_annual_spend: 300000,
    waiver_condition: 'Annual fee waived on spend of ₹3,00,000 or more in the previous year.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      ...iciciBase('2 reward points per ₹100 on domestic spends (0.5%)'),
      earn(
        { category: ['international'] },
        pts(4, 100, RP),
        '4 points per ₹100 on international spends (1%)',
      ),
      excludeCategories(['fuel', 'wallet', 'rent', 'government']),
    ],
    milestones: ladder(300000, 1100000, 100000, 3000, 1500),
    highlights: [
      'Welcome vouchers worth ₹5,000+',
      'Milestone points from ₹3 lakh a year (up to 15,000 a year)',
      '2 domestic airport + 2 railway lounge visits a quarter',
    ],
    description:
      'Mid-premium ICICI card: 0.5% base, 1% abroad, and a ladder of milestone points from ₹3 lakh a year.',
    page: 'https://www.icicibank.com/Personal-Banking/cards/Consumer-Cards/Credit-Card/rubyx-card/index.page',
  },
  {
    csv: 'ICICI Bank Sapphiro Credit Card',
    id: 'icici_sapphiro',
    bank: 'icici',
    network: 'Visa',
    annual_fee: 3500,
    joining_fee: 6500,
    fee_waiver_annual_spend: 600000,
    waiver_condition: 'Annual fee waived on spend of ₹6,00,000 or more in the previous year.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      ...iciciBase('2 reward points per ₹100 on domestic spends (0.5%)'),
      earn(
        { category: ['international'] },
        pts(4, 100, RP),
        '4 points per ₹100 on international spends (1%)',
      ),
      excludeCategories(['fuel', 'wallet', 'rent', 'government']),
    ],
    milestones: ladder(400000, 1200000, 100000, 4000, 2000),
    highlights: [
      'Welcome vouchers worth ₹9,000+',
      'Milestone points from ₹4 lakh a year (up to 20,000 a year)',
      '4 domestic lounge visits a quarter + 2 international a year',
    ],
    description:
      'ICICI premium lifestyle card: welcome vouchers, lounges and a milestone ladder from ₹4 lakh a year.',
    uncertain: [
      {
        field: 'welcome_bonus',
        note: 'Sources differ: "vouchers worth 9000+ ... on joining fee; BankKaro lists 13000+". The lower figure is shown.',
      },
    ],
  },
];
