import { UNCOUNTED_RATES_FIELD } from '@cardwise/contracts';
import {
  base,
  type CardDef,
  cap,
  categoriesExcept,
  earn,
  exclude,
  excludeCategories,
  ONLINE_SHOPPING,
  pts,
  unconfirmedExclusions,
} from '../lib/card-def.ts';

const IDFC_RP = 0.25;
/** The 2026 revision's note, with what the card earned before it (Millennia's online rate differed). */
const idfc2026Note = (before: string, revision = 'IDFC FIRST reportedly moved lifetime-free cards'): string =>
  `${revision} to an earn unit of ₹200 from 18-Jan-2026; we count the conservative 3 points per ₹200 on all spends (before: ${before}, 10X above ₹20,000 a cycle).`;
const IDFC_2026_NOTE = idfc2026Note('3X per ₹150 or ₹100');

export const IDBI_CARDS: CardDef[] = [
  {
    csv: 'IDBI Bank Aspire Platinum Credit Card',
    id: 'idbi_aspire_platinum',
    bank: 'idbi',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Reported lifetime free (not confirmed).',
    reward_point_value_inr: 0.25,
    reward_type: 'points',
    rules: [base(pts(2, 150, 0.25), '2 Delight Points per ₹150 (about 0.33%)'), excludeCategories(['fuel'])],
    highlights: [
      'Reported lifetime free',
      '2X Delight Points in your birthday month',
      '1% fuel surcharge waiver',
    ],
    description: 'Basic IDBI rewards card; its fee is reported as lifetime free but was not confirmed.',
    uncertain: [
      {
        field: 'annual_fee',
        note: 'Reported as "not confirmed (reported lifetime free)"; joining fee and waiver also "not confirmed".',
      },
    ],
  },
  {
    csv: 'IDBI Bank Royale Signature Credit Card',
    id: 'idbi_royale_signature',
    bank: 'idbi',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free.',
    reward_point_value_inr: 0.25,
    reward_type: 'points',
    rules: [base(pts(3, 100, 0.25), '3 Delight Points per ₹100 (0.75%)'), excludeCategories(['fuel'])],
    highlights: [
      'Lifetime free',
      '0.75% back in Delight Points',
      '1 domestic lounge visit a quarter',
      '2X points in your birthday month',
    ],
    description: 'Lifetime-free IDBI card with a respectable 0.75% base earn.',
  },
];

export const IDFC_CARDS: CardDef[] = [
  {
    csv: 'IDFC FIRST Millennia Credit Card',
    id: 'idfc_millennia',
    autoRules: [{ quote: 'utilities & insurance earn base only', rule: '3 reward points per ₹200' }],
    bank: 'idfc_first',
    network: 'Visa',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free.',
    reward_point_value_inr: IDFC_RP,
    reward_type: 'points',
    rules: [
      base(pts(3, 200, IDFC_RP), '3 reward points per ₹200 (0.375%; see uncertain)'),
      excludeCategories(['fuel']),
    ],
    highlights: [
      'Lifetime free, points never expire',
      '10X points on spends above ₹20,000 a cycle and on your birthday',
      '₹500 voucher on ₹5,000 spend in 30 days',
    ],
    description:
      'Entry lifetime-free IDFC FIRST card. The 2026 revision of IDFC lifetime-free cards may apply; we count the lower rate.',
    uncertain: [
      {
        field: 'rules',
        note: idfc2026Note(
          '3 points per ₹150 offline and 6 online, about 0.5% and 1%',
          'IDFC FIRST reportedly moved its Classic, Select and Wealth cards, and perhaps this one (not verified),',
        ),
      },
    ],
  },
  {
    csv: 'IDFC FIRST Power+ Credit Card (HPCL co-brand)',
    id: 'idfc_power_plus',
    name: 'IDFC FIRST Power+ Credit Card',
    bank: 'idfc_first',
    // The network cell's "(from memory)" would keep UPI spend off the card, but the base reward,
    // stated without a hedge, earns "incl. UPI": that confirms the RuPay variant.
    network: 'RuPay; Visa',
    annual_fee: 499,
    joining_fee: 499,
    fee_waiver_annual_spend: 150000,
    waiver_condition: 'Annual fee waived on spend of ₹1,50,000 or more.',
    reward_point_value_inr: IDFC_RP,
    reward_type: 'points',
    rules: [
      base(pts(3, 150, IDFC_RP), '3 reward points per ₹150 incl. UPI (0.5%)'),
      earn(
        { platform_name: ['hpcl'], category: ['fuel'] },
        pts(30, 150, IDFC_RP),
        '30 points per ₹150 at HPCL (5%), on up to ₹12,000 a cycle',
        ['hpcl'],
      ),
      ...unconfirmedExclusions('hpcl'),
    ],
    cap_groups: [cap('hpcl', 2400 * IDFC_RP, 'HPCL: 2,400 points a cycle (₹600)')],
    highlights: [
      '5% back at HPCL (plus 1.5% Happy Coins via HP Pay)',
      '5% on grocery, utilities and FASTag (cap not confirmed)',
      'Domestic lounge visit each quarter on ₹20,000 monthly spend',
    ],
    description:
      'HPCL co-brand from IDFC FIRST. We do not count the 5% grocery/utility rate because its cap was not confirmed.',
    uncertain: [
      {
        field: 'rules',
        note: 'Grocery, utilities & FASTag 5% has "(cap not confirmed)", so we do not count it; exclusions "not confirmed (IDFC standard: cash, EMI; FASTag/railway rules changed Jan-2026)", so we count nothing on rent, wallet loads and government payments.',
      },
    ],
  },
  {
    csv: 'IDFC FIRST Select Credit Card',
    id: 'idfc_select',
    bank: 'idfc_first',
    network: 'Visa',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free.',
    reward_point_value_inr: IDFC_RP,
    forex_markup_rate: 0.0199,
    reward_type: 'points',
    rules: [base(pts(3, 200, IDFC_RP), '3 reward points per ₹200 (0.375%)'), excludeCategories(['fuel'])],
    highlights: [
      'Lifetime free, points never expire',
      '10X points on spends above ₹20,000 a cycle',
      '1.99% forex markup',
      'Domestic airport and railway lounge visits (spend-linked)',
    ],
    description: 'Lifetime-free IDFC FIRST card for salaried professionals (₹12 lakh income).',
    uncertain: [{ field: 'rules', note: IDFC_2026_NOTE }],
  },
  {
    csv: 'IDFC FIRST Wealth Credit Card',
    id: 'idfc_wealth',
    bank: 'idfc_first',
    network: 'Visa; Mastercard',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free.',
    reward_point_value_inr: IDFC_RP,
    reward_type: 'points',
    rules: [base(pts(3, 200, IDFC_RP), '3 reward points per ₹200 (0.375%)'), excludeCategories(['fuel'])],
    highlights: [
      'Lifetime free premium card, points never expire',
      '10X points on spends above ₹20,000 a cycle',
      '1 domestic + 1 international lounge visit a quarter (from Apr-2026, spend-linked)',
    ],
    description: 'The top lifetime-free IDFC FIRST card; its lounge and reward benefits were cut in 2026.',
    uncertain: [{ field: 'rules', note: IDFC_2026_NOTE }],
  },
  {
    csv: 'IndiGo IDFC FIRST Credit Card',
    id: 'indigo_idfc',
    bank: 'idfc_first',
    network: 'Mastercard + RuPay (dual card, one limit)',
    annual_fee: 4999,
    joining_fee: 4999,
    fee_waiver_annual_spend: null,
    waiver_condition: 'No spend waiver; 5,000 BluChips and a 6E Eats voucher on annual fee payment.',
    reward_point_value_inr: 1,
    points_redeemable_only_on: 'indigo',
    forex_markup_rate: 0.0149,
    reward_type: 'miles',
    rules: [
      earn({ category: ['dining'] }, pts(3, 100, 1), '3 BluChips per ₹100 on dining'),
      earn(
        { platform_type: [...ONLINE_SHOPPING, 'department_store', 'fashion_retail', 'electronics_store'] },
        pts(3, 100, 1),
        '3 BluChips per ₹100 on shopping',
      ),
      earn(
        { category: ['utilities', 'rent', 'fuel', 'insurance'] },
        pts(0.5, 100, 1),
        '0.5 BluChip per ₹100 on utilities, rent, fuel and insurance',
      ),
      // No source states its exclusions, and spend that earns nothing still counts toward the five
      // milestones (₹25,000 of BluChips a year): wallet loads and government payments, which almost
      // every card excludes, would reach them for free. Rent and fuel earn their reported 0.5%.
      exclude(
        { category: ['wallet', 'government'] },
        'Exclusions not confirmed: we count nothing on wallet loads and government payments, which almost every card excludes',
      ),
    ],
    milestones: [200000, 500000, 800000, 1000000, 1200000].map((s) => ({
      annual_spend: s,
      bonus_inr: 5000,
      note: `5,000 BluChips at ₹${s.toLocaleString('en-IN')} a year`,
    })),
    highlights: [
      'Up to 22 BluChips per ₹100 on IndiGo flights (incl. BluChip membership earn)',
      '5,000 BluChips at each of 5 annual spend milestones',
      '3 BluChips per ₹100 on dining and shopping',
      '1.49% forex markup',
    ],
    description:
      'IndiGo co-brand launched in August 2025 on the BluChip programme. The base rate and the BluChip value are unconfirmed.',
    uncertain: [
      {
        field: UNCOUNTED_RATES_FIELD,
        note: 'Base "1 IndiGo BluChip per 100 INR on other spends (from memory)" is not counted; the IndiGo flight rate "up to 22 BluChips per 100 (includes BluChip membership earn)" has no card-only figure, so it is not counted either.',
      },
    ],
  },
];

export const INDUSIND_CARDS: CardDef[] = [
  {
    csv: 'IndusInd Bank Legend Credit Card',
    id: 'indusind_legend',
    bank: 'indusind',
    annual_fee: 9999,
    fee_frequency: 'ONE_TIME',
    joining_fee: 9999,
    fee_waiver_annual_spend: null,
    waiver_condition: 'One-time joining fee; no annual fee afterwards.',
    reward_point_value_inr: 0.5,
    reward_type: 'points',
    rules: [
      earn(
        { category: categoriesExcept('utilities', 'insurance', 'government', 'education', 'rent') },
        pts(1, 100, 0.5),
        '1 reward point per ₹100 on weekdays (0.5%; 2 points on weekends, not counted in our comparisons)',
      ),
      earn(
        { category: ['utilities', 'insurance', 'government', 'education', 'rent'] },
        pts(0.7, 100, 0.5),
        '0.7 point per ₹100 on utilities, insurance, government, education and rent',
      ),
      excludeCategories(['fuel']),
    ],
    milestones: [
      {
        annual_spend: 500000,
        bonus_inr: 3000 * 0.5,
        note: '3,000 bonus points at ₹5,00,000 a year (revised)',
      },
    ],
    highlights: [
      'Double points on weekends',
      'Luxury welcome vouchers (Luxe, Montblanc, Postcard/Oberoi)',
      'Priority Pass international lounges',
      'No annual fee after joining',
    ],
    description:
      'IndusInd lifestyle card with a one-time joining fee. Our comparisons do not count the weekend double points, as they cannot know on which days you spend.',
    uncertain: [
      {
        field: 'joining_fee',
        note: 'Reported as "9999 (BankKaro; Bajaj Markets lists 5000 promotional)". ₹9,999 is used.',
      },
      {
        field: 'milestones',
        note: 'Reported as "4000 bonus RP at 600000 annual spend (reported revised to 3000 at 500000)". The smaller 3,000-point bonus is used.',
      },
    ],
  },
  {
    csv: 'IndusInd Bank Tiger Credit Card',
    id: 'indusind_tiger',
    bank: 'indusind',
    network: 'Visa',
    annual_fee: 0,
    fee_frequency: 'LIFETIME_FREE',
    joining_fee: 0,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Lifetime free.',
    reward_point_value_inr: 0.4,
    reward_type: 'points',
    rules: [
      base(
        pts(1, 100, 0.4),
        '1 reward point per ₹100 on the first ₹1 lakh a year (0.4%); higher tiers via milestones',
      ),
      excludeCategories(['fuel']),
    ],
    milestones: [
      {
        annual_spend: 250000,
        bonus_inr: 150000 * pts(1, 100, 0.4),
        note: 'Tier 2: 2 points per ₹100 on ₹1-2.5 lakh, i.e. 1,500 extra points by ₹2,50,000',
      },
      {
        annual_spend: 500000,
        bonus_inr: 250000 * pts(3, 100, 0.4),
        note: 'Tier 3: 4 points per ₹100 on ₹2.5-5 lakh, i.e. 7,500 extra points by ₹5,00,000 (tier 4 above ₹5 lakh not counted in our comparisons)',
      },
    ],
    highlights: [
      'Lifetime free with points rising to 6 per ₹100 above ₹5 lakh a year',
      'Points transfer to Air India at 1:1.2',
      '2 domestic lounge visits a quarter + 2 international a year',
      'Low forex markup',
    ],
    description:
      'Lifetime-free IndusInd card whose earn rate climbs with annual spend. The tiers are approximated by milestones at ₹2.5 lakh and ₹5 lakh.',
    uncertain: [
      {
        field: 'milestones',
        note: "The tier milestones count a year's whole spend, but utilities, insurance, government payments, education and rent earn 1 point per ₹100 at every tier: with much of those, you earn less than shown. Spend between the tiers and above ₹5 lakh earns more than we count.",
      },
    ],
  },
];
