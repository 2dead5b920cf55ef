import { UNCOUNTED_RATES_FIELD } from '@cardwise/contracts';
import {
  base,
  type CardDef,
  cap,
  earn,
  excludeCategories,
  ONLINE_SHOPPING,
  pts,
  unconfirmedExclusions,
} from '../lib/card-def.ts';

const RP = 0.25;

export const BOB_CARDS: CardDef[] = [
  {
    csv: 'BOBCARD ETERNA Credit Card',
    id: 'bob_eterna',
    name: 'BOBCARD ETERNA Credit Card',
    bank: 'bobcard',
    annual_fee: 2499,
    joining_fee: 2499,
    fee_waiver_annual_spend: 250000,
    waiver_condition:
      'Annual fee waived on spend of ₹2,50,000 or more (lifetime-free offer for eligible applicants till 31-Dec-2025).',
    reward_point_value_inr: RP,
    forex_markup_rate: 0.02,
    reward_type: 'points',
    rules: [
      base(pts(3, 100, RP), '3 reward points per ₹100 (0.75%)'),
      earn(
        { platform_type: ONLINE_SHOPPING },
        pts(15, 100, RP),
        '15 points per ₹100 (3.75%) on online shopping, within 5,000 accelerated points a cycle',
        ['accelerated'],
      ),
      earn(
        { category: ['travel', 'dining', 'international'] },
        pts(15, 100, RP),
        '15 points per ₹100 (3.75%) on travel, dining and international spends, within 5,000 accelerated points a cycle',
        ['accelerated'],
      ),
      earn(
        { sub_category: ['movie_tickets'] },
        pts(15, 100, RP),
        '15 points per ₹100 (3.75%) on movies, within 5,000 accelerated points a cycle',
        ['accelerated'],
      ),
      excludeCategories(['fuel', 'utilities', 'rent', 'wallet']),
    ],
    cap_groups: [cap('accelerated', 5000 * RP, '5,000 accelerated points a statement cycle (₹1,250)')],
    milestones: [
      { annual_spend: 500000, bonus_inr: 20000 * RP, note: '20,000 bonus points at ₹5,00,000 a year' },
    ],
    highlights: [
      '3.75% back on online shopping, travel, dining, movies and international spends',
      'Unlimited domestic lounge visits (₹40,000 quarterly spend)',
      '2% forex markup',
      'Points never expire and redeem as cashback',
    ],
    description:
      "BOBCARD's premium card: 5X points in the categories most people spend on, capped at 5,000 points (₹1,250) a cycle, plus a ₹5 lakh milestone.",
    page: 'https://bobfinancial.com/eterna.jsp',
  },
  {
    csv: 'HPCL BoB ENERGIE Credit Card',
    id: 'bob_hpcl_energie',
    name: 'HPCL BoB ENERGIE Credit Card',
    bank: 'bobcard',
    annual_fee: 499,
    joining_fee: 499,
    fee_waiver_annual_spend: 50000,
    waiver_condition: 'Annual fee waived on spend of ₹50,000 or more.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      earn(
        { platform_name: ['hpcl'], category: ['fuel'] },
        pts(24, 150, RP),
        '24 reward points per ₹150 at HPCL (about 4%), up to 1,000 points (₹250) a cycle',
        ['hpcl'],
      ),
      earn(
        // Department stores only (MCC 5311): supermarkets are grocery (MCC 5411), which the card's
        // research does not name.
        { platform_type: ['department_store'] },
        pts(10, 150, RP),
        '10 points per ₹150 at departmental stores (about 1.67%), within 1,000 points (₹250) a cycle with utility bills',
        ['ten_x'],
      ),
      earn(
        { category: ['utilities'] },
        pts(10, 150, RP),
        '10 points per ₹150 on utility bills (about 1.67%), within 1,000 points (₹250) a cycle with departmental stores',
        ['ten_x'],
      ),
      // Its exclusions are not confirmed, and spend earning nothing still counts toward the fee waiver.
      ...unconfirmedExclusions('hpcl'),
    ],
    cap_groups: [
      cap('hpcl', 1000 * RP, 'HPCL: 1,000 points a cycle (₹250)'),
      cap('ten_x', 1000 * RP, 'Departmental stores and utility bills: 1,000 points a cycle (₹250)'),
    ],
    highlights: [
      'About 4% back at HPCL (plus 1.5% Payback via HP Pay app)',
      '1.67% on departmental stores and utility bills',
      'Fee waived at ₹50,000 a year',
    ],
    description:
      'HPCL fuel co-brand from BOBCARD. The base rate on other spends is unconfirmed, so we count no rewards on other spends.',
    uncertain: [
      {
        field: 'rules',
        note: 'Base "2 RP per 150 INR on other spends (from memory)" is not counted; exclusions are "not confirmed".',
      },
      {
        field: 'cap_groups',
        note: 'The research states no cap on the 24- and 10-point rates; a copy of the BOBCARD terms we found caps each at 1,000 points a statement. We apply those caps, as they can only lower what you earn.',
      },
    ],
  },
  {
    csv: 'IRCTC BoB RuPay Credit Card',
    id: 'irctc_bob_rupay',
    bank: 'bobcard',
    annual_fee: 350,
    joining_fee: 500,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Not stated.',
    reward_point_value_inr: RP,
    points_redeemable_only_on: 'irctc',
    reward_type: 'points',
    rules: [
      earn(
        { platform_name: ['irctc'], category: ['travel'] },
        pts(40, 100, RP),
        '40 reward points per ₹100 on IRCTC train bookings (about 10%), card linked to IRCTC ID',
      ),
    ],
    highlights: [
      'About 10% back on IRCTC train tickets',
      'No IRCTC transaction charges',
      '4 railway lounge visits a year',
    ],
    description:
      'A railway co-brand for frequent IRCTC bookers; the earn on other spends is not confirmed, so we count only IRCTC bookings.',
    uncertain: [
      {
        field: UNCOUNTED_RATES_FIELD,
        note: 'Base reward "not confirmed (low base on other spends)"; we do not count it.',
      },
    ],
  },
];
