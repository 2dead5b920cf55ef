import { base, type CardDef, cap, earn, exclude, excludeCategories, pts } from '../lib/card-def.ts';
import { PLATFORM_TYPE_SLUGS } from '../lib/taxonomy.ts';

const RP = 0.25; // AU reward point value: "0.25 (from memory)" in the CSV, listed as uncertain

const ONLINE_RETAIL = PLATFORM_TYPE_SLUGS.filter(
  (t) => !['insurance', 'bill_payment_app', 'bill_payment_direct'].includes(t),
);

const BBPS_EXCLUSION = exclude(
  { platform_type: ['bill_payment_app'] },
  'No rewards on BBPS bill payments (bill-payment apps) from 1-Apr-2024',
);

export const AU_CARDS: CardDef[] = [
  {
    csv: 'AU Bank Altura Plus Credit Card',
    id: 'au_altura_plus',
    bank: 'au',
    network: 'Visa',
    annual_fee: 499,
    joining_fee: 499,
    fee_waiver_annual_spend: 80000,
    waiver_condition:
      'Joining fee refunded on ₹20,000 spend in the first 90 days; annual fee waived on retail spend of ₹80,000 or more in the previous year.',
    reward_point_value_inr: RP,
    reward_type: 'cashback',
    rules: [
      base(pts(1, 100, RP), '1 reward point per ₹100 (0.25%)'),
      // "Online retail" only: bills and insurance paid online earn the base point, as the research
      // lists telecom, utilities and insurance under the base rate.
      earn(
        { mode: ['online'], platform_type: ONLINE_RETAIL },
        pts(2, 100, RP),
        '2 reward points per ₹100 on online retail (0.5%)',
      ),
      earn({ mode: ['offline'] }, 0.015, '1.5% cashback on offline (swipe/tap) spends, up to ₹100 a month', [
        'offline_cashback',
      ]),
      excludeCategories(['fuel', 'rent', 'education', 'government'], '(from 1-Apr-2024)'),
      BBPS_EXCLUSION,
    ],
    cap_groups: [cap('offline_cashback', 100, 'Offline cashback: up to ₹100 a month')],
    milestones: [
      {
        annual_spend: 240000,
        bonus_inr: 12 * 500 * RP,
        note: '500 bonus points in a month with ₹20,000 retail spend; we count the bonus once you spend ₹2,40,000 in a year',
      },
    ],
    highlights: [
      '1.5% cashback on offline spends (up to ₹100 a month)',
      '2 points per ₹100 online',
      '500 bonus points on ₹20,000 monthly spend',
      '2 railway lounge visits a quarter',
    ],
    description:
      'Low-fee AU card for everyday offline spending: capped 1.5% cashback in stores plus reward points online and a monthly spend bonus.',
  },
  {
    csv: 'AU Bank LIT Credit Card',
    id: 'au_lit',
    bank: 'au',
    network: 'Visa; RuPay',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free; optional features are paid per 90-day period.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      base(pts(1, 100, RP), '1 reward point per ₹100 on retail spends (0.25%)'),
      excludeCategories(['fuel', 'rent', 'education', 'government']),
      BBPS_EXCLUSION,
    ],
    highlights: [
      'Lifetime free',
      'Pay only for the features you switch on (90-day packs)',
      'Optional category cashback, multipliers and lounge packs',
    ],
    description:
      "AU's customisable lifetime-free card: a small base earn, with paid 90-day feature packs (cashback categories, multipliers, lounges) that we do not count because their prices and rates vary.",
  },
];
