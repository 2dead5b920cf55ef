import { UNCOUNTED_RATES_FIELD } from '@cardwise/contracts';
import {
  BILL_PLATFORMS,
  base,
  type CardDef,
  cap,
  categoriesExcept,
  earn,
  exclude,
  excludeCategories,
  pts,
  without,
} from '../lib/card-def.ts';

const EDGE = 0.2; // EDGE Reward point value on the EDGE Rewards catalogue (CSV)

/**
 * Every other Axis card's research lists jewellery among its exclusions, and the merchant research
 * names Axis among the issuers excluding it; two cards' lists leave it out. We take the reading
 * that promises less.
 */
const AXIS_JEWELLERY = exclude(
  { category: ['jewellery'] },
  'No rewards on jewellery (as on other Axis cards; not in this card’s own list)',
);

export const AXIS_CARDS: CardDef[] = [
  {
    csv: 'Airtel Axis Bank Credit Card',
    id: 'airtel_axis',
    bank: 'axis',
    annual_fee: 500,
    joining_fee: 500,
    fee_waiver_annual_spend: 200000,
    waiver_condition: 'Annual fee waived on spend of ₹2,00,000 or more in the preceding year.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      base(0.01, '1% cashback on other spends'),
      earn(
        { platform_name: ['airtel_thanks'], product: ['airtel', 'airtel_xstream', 'airtel_dth'] },
        0.25,
        '25% on Airtel mobile, broadband and DTH bills via Airtel Thanks (capped: see the reward caps)',
        ['airtel_bills'],
      ),
      earn(
        { platform_name: ['airtel_thanks'], category: ['utilities'] },
        0.1,
        '10% on electricity, gas and water bills via Airtel Thanks (capped: see the reward caps)',
        ['utility_bills'],
      ),
      earn(
        { platform_name: ['zomato', 'blinkit', 'district'] },
        0.1,
        '10% on Zomato, Blinkit and District (Swiggy and BigBasket dropped from 12-Apr-2026)',
        ['partners'],
      ),
      excludeCategories(['fuel', 'wallet', 'jewellery', 'rent', 'insurance', 'education', 'government']),
      exclude(
        { category: ['utilities'], platform_name: without(BILL_PLATFORMS, 'airtel_thanks') },
        'No rewards on utility bills paid outside the Airtel Thanks app',
      ),
    ],
    cap_groups: [
      cap(
        'airtel_bills',
        250,
        'Airtel bills: ₹250 a month (from 12-Apr-2026 the cap is 2x the base cashback of the cycle, which we cannot work out in advance; we still count ₹250)',
      ),
      cap(
        'utility_bills',
        250,
        'Utility bills: ₹250 a month (from 12-Apr-2026 the cap equals the base cashback of the cycle; we still count ₹250)',
      ),
      cap('partners', 500, 'Partner platforms: up to ₹500 a month combined (pre-April-2026 cap)'),
    ],
    highlights: [
      '25% cashback on Airtel mobile, broadband and DTH bills',
      '10% on utility bills via Airtel Thanks',
      '10% on Zomato, Blinkit and District',
      '1% on everything else',
    ],
    description:
      "Airtel's co-brand cashback card for bill payers. The April 2026 revision tied the bill-payment caps to the base cashback you earn and dropped Swiggy and BigBasket; lounge access was removed.",
    page: 'https://www.airtel.in/finance/credit-card/axis-bank/interest-rate',
    uncertain: [
      {
        field: 'cap_groups',
        note: 'From 12-Apr-2026 the bill caps become "2x base cashback earned in cycle" (Airtel) and "1x base cashback" (utilities), and the 10% partner credit continues for Zomato, Blinkit and District with its cap not stated; we still count the older fixed caps (₹250, ₹250, ₹500) as an estimate.',
      },
    ],
  },
  {
    csv: 'Axis Bank ACE Credit Card',
    id: 'axis_ace',
    bank: 'axis',
    annual_fee: 499,
    joining_fee: 499,
    fee_waiver_annual_spend: 200000,
    waiver_condition: 'Annual fee waived on spend of ₹2,00,000 or more in the preceding year.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      base(0.015, '1.5% cashback on other spends, uncapped'),
      earn(
        { platform_name: ['google_pay'], category: ['utilities', 'telecom'] },
        0.05,
        '5% on electricity, water, gas, broadband, DTH and mobile bills paid via Google Pay',
        ['accelerated'],
      ),
      earn({ platform_name: ['swiggy', 'zomato', 'ola'] }, 0.04, '4% on Swiggy, Zomato and Ola', [
        'accelerated',
      ]),
      excludeCategories(['fuel', 'wallet', 'rent', 'jewellery', 'insurance', 'education', 'government']),
      exclude(
        { category: ['utilities'], platform_name: without(BILL_PLATFORMS, 'google_pay') },
        'No rewards on utility bills paid outside Google Pay',
      ),
    ],
    cap_groups: [cap('accelerated', 500, 'The 5% and 4% categories share ₹500 a statement cycle')],
    highlights: [
      '5% on bills and recharges via Google Pay',
      '4% on Swiggy, Zomato and Ola',
      '1.5% uncapped on other spends',
      'Fee waived at ₹2 lakh a year',
    ],
    description:
      'A simple cashback card: 1.5% on most spends, with 5% on Google Pay bill payments and 4% on food delivery and Ola sharing a ₹500 monthly cap.',
    uncertain: [
      {
        field: 'fuel_surcharge_waiver',
        note: 'Reported as "1% on 400-4000 per txn (from memory; cap reported as 500/month)".',
      },
    ],
  },
  {
    csv: 'Axis Bank Atlas Credit Card',
    id: 'axis_atlas',
    bank: 'axis',
    annual_fee: 5000,
    joining_fee: 5000,
    fee_waiver_annual_spend: null,
    waiver_condition: 'No fee waiver; renewal EDGE Miles by tier (Gold 2,500, Platinum 5,000).',
    reward_point_value_inr: 1,
    points_redeemable_only_on: ['travel_ota', 'airline_direct', 'hotel_direct', 'travel_offline'],
    points_redeemable_only_on_words: 'flight and hotel bookings',
    forex_markup_rate: 0.035,
    reward_type: 'miles',
    rules: [
      base(0.02, '2 EDGE Miles per ₹100 (2% at ₹1 a mile on Travel EDGE)'),
      earn(
        { platform_type: ['airline_direct', 'hotel_direct'] },
        0.05,
        '5 EDGE Miles per ₹100 on direct airline and hotel bookings, on up to ₹2,00,000 a month',
        ['travel'],
      ),
      excludeCategories([
        'jewellery',
        'rent',
        'wallet',
        'government',
        'insurance',
        'fuel',
        'utilities',
        'telecom',
      ]),
    ],
    cap_groups: [
      cap('travel', 10000, 'Travel at 5 Miles per ₹100 on spends up to ₹2,00,000 a month (₹10,000 of Miles)'),
    ],
    highlights: [
      '5 EDGE Miles per ₹100 on direct airline and hotel bookings',
      '2 EDGE Miles per ₹100 on other spends',
      'Miles transfer 1:2 to airline and hotel partners',
      'Up to 8 domestic + 4 international lounge visits (Silver tier)',
    ],
    description:
      "Axis's travel card: Miles worth ₹1 on Travel EDGE or transferable to partners, with tier milestones at ₹7.5 lakh and ₹15 lakh a year (our sources give no figure for the bonus Miles, so we do not count them).",
    page: 'https://www.axisbank.com/retail/cards/credit-card/axis-bank-atlas-credit-card',
  },
  {
    csv: 'Axis Bank Cashback Credit Card',
    id: 'axis_cashback',
    bank: 'axis',
    annual_fee: 1000,
    joining_fee: 1000,
    fee_waiver_annual_spend: 400000,
    waiver_condition: 'Annual fee waived on spend of ₹4,00,000 or more (excluding rent and wallet).',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      // Utilities earn less (0.5%, capped): a base rule on `{}` would beat them.
      earn(
        { category: categoriesExcept('utilities') },
        0.0075,
        '0.75% cashback on offline and other eligible spends, uncapped',
      ),
      // Bills paid online are utilities too: the online rate must leave them to their 0.5%.
      earn(
        { mode: ['online'], category: categoriesExcept('utilities') },
        0.02,
        'Online: 2% on the first ₹5,000 a month, 5% to ₹40,000 and 7% above (up to ₹4,000 a month); we count only the 2%, as the higher tiers depend on how much you spend online',
        ['online'],
      ),
      earn({ category: ['utilities'] }, 0.005, '0.5% on utility bills, up to ₹100 a month', ['utilities']),
      excludeCategories(['rent', 'wallet', 'fuel', 'insurance', 'government', 'education']),
      AXIS_JEWELLERY,
    ],
    cap_groups: [
      cap('online', 4000, 'All online cashback: up to ₹4,000 a month'),
      cap('utilities', 100, 'Utilities: up to ₹100 a month'),
    ],
    highlights: [
      'Up to 7% cashback on online spends above ₹40,000 a month',
      '5% online between ₹5,000 and ₹40,000 a month',
      '0.75% uncapped on offline spends',
      '5,000 EDGE points (₹1,000) welcome benefit',
    ],
    description:
      "Axis's tiered online cashback card. Our comparisons count only the first-tier 2% online rate, as the higher tiers depend on your monthly online spend; heavy online spenders earn noticeably more (5-7%).",
    page: 'https://www.axis.bank.in/cards/credit-card/cashback-credit-card',
  },
  {
    csv: 'Axis Bank Magnus Credit Card',
    id: 'axis_magnus',
    bank: 'axis',
    annual_fee: 12500,
    joining_fee: 12500,
    fee_waiver_annual_spend: 2500000,
    waiver_condition:
      'Fee waived on spend of ₹25,00,000 or more in the preceding anniversary year (excluding rent, wallet, EMI, government, utilities, insurance, fuel, jewellery).',
    reward_point_value_inr: EDGE,
    reward_type: 'points',
    rules: [
      base(
        pts(12, 200, EDGE),
        '12 EDGE points per ₹200 (1.2% at ₹0.20) on monthly spends up to ₹1.5 lakh; 35 per ₹200 above (not counted in our comparisons)',
      ),
      excludeCategories(['utilities', 'government', 'insurance', 'fuel', 'jewellery', 'rent', 'wallet']),
    ],
    highlights: [
      '35 EDGE points per ₹200 on monthly spend above ₹1.5 lakh',
      '60 points per ₹200 on Travel EDGE (up to ₹2 lakh a month)',
      'Transfer to airline/hotel partners at 5:2',
      'Unlimited international lounge visits via Priority Pass',
      '₹12,500 welcome voucher',
    ],
    description:
      "Axis's super-premium card for very high spenders: points are worth far more as partner miles than the ₹0.20 cash value we count, and we do not count the 35-point tier above ₹1.5 lakh a month.",
    page: 'https://www.axisbank.com/retail/cards/credit-card/axis-bank-magnus-card/more-benefits',
    uncertain: [
      {
        field: 'min_income',
        note: 'Reported as "2400000 (per RewardMatrix; older sources 1800000)". ₹24,00,000 is used.',
      },
    ],
  },
  {
    csv: 'Axis Bank Privilege Credit Card',
    id: 'axis_privilege',
    bank: 'axis',
    network: 'Visa; American Express',
    annual_fee: 1500,
    joining_fee: 1500,
    fee_waiver_annual_spend: 500000,
    waiver_condition: 'Annual fee waived on spend of ₹5,00,000 or more in the card anniversary year.',
    reward_point_value_inr: EDGE,
    reward_type: 'points',
    rules: [
      base(pts(10, 200, EDGE), '10 EDGE points per ₹200 (1% at ₹0.20)'),
      excludeCategories([
        'insurance',
        'rent',
        'fuel',
        'education',
        'utilities',
        'government',
        'wallet',
        'jewellery',
      ]),
    ],
    milestones: [
      { annual_spend: 250000, bonus_inr: 10000 * EDGE, note: '10,000 bonus EDGE points at ₹2,50,000 a year' },
    ],
    highlights: [
      '10,000 bonus points at ₹2.5 lakh a year',
      '12,500 EDGE points (₹2,500) welcome benefit',
      'Buy-one-get-one movie tickets via District',
      '2 domestic lounge visits a quarter (spend-linked)',
    ],
    description:
      'Mid-range Axis rewards card with a flat 1% in EDGE points, a ₹2.5 lakh milestone and a big welcome bonus.',
    min_income: null,
  },
  {
    csv: 'Axis Bank Rewards Credit Card (ex-Citi Rewards)',
    id: 'axis_rewards',
    autoRules: [{ quote: '2 EDGE reward points per', rule: '2 EDGE points per ₹125' }],
    name: 'Axis Bank Rewards Credit Card',
    bank: 'axis',
    issuer: 'Axis Bank',
    annual_fee: 1000,
    joining_fee: 1000,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Reported (not confirmed): annual fee waived on spend of ₹2,00,000 or more.',
    reward_point_value_inr: EDGE,
    reward_type: 'points',
    rules: [
      base(pts(2, 125, EDGE), '2 EDGE points per ₹125 (0.32% at ₹0.20) - rate unconfirmed'),
      excludeCategories(['fuel', 'utilities', 'insurance', 'rent', 'wallet', 'government', 'education']),
      exclude(
        { sub_category: ['tolls', 'tolls_parking', 'metro_transit', 'parking'] },
        'No rewards on tolls, parking and metro (transport, from 20-Jun-2025)',
      ),
      exclude(
        { platform_name: ['fastag_metro_parking'] },
        'No rewards on FASTag, metro and parking (from 20-Jun-2025)',
      ),
      AXIS_JEWELLERY,
    ],
    highlights: [
      'Flat ₹150 off Swiggy orders of ₹500+, twice a month',
      '5,000 EDGE points on ₹1,000 spend in 30 days',
      'Reported 10X on apparel and departmental stores (unconfirmed)',
    ],
    description:
      'The former Citi Rewards card, migrated to Axis in July 2024. Most earn details could not be confirmed from a published source, so we count only the base rate.',
    uncertain: [
      {
        field: UNCOUNTED_RATES_FIELD,
        note: 'Apparel & departmental stores 10X is "(from memory; monthly threshold/cap reported around 7000 spend)", so we do not count it.',
      },
      {
        field: 'rules',
        // Whether cab rides are "transport" decides the base rate there; the exclusions only lower the figure.
        rule: '2 EDGE points per ₹125',
        note: 'Reported as "transport/tolls" without a list of what transport covers: we count nothing on tolls, parking and metro, and the base rate on cab rides.',
      },
    ],
  },
  {
    csv: 'Flipkart Axis Bank Credit Card',
    id: 'flipkart_axis',
    autoRules: [{ quote: 'preferred merchants', uncounted: true }],
    bank: 'axis',
    annual_fee: 500,
    joining_fee: 500,
    fee_waiver_annual_spend: 350000,
    waiver_condition:
      'Annual fee waived on spend of ₹3,50,000 or more in the preceding card anniversary year.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      base(0.01, '1% cashback on other spends'),
      earn({ platform_name: ['myntra'] }, 0.075, '7.5% on Myntra, up to ₹4,000 a quarter', ['myntra']),
      earn({ platform_name: ['flipkart'] }, 0.05, '5% on Flipkart, up to ₹4,000 a quarter', ['flipkart']),
      earn({ platform_name: ['cleartrip'] }, 0.05, '5% on Cleartrip, up to ₹4,000 a quarter', ['cleartrip']),
      excludeCategories([
        'fuel',
        'wallet',
        'rent',
        'jewellery',
        'utilities',
        'insurance',
        'education',
        'government',
      ]),
    ],
    cap_groups: [
      cap('myntra', 4000 / 3, 'Myntra: ₹4,000 a statement quarter (₹1,333.33 a month)'),
      cap('flipkart', 4000 / 3, 'Flipkart: ₹4,000 a statement quarter (₹1,333.33 a month)'),
      cap('cleartrip', 4000 / 3, 'Cleartrip: ₹4,000 a statement quarter (₹1,333.33 a month)'),
    ],
    highlights: [
      '7.5% cashback on Myntra',
      '5% on Flipkart and Cleartrip',
      '1% on other spends',
      'Surcharges apply on rent, large wallet loads and utilities',
    ],
    description:
      'The Flipkart co-brand: strong on Myntra, Flipkart and Cleartrip (each capped at ₹4,000 a quarter since June 2025), 1% elsewhere. Lounge access was withdrawn in June 2025.',
  },
  {
    csv: 'IndianOil Axis Bank Credit Card',
    id: 'indianoil_axis',
    bank: 'axis',
    network: 'Visa; RuPay',
    annual_fee: 500,
    joining_fee: 500,
    fee_waiver_annual_spend: 350000,
    waiver_condition: 'Annual fee waived on spend of ₹3,50,000 or more in the card anniversary year.',
    reward_point_value_inr: EDGE,
    reward_type: 'points',
    rules: [
      base(pts(1, 100, EDGE), '1 EDGE point per ₹100 (0.2%)'),
      earn(
        { platform_name: ['indianoil'], category: ['fuel'] },
        pts(20, 100, EDGE),
        '20 EDGE points per ₹100 at IndianOil (4%), on transactions of ₹400-4,000 and up to ₹5,000 spend a month',
        ['iocl'],
      ),
      // UPI Scan & Pay at a shop is filed under online but is not online shopping: base rate.
      earn(
        { mode: ['online'], category: categoriesExcept('upi') },
        pts(5, 100, EDGE),
        '5 EDGE points per ₹100 online (1%), on up to ₹5,000 spend a month',
        ['online'],
      ),
      excludeCategories(['insurance', 'jewellery', 'wallet', 'rent', 'utilities', 'government', 'education']),
    ],
    cap_groups: [
      cap('iocl', 5000 * pts(20, 100, EDGE), 'IndianOil: 4% on up to ₹5,000 a month (₹200)'),
      cap('online', 5000 * pts(5, 100, EDGE), 'Online: 1% on up to ₹5,000 a month (₹50)'),
    ],
    highlights: [
      '4% back at IndianOil fuel stations (up to ₹5,000 a month)',
      '1% on online shopping (up to ₹5,000 a month)',
      '100% cashback up to ₹250 on the first fuel transaction',
    ],
    description:
      'Entry-level fuel co-brand for IndianOil customers: 4% back on fuel up to ₹5,000 a month, little else.',
  },
];
