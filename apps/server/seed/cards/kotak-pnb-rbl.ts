import {
  base,
  type CardDef,
  cap,
  earn,
  exclude,
  excludeCategories,
  groceryRate,
  pts,
  unconfirmedExclusions,
} from '../lib/card-def.ts';

/**
 * The card research lists Kotak's June-2025 exclusions without jewellery; the merchant research
 * names Kotak among the issuers excluding it from 2025. We take the reading that promises less.
 */
const KOTAK_JEWELLERY = exclude(
  { category: ['jewellery'] },
  'No rewards on jewellery (reported for Kotak cards from 2025, not in this card’s own list)',
);

const KOTAK_EXCLUSIONS = [
  excludeCategories(
    ['rent', 'wallet', 'government', 'insurance', 'education'],
    '(Kotak rules from 1-Jun-2025)',
  ),
  exclude({ platform_type: ['gaming'] }, 'No rewards on online gaming (Kotak rules from 1-Jun-2025)'),
  KOTAK_JEWELLERY,
];

export const KOTAK_CARDS: CardDef[] = [
  {
    csv: 'IndianOil Kotak Credit Card',
    id: 'indianoil_kotak',
    bank: 'kotak',
    network: 'RuPay',
    annual_fee: 449,
    joining_fee: 449,
    fee_waiver_annual_spend: 50000,
    waiver_condition: 'Annual fee waived on spend of ₹50,000 or more in the previous anniversary year.',
    reward_point_value_inr: 1,
    reward_type: 'points',
    rules: [
      base(0.005, '0.5% back as reward points on other spends'),
      earn(
        { platform_name: ['indianoil'], category: ['fuel'] },
        0.04,
        '4% as reward points at IndianOil (value-back incl. 1% surcharge waiver reported capped at ₹400 a month)',
        ['iocl'],
      ),
      ...groceryRate(
        { category: ['grocery', 'dining'] },
        0.02,
        '2% as reward points on grocery and dining, up to ₹200 a month',
        ['grocery_dining'],
      ),
      ...KOTAK_EXCLUSIONS,
    ],
    cap_groups: [
      cap(
        'iocl',
        320,
        'IndianOil: combined ₹400 a month reported for 4% points + 1% surcharge waiver; ₹320 is the points share',
      ),
      cap('grocery_dining', 200, 'Grocery and dining: ₹200 a month'),
    ],
    highlights: [
      '4% back at IndianOil + 1% surcharge waiver',
      '2% on grocery and dining (up to ₹200 a month)',
      'Fee waived at ₹50,000 a year',
    ],
    description:
      'Kotak fuel co-brand for IndianOil. Rates are stated as value-back percentages; Kotak cut redemption values in June 2025, so the real value may be lower.',
    uncertain: [
      {
        field: 'reward_point_value_inr',
        note: 'The point value is "not confirmed (Kotak cut redemption values on 1-Jun-2025)"; the stated value-back percentages are used as if 1 point = ₹1.',
      },
    ],
  },
  {
    csv: 'Kotak Cashback+ Credit Card',
    id: 'kotak_cashback_plus',
    bank: 'kotak',
    annual_fee: 750,
    joining_fee: 750,
    fee_waiver_annual_spend: 200000,
    waiver_condition: 'Annual fee waived on spend of ₹2,00,000 or more in the anniversary year.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      base(0.005, '0.5% unlimited cashback on other eligible spends'),
      earn(
        { platform_type: ['food_delivery', 'quick_commerce', 'online_grocery'] },
        0.05,
        '5% on online food delivery and groceries (monthly cap not confirmed)',
      ),
      earn(
        { mode: ['online'], category: ['entertainment'] },
        0.05,
        '5% on online entertainment (monthly cap not confirmed)',
      ),
      earn(
        { category: ['fuel'] },
        0.03,
        '3% on fuel at any station (+1% surcharge waiver; cap not confirmed)',
      ),
      ...KOTAK_EXCLUSIONS,
    ],
    highlights: [
      '5% cashback on food delivery and online groceries',
      '5% on online entertainment',
      '3% on fuel at any station',
    ],
    description:
      'Kotak cashback card for food delivery, groceries, entertainment and fuel. Monthly caps were not found, so the rates are shown uncapped: check the bank page before relying on them.',
    page: 'https://www.kotak.com/en/personal-banking/cards/credit-cards/kotak-cashback-plus-credit-card/eligibility.html',
    uncertain: [
      {
        field: 'cap_groups',
        note: 'Reported with "monthly caps not confirmed": we still count the 5%/5%/3% rates (they are what the card is for), with no cap.',
      },
    ],
  },
  {
    csv: 'Kotak League Platinum Credit Card',
    id: 'kotak_league_platinum',
    bank: 'kotak',
    network: 'Visa',
    annual_fee: 499,
    joining_fee: 499,
    fee_waiver_annual_spend: 50000,
    waiver_condition: 'Annual fee waived on retail spend of ₹50,000 or more.',
    reward_point_value_inr: 0.07,
    reward_type: 'points',
    rules: [
      base(pts(4, 150, 0.07), '4 reward points per ₹150 (about 0.19% at ₹0.07)'),
      earn(
        { platform_type: ['travel_ota', 'airline_direct', 'department_store'] },
        pts(8, 150, 0.07),
        '8 points per ₹150 at travel agencies, airlines and departmental stores',
      ),
      earn({ category: ['electronics'] }, pts(8, 150, 0.07), '8 points per ₹150 on electronics and durables'),
      excludeCategories(
        ['education', 'wallet', 'fuel', 'rent', 'government', 'insurance'],
        '(from 1-Jun-2025)',
      ),
      exclude({ platform_type: ['gaming'] }, 'No rewards on online gaming (from 1-Jun-2025)'),
      KOTAK_JEWELLERY,
    ],
    milestones: [
      {
        annual_spend: 250000,
        bonus_inr: 2 * 10000 * 0.07,
        note: '10,000 points (or 4 PVR tickets) on ₹1,25,000 spend every 6 months; we count the bonus once you spend ₹2,50,000 in a year',
      },
    ],
    highlights: [
      '4 PVR tickets or 10,000 points on ₹1.25 lakh spend every 6 months',
      '8 points per ₹150 on travel, electronics and departmental stores',
      'Points double to 8 per ₹150 after ₹2 lakh annual spend',
    ],
    description:
      'Entry Kotak card; point value fell to ₹0.07 in June 2025, making it a low earner. Its 8 points per ₹150 on spend above ₹2 lakh a year is not counted in our comparisons.',
    page: 'https://www.kotak.com/personal-banking/cards/credit-cards/league-platinum-card.html',
  },
];

export const PNB_CARDS: CardDef[] = [
  {
    csv: 'PNB RuPay Select Credit Card',
    id: 'pnb_rupay_select',
    bank: 'pnb',
    network: 'RuPay',
    annual_fee: 750,
    joining_fee: 500,
    fee_waiver_annual_spend: null,
    waiver_condition:
      'Annual fee waived if the card is used in each quarter of the preceding year (not a spend threshold).',
    reward_point_value_inr: null,
    reward_type: 'points',
    rules: [excludeCategories(['fuel', 'wallet'])],
    highlights: [
      'Domestic and international lounges via RuPay Select',
      'Fee waived if used every quarter',
      '2 points per ₹150; reported 2X on retail merchandise',
    ],
    description:
      "PNB's RuPay Select card. The point value is not confirmed, so we count no rewards for it; its fee waiver depends on using the card every quarter, not on a spend amount.",
    uncertain: [
      {
        field: 'reward_point_value_inr',
        note: 'Point value "not confirmed"; the 2 RP per ₹150 earn is therefore not counted.',
      },
    ],
  },
];

export const RBL_CARDS: CardDef[] = [
  {
    csv: 'IndianOil RBL Bank XTRA Credit Card',
    id: 'indianoil_rbl_xtra',
    bank: 'rbl',
    annual_fee: 1500,
    joining_fee: 1500,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Reported (not confirmed): annual fee waived on spend of ₹2,75,000 or more.',
    reward_point_value_inr: 0.5,
    // For fuel at IndianOil; the research names no other redemption, so none is counted (ADR 031).
    points_redeemable_only_on: 'indianoil',
    reward_type: 'points',
    rules: [
      base(pts(2, 100, 0.5), '2 Fuel Points per ₹100 (1% when redeemed for IndianOil fuel)'),
      earn(
        { platform_name: ['indianoil'], category: ['fuel'] },
        pts(15, 100, 0.5),
        '15 Fuel Points per ₹100 at IndianOil (7.5%), up to 2,000 Fuel Points a month',
        ['iocl'],
      ),
      ...unconfirmedExclusions('indianoil'),
    ],
    cap_groups: [cap('iocl', 2000 * 0.5, 'IndianOil: 2,000 Fuel Points a month (₹1,000)')],
    highlights: [
      '7.5% back at IndianOil (8.5% with the surcharge waiver)',
      '1% back in Fuel Points on other spends',
      '3,000 Fuel Points joining bonus (reported)',
    ],
    description:
      'High-value IndianOil co-brand from RBL. The fees are unconfirmed; RBL charges 1% on fuel transactions above ₹10,000 and on rent.',
  },
];
