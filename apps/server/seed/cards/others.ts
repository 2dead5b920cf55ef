import { UNCOUNTED_RATES_FIELD } from '@cardwise/contracts';
import {
  base,
  type CardDef,
  categoriesExcept,
  earn,
  excludeCategories,
  groceryRate,
  pts,
  unconfirmedExclusions,
} from '../lib/card-def.ts';

/** Canara, CSB (Jupiter), Federal (incl. Scapia) and OneCard. */
export const OTHER_CARDS: CardDef[] = [
  {
    csv: 'Canara Bank MasterCard World Individual Credit Card',
    id: 'canara_world',
    name: 'Canara Bank Mastercard World Individual Credit Card',
    bank: 'canara',
    annual_fee: 300,
    joining_fee: 0,
    fee_waiver_annual_spend: 100000,
    waiver_condition:
      'No annual or joining fee; an inactivity fee of ₹300 applies if annual turnover is below ₹1,00,000 (we count it as a ₹300 fee waived once you spend ₹1,00,000 a year).',
    reward_point_value_inr: null,
    reward_type: 'points',
    rules: [],
    highlights: [
      'No joining or annual fee (₹300 inactivity fee below ₹1 lakh a year)',
      '2 reward points per ₹100 on POS and e-commerce',
      'Lounge access at selected lounges',
    ],
    description:
      "A public-sector card with no joining or annual fee, but a ₹300 inactivity fee in a year you spend under ₹1,00,000 (counted as a ₹300 fee waived at that spend). Its reward point value isn't stated, so we count no rewards for it.",
    page: 'https://canarabank.com/pages/MasterCard-World-Individual-Credit-Card',
    uncertain: [
      {
        field: 'reward_point_value_inr',
        note: 'Point value "not stated (redeem as cashback or goods on canararewardz.com)"; the 2 RP per ₹100 earn is therefore not counted.',
      },
    ],
  },
  {
    csv: 'Edge CSB Bank RuPay Credit Card (Jupiter)',
    id: 'jupiter_edge_csb',
    // We count no rate of this card, so no note on its rates is one the figure rests on.
    autoRules: [
      { quote: 'the base earn rate', uncounted: true },
      { quote: 'Edge+ offers higher partner rates', uncounted: true },
    ],
    name: 'Edge CSB Bank RuPay Credit Card (Jupiter)',
    bank: 'csb',
    issuer: 'CSB Bank (with Jupiter)',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free (Edge); the Edge+ variant has a one-time ₹999 joining fee.',
    reward_point_value_inr: null,
    reward_type: 'cashback',
    rules: [],
    highlights: [
      'Lifetime free RuPay card usable on UPI',
      'Pick one category (shopping, travel or dining) for boosted cashback',
      'Fuel surcharge waiver up to ₹4,000 spend a cycle',
    ],
    description:
      "Jupiter's RuPay credit card on UPI, issued by CSB Bank. We could not confirm its base rate or the value of Jupiter Jewels, so we count no rewards for it.",
    // Applied for in Jupiter's app: its site, not its key-fact statement (a source, kept as one).
    page: 'https://jupiter.money/',
    uncertain: [
      {
        field: UNCOUNTED_RATES_FIELD,
        note: 'Chosen category 2% is only "per LoansJagat example", the base reward is "not confirmed" and Jewels value "not confirmed"; we count no rewards for it.',
      },
    ],
  },
  {
    csv: 'Federal Bank Celesta Credit Card',
    id: 'federal_celesta',
    bank: 'federal',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free, issued to Celesta relationship customers.',
    reward_point_value_inr: 0.25,
    reward_type: 'points',
    rules: [
      base(pts(1, 150, 0.25), '1 reward point per ₹150 (about 0.17%)'),
      earn(
        { category: ['travel', 'international'] },
        pts(3, 150, 0.25),
        '3X on travel and international spends',
      ),
      earn({ category: ['dining'] }, pts(2, 150, 0.25), '2X on dining'),
      ...unconfirmedExclusions(),
    ],
    highlights: [
      'Lifetime free for Celesta relationship customers',
      '3X points on travel and international spends',
      '2 international lounge visits a year, no spend needed',
      'Buy-one-get-one INOX movie ticket monthly',
    ],
    description:
      "Federal Bank's relationship card for Celesta (wealth) customers: modest points with travel perks. Eligibility depends on the Celesta account, not income.",
    min_income: null,
    uncertain: [
      {
        field: 'rules',
        note: 'Sources conflict on the earn unit: "1 RP per 100 INR per logintoloans; CardNitty implies per 150". The conservative per ₹150 is used.',
      },
    ],
  },
  {
    csv: 'Federal Bank Imperio Credit Card',
    id: 'federal_imperio',
    bank: 'federal',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free.',
    reward_point_value_inr: 0.25,
    reward_type: 'points',
    rules: [
      base(pts(1, 150, 0.25), '1X reward points (assumed 1 point per ₹150)'),
      ...groceryRate(
        { category: ['health_pharmacy', 'grocery'] },
        pts(3, 150, 0.25),
        '3X on health and groceries',
      ),
      earn({ category: ['utilities'] }, pts(2, 150, 0.25), '2X on utility bills'),
      ...unconfirmedExclusions(),
    ],
    highlights: ['Lifetime free', '3X points on health and groceries', '2X on utility bills'],
    description: 'A lifetime-free Federal Bank card weighted to groceries, health and bills.',
    min_income: null,
    uncertain: [
      {
        field: 'rules',
        note: 'The earn unit of "1X RP" is not stated for Imperio; 1 point per ₹150 (as reported for Celesta, the conservative reading) is assumed, with the point value "0.25 (from memory, Federal standard)".',
      },
    ],
  },
  {
    csv: 'Federal Bank Signet Credit Card',
    id: 'federal_signet',
    bank: 'federal',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free.',
    reward_point_value_inr: 0.25,
    reward_type: 'points',
    rules: [
      base(pts(1, 150, 0.25), '1X reward points (assumed 1 point per ₹150)'),
      earn({ category: ['electronics', 'fashion'] }, pts(3, 150, 0.25), '3X on electronics and apparel'),
      earn({ category: ['entertainment'] }, pts(2, 150, 0.25), '2X on entertainment'),
      ...unconfirmedExclusions(),
    ],
    highlights: ['Lifetime free', '3X points on electronics and apparel', '2X on entertainment'],
    description: 'A lifetime-free Federal Bank card weighted to shopping and entertainment.',
    uncertain: [
      {
        field: 'rules',
        note: 'The earn unit of "1X RP" is not stated for Signet; 1 point per ₹150 is assumed (conservative), with the point value "0.25 (from memory)".',
      },
    ],
  },
  {
    csv: 'Scapia Federal Bank Credit Card',
    id: 'scapia_federal',
    bank: 'federal',
    issuer: 'Federal Bank (with Scapia)',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free.',
    reward_point_value_inr: 0.2,
    points_redeemable_only_on: 'scapia',
    forex_markup_rate: 0,
    reward_type: 'coins',
    rules: [
      // Bills earn only on their first ₹20,000 and UPI at half the rate: a base rule on `{}`
      // would beat both (README "Lower rate on some categories").
      earn(
        { category: categoriesExcept('utilities', 'telecom', 'upi') },
        0.1 * 0.2,
        '10% back as Scapia Coins (about 2%, coins redeem only for travel on Scapia)',
      ),
      earn(
        { platform_name: ['scapia'] },
        0.2 * 0.2,
        '20% back as Scapia Coins on travel booked in the Scapia app (about 4%)',
      ),
      earn(
        { category: ['utilities', 'telecom'] },
        0.1 * 0.2,
        '10% coins (about 2%) on utility, telecom and cable bills, only on the first ₹20,000 a cycle',
        ['bills'],
      ),
      earn({ category: ['upi'] }, 0.05 * 0.2, 'RuPay companion: 5% coins (about 1%) on UPI spends of ₹500+'),
      excludeCategories(['rent', 'education', 'gift_cards', 'card_bill_payment', 'fuel', 'wallet']),
    ],
    cap_groups: [
      { id: 'bills', monthly_cap_inr: 400, note: 'Bills earn only on the first ₹20,000 a cycle (₹400)' },
    ],
    highlights: [
      'About 2% back as travel coins on all spends',
      'About 4% on travel booked in the Scapia app',
      'Zero forex markup',
      'Unlimited domestic lounges with ₹10,000 spend in the previous cycle',
    ],
    description:
      'Lifetime-free travel card: 10% Scapia Coins (worth about 2%) everywhere, redeemable only on Scapia travel bookings, with zero forex markup.',
    page: 'https://www.federalbank.co.in/credit-card',
    uncertain: [
      {
        field: 'rules',
        rule: '10% back as Scapia Coins',
        note: 'Its exclusions list "forex transactions" beside "money transfers": we read that as buying foreign currency, and count the coins on card spend abroad, which this zero-markup card is made for.',
      },
    ],
  },
  {
    csv: 'OneCard (Metal) Credit Card',
    id: 'onecard_metal',
    name: 'OneCard Metal Credit Card',
    bank: 'onecard',
    issuer: 'OneCard (FPL Technologies)',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free.',
    reward_point_value_inr: 0.1,
    forex_markup_rate: 0.01,
    reward_type: 'points',
    rules: [base(pts(1, 50, 0.1), '1 reward point per ₹50 (0.2% at ₹0.10)'), ...unconfirmedExclusions()],
    highlights: [
      'Lifetime free metal card',
      '5X points on your top 2 spend categories each month',
      '1% forex markup',
    ],
    description:
      "Fintech metal card issued with partner banks. The 5X on each month's top two categories depends on your own spending pattern, so we do not count it.",
    uncertain: [
      {
        field: 'rules',
        note: 'Exclusions "not confirmed (check OneCard T&C; wallet loads/rent typically excluded)"; we count nothing on rent, wallet loads, government payments and fuel.',
      },
    ],
  },
];
