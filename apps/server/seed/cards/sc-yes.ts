import {
  type CardDef,
  cap,
  categoriesExcept,
  earn,
  excludeCategories,
  GROCERY_STORES,
  NOT_GROCERY_SHOPS,
  pts,
} from '../lib/card-def.ts';

const SUPERMARKET_CATEGORIES = ['grocery', 'household_essentials', 'home_kitchen'];
const ULTIMATE_REDUCED = ['utilities', 'insurance', 'rent', 'education', 'government'];

export const SC_CARDS: CardDef[] = [
  {
    csv: 'Standard Chartered Rewards Credit Card',
    id: 'sc_rewards',
    bank: 'standard_chartered',
    network: 'Mastercard',
    annual_fee: 1000,
    joining_fee: 0,
    fee_waiver_annual_spend: 150000,
    waiver_condition:
      'Annual fee waived on spend of ₹1,50,000 or more in the previous year (else 4,000 points on fee payment).',
    reward_point_value_inr: 0.25,
    reward_type: 'points',
    rules: [
      earn(
        { category: categoriesExcept('government', 'insurance') },
        pts(4, 150, 0.25),
        '4 reward points per ₹150 on retail spends (about 0.67%)',
      ),
      earn(
        { category: ['government', 'insurance'] },
        pts(1, 150, 0.25),
        '1 point per ₹150 on government and insurance',
      ),
      excludeCategories(['fuel']),
    ],
    highlights: [
      '8 points per ₹150 on monthly spend above ₹20,000 (bonus capped at 2,000 points a cycle)',
      '4 points per ₹150 on other retail spends',
      '1 domestic lounge visit a quarter',
      'First year free',
    ],
    description:
      'Standard Chartered points card; the extra 4 points per ₹150 above ₹20,000 a month depends on your monthly spend, so our comparisons do not count it.',
    page: 'https://www.sc.com/in/credit-cards/rewards-credit-card',
  },
  {
    csv: 'Standard Chartered Smart Credit Card',
    id: 'sc_smart',
    bank: 'standard_chartered',
    network: 'Mastercard',
    annual_fee: 499,
    joining_fee: 499,
    fee_waiver_annual_spend: 120000,
    waiver_condition: 'Annual fee waived on spend of ₹1,20,000 or more.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      // "Other (offline) spends" only: online spend past its own cap earns nothing more.
      earn(
        { mode: ['offline', 'international'] },
        0.01,
        '1% cashback on offline spends, up to ₹500 a month',
        ['offline'],
      ),
      earn({ mode: ['online'] }, 0.02, '2% cashback on all online spends incl. bills, up to ₹1,000 a month', [
        'online',
      ]),
      excludeCategories(['fuel']),
    ],
    cap_groups: [
      cap('offline', 500, 'Other spends: ₹500 a month'),
      cap('online', 1000, 'Online: ₹1,000 a month'),
    ],
    highlights: [
      '2% cashback on all online spends, including utility and telecom bills',
      '1% on other spends',
      'Short exclusion list',
    ],
    description:
      'Simple low-fee cashback card: 2% online (up to ₹1,000 a month) and 1% elsewhere; redemption via the 360 Rewards portal (minimum ₹2,500).',
  },
  {
    csv: 'Standard Chartered Ultimate Credit Card',
    id: 'sc_ultimate',
    bank: 'standard_chartered',
    annual_fee: 5000,
    joining_fee: 5000,
    fee_waiver_annual_spend: null,
    waiver_condition: 'No fee waiver (6,000 points on fee payment).',
    reward_point_value_inr: 1,
    forex_markup_rate: 0.02,
    reward_type: 'points',
    rules: [
      earn(
        { category: categoriesExcept(...ULTIMATE_REDUCED, ...SUPERMARKET_CATEGORIES) },
        pts(5, 150, 1),
        '5 reward points per ₹150 (3.33% at ₹1 a point)',
      ),
      earn(
        {
          category: SUPERMARKET_CATEGORIES,
          platform_type: NOT_GROCERY_SHOPS,
        },
        pts(5, 150, 1),
        '5 points per ₹150 on groceries and household items outside supermarkets and grocery shops (3.33%)',
      ),
      earn(
        { category: ULTIMATE_REDUCED },
        pts(3, 150, 1),
        '3 points per ₹150 on utilities, insurance, rent, schools and government (2%)',
      ),
      // The supermarket rate goes by the merchant's code, which grocery apps and kiranas share.
      earn(
        { platform_type: GROCERY_STORES },
        pts(3, 150, 1),
        '3 points per ₹150 at supermarkets and grocery shops (2%)',
      ),
      excludeCategories(['fuel'], '(from 2-Apr-2023)'),
    ],
    highlights: [
      '3.33% value back (5 points per ₹150 at ₹1 a point)',
      '5% cashback on duty-free purchases',
      '1 international lounge visit a month + 4 domestic a quarter',
      '6,000 points on fee payment',
    ],
    description:
      "Standard Chartered's premium card: a flat 3.33% on most spends (2% on bills, rent, supermarkets and government), with a ₹99 + GST redemption fee.",
  },
];

export const YES_CARDS: CardDef[] = [
  {
    csv: 'Kiwi YES Bank Klick RuPay Credit Card',
    id: 'kiwi_yes_klick',
    name: 'Kiwi YES Bank Klick RuPay Credit Card',
    bank: 'yes_bank',
    issuer: 'YES Bank (with Kiwi)',
    network: 'RuPay',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free (optional Kiwi Neon membership ₹999 + GST a year).',
    reward_point_value_inr: 0.25,
    reward_type: 'cashback',
    rules: [
      earn(
        { sub_category: ['scan_and_pay'] },
        0.015,
        '1.5% cashback on UPI Scan & Pay (rewards computed in multiples of ₹100)',
      ),
    ],
    highlights: [
      '1.5% cashback on UPI Scan & Pay',
      'Lifetime free RuPay card for UPI',
      'Neon membership: 2% on Scan & Pay and milestone boosts up to 5%',
    ],
    description:
      'UPI-first lifetime-free RuPay card from Kiwi and YES Bank; only merchant UPI payments are allowed, and the online-UPI rate is lower (not stated).',
    // Applied for in Kiwi's app: its site, not its rewards policy (a source, kept as one).
    page: 'https://gokiwi.in/',
  },
  {
    csv: 'YES BANK MARQUEE Credit Card',
    id: 'yes_marquee',
    autoRules: [
      { quote: '18 reward points per ₹200 offline', rule: '18 reward points per ₹200' },
      { quote: 'Online spends: 36 reward points', rule: '36 points per ₹200 online' },
      { quote: 'utilities/insurance lower rate', uncounted: true },
    ],
    name: 'YES BANK MARQUEE Credit Card',
    bank: 'yes_bank',
    network: 'Visa',
    annual_fee: 4999,
    joining_fee: 9999,
    fee_waiver_annual_spend: 1000000,
    waiver_condition:
      'Renewal fee waived on spend of ₹10,00,000 or more in the card anniversary year; no first-year waiver.',
    // A point is ₹0.25, but only half of a cardholder's points can be taken as statement credit or
    // vouchers (the rest go to flights and hotels): as cash, a point earned is worth ₹0.125.
    reward_point_value_inr: 0.125,
    reward_type: 'points',
    rules: [
      // Utilities and insurance earn "a lower rate" no source states: nothing is counted on them.
      earn(
        { category: categoriesExcept('utilities', 'insurance') },
        pts(18, 200, 0.125),
        '18 reward points per ₹200 offline and on other spends (1.125% as cash, 2.25% on flights and hotels) - unconfirmed',
      ),
      earn(
        { mode: ['online'], category: categoriesExcept('utilities', 'insurance') },
        pts(36, 200, 0.125),
        '36 points per ₹200 online (2.25% as cash, 4.5% on flights and hotels) - unconfirmed',
      ),
      excludeCategories(['fuel', 'rent', 'wallet', 'government']),
    ],
    highlights: [
      '40,000 points on the first-year fee',
      'Reported 36 points per ₹200 online (unconfirmed)',
      'Flight/hotel redemption up to 70% of the bill',
      'Only half the points can be taken as statement credit or vouchers',
    ],
    description:
      "YES Bank's top card. The fees come from YES Bank's key fact statement, but its earn rates are unconfirmed: verify before relying on them. Points are worth ₹0.25, but only half of them can be taken as statement credit or vouchers, so we count ₹0.125 a point earned; the other half is worth its full value only on flights and hotels.",
    uncertain: [
      {
        field: 'rules',
        note: 'Both earn rates "(from memory)" are still counted because they are what the card is for; the exclusions "(per YES T&C; not verified)" are applied too, as they can only lower what you earn. Utilities and insurance earn "a lower rate" that no source we retrieved states, so we count nothing on them.',
      },
    ],
  },
  {
    csv: 'YES BANK RESERV Credit Card',
    id: 'yes_reserv',
    name: 'YES BANK RESERV Credit Card',
    bank: 'yes_bank',
    network: 'Visa; Mastercard',
    annual_fee: 2499,
    joining_fee: 2499,
    fee_waiver_annual_spend: 300000,
    waiver_condition:
      'First-year fee waived on ₹20,000 spend in the first 30 days; renewal waived on spend of ₹3,00,000 or more in the anniversary year.',
    reward_point_value_inr: 0.25,
    reward_type: 'points',
    rules: [
      earn(
        { mode: ['offline'], category: categoriesExcept('utilities', 'insurance') },
        pts(12, 200, 0.25),
        '12 reward points per ₹200 offline (1.5%)',
      ),
      earn(
        { mode: ['online'], category: categoriesExcept('utilities', 'insurance') },
        pts(24, 200, 0.25),
        '24 points per ₹200 online (3%), up to 36,000 points a cycle',
        ['online'],
      ),
      earn(
        { category: ['utilities', 'insurance'] },
        pts(6, 200, 0.25),
        '6 points per ₹200 on utilities and insurance (0.75%)',
      ),
      earn(
        { category: ['international'] },
        pts(12, 200, 0.25),
        '12 reward points per ₹200 on other spends (1.5%)',
      ),
      excludeCategories(['fuel', 'rent', 'wallet']),
    ],
    cap_groups: [cap('online', 36000 * 0.25, 'Online: 36,000 points a cycle (₹9,000)')],
    highlights: [
      '3% back on online spends (24 points per ₹200)',
      '1.5% on offline spends',
      '12 domestic + 6 international lounge visits a year',
    ],
    description: 'YES Bank premium rewards card with a strong 3% online earn.',
    uncertain: [
      {
        field: 'rules',
        note: 'Exclusions "fuel, rent, wallet (per YES T&C; not verified)" are applied, as they can only lower what you earn.',
      },
    ],
  },
];
