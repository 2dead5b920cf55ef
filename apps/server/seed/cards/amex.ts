import { base, type CardDef, cap, capFromBonus, earn, excludeCategories, pts } from '../lib/card-def.ts';

const MR = 0.25; // statement-credit value of a Membership Rewards point (lowest cash-like route in the CSV)

export const AMEX_CARDS: CardDef[] = [
  {
    csv: 'American Express Membership Rewards Credit Card (MRCC)',
    id: 'amex_mrcc',
    name: 'American Express Membership Rewards Credit Card',
    bank: 'amex',
    annual_fee: 4500,
    joining_fee: 1000,
    fee_waiver_annual_spend: 150000,
    waiver_condition:
      'Full renewal-fee waiver on annual spend of ₹1,50,000 or more; 50% waiver on ₹90,000-1,50,000 (per creditcardz).',
    reward_point_value_inr: MR,
    reward_type: 'points',
    rules: [
      base(pts(1, 50, MR), '1 MR point per ₹50 (about 0.5% at ₹0.25 a point)'),
      excludeCategories(['fuel', 'insurance', 'utilities']),
    ],
    milestones: [
      {
        annual_spend: 72000,
        bonus_inr: 12 * 1000 * MR,
        note: '1,000 bonus MR points in a month with 4 transactions of ₹1,500+; we count the bonus once you spend ₹6,000 a month (₹72,000 a year)',
      },
      {
        annual_spend: 240000,
        bonus_inr: 12 * 1000 * MR,
        note: '1,000 bonus MR points in a month with ₹20,000+ spend (one-time enrolment); we count the bonus once you spend ₹2,40,000 in a year',
      },
    ],
    highlights: [
      '1,000 bonus MR points every month on 4 transactions of ₹1,500+',
      'Another 1,000 MR points on ₹20,000 monthly spend',
      'Points never expire; up to about ₹0.58 a point via Gold Collection vouchers (we count ₹0.25)',
      '4,000 MR welcome points on ₹15,000 spend in 90 days',
    ],
    description:
      "American Express's monthly-bonus card: modest base earn of 1 MR point per ₹50, boosted by two 1,000-point monthly bonuses that reward steady, spread-out spending.",
    uncertain: [
      {
        field: 'fee_waiver_annual_spend',
        note: 'Sources conflict: "annual spend >= 150000 full waiver ... (per creditcardz; ccexpert says 75000)". The higher, more conservative ₹1,50,000 is used.',
      },
    ],
  },
  {
    csv: 'American Express Platinum Travel Credit Card',
    id: 'amex_platinum_travel',
    bank: 'amex',
    annual_fee: 5000,
    joining_fee: 5000,
    fee_waiver_annual_spend: null,
    waiver_condition: 'No spend-based fee waiver.',
    // Membership Rewards points: the statement-credit value (₹0.25, as on MRCC and SmartEarn),
    // as reward-model.md §2 asks; this row states only travel and voucher values (₹0.40–0.50).
    reward_point_value_inr: MR,
    reward_type: 'points',
    rules: [
      base(pts(1, 50, MR), '1 MR point per ₹50 (0.5% at ₹0.25 a point as statement credit)'),
      excludeCategories(['fuel', 'insurance', 'utilities']),
    ],
    milestones: [
      { annual_spend: 190000, bonus_inr: 15000 * MR, note: '15,000 bonus MR points at ₹1,90,000 a year' },
      {
        annual_spend: 400000,
        bonus_inr: 25000 * MR + 10000,
        note: 'Another 25,000 MR points plus a ₹10,000 Taj/SeleQtions/Vivanta voucher at ₹4,00,000 a year',
      },
    ],
    highlights: [
      '15,000 bonus MR points at ₹1.9 lakh annual spend',
      '25,000 more MR points + ₹10,000 Taj voucher at ₹4 lakh',
      '8 domestic lounge visits a year',
      '10,000 MR welcome points on ₹15,000 spend in 90 days',
    ],
    description:
      'A milestone card: the base earn is low, but spending ₹1.9 lakh and ₹4 lakh a year unlocks large travel-point and Taj voucher bonuses.',
    page: 'https://www.americanexpress.com/in/credit-cards/platinum-travel-credit-card/',
    uncertain: [
      {
        field: 'joining_fee',
        note: 'Reported as "5000 (older sources: 3500)". ₹5,000 is used.',
      },
      {
        field: 'reward_point_value_inr',
        note: 'Reported as "~0.40-0.50 INR for travel/vouchers (BankKaro lists 0.40)". The same Membership Rewards points are worth ₹0.25 as statement credit (as on the Amex MRCC and SmartEarn cards); we count that cash value, as for every card, and travel redemptions are worth more.',
      },
    ],
  },
  {
    csv: 'American Express SmartEarn Credit Card',
    id: 'amex_smartearn',
    bank: 'amex',
    annual_fee: 495,
    joining_fee: 495,
    fee_waiver_annual_spend: 40000,
    waiver_condition: 'Renewal fee waived on eligible spend of ₹40,000 or more in the previous card year.',
    reward_point_value_inr: MR,
    reward_type: 'points',
    rules: [
      base(pts(1, 50, MR), '1 MR point per ₹50 (0.5%)'),
      earn(
        { platform_name: ['flipkart'] },
        pts(10, 50, MR),
        '10X on Flipkart (5%), bonus capped at 500 points a month',
        ['flipkart_10x'],
      ),
      earn(
        { platform_name: ['uber'] },
        pts(10, 50, MR),
        '10X on Uber (5%), bonus capped at 500 points a month',
        ['uber_10x'],
      ),
      earn(
        { platform_name: ['amazon', 'swiggy', 'bookmyshow'] },
        pts(5, 50, MR),
        '5X on Amazon, Swiggy and BookMyShow (2.5%), capped at 250 points a month',
        ['partners_5x'],
      ),
      excludeCategories(['fuel', 'insurance', 'utilities']),
    ],
    cap_groups: [
      cap(
        'flipkart_10x',
        capFromBonus(500 * MR, pts(10, 50, MR), pts(1, 50, MR)),
        'Flipkart 10X: 500 bonus points (₹125) a month, i.e. ₹138.89 in all at 5%',
      ),
      cap(
        'uber_10x',
        capFromBonus(500 * MR, pts(10, 50, MR), pts(1, 50, MR)),
        'Uber 10X: 500 bonus points (₹125) a month, i.e. ₹138.89 in all at 5%',
      ),
      cap('partners_5x', 250 * MR, '5X partners: 250 points (₹62.50) a month'),
    ],
    milestones: [
      { annual_spend: 120000, bonus_inr: 500, note: '₹500 voucher at ₹1,20,000 a year' },
      { annual_spend: 180000, bonus_inr: 500, note: '₹500 voucher at ₹1,80,000 a year' },
      { annual_spend: 240000, bonus_inr: 500, note: '₹500 voucher at ₹2,40,000 a year' },
    ],
    highlights: [
      '10X points on Flipkart and Uber (about 5%)',
      '5X on Amazon, Swiggy and BookMyShow',
      '₹500 vouchers at ₹1.2, 1.8 and 2.4 lakh annual spend',
      'Fee waived at ₹40,000 a year',
    ],
    description:
      'Entry-level Amex for online shoppers: accelerated points on Flipkart, Uber, Amazon and Swiggy with tight monthly bonus caps, plus small spend milestones.',
    page: 'https://www.americanexpress.com/in/credit-cards/smart-earn-credit-card/',
    uncertain: [
      {
        field: 'cap_groups',
        note: 'Reported as "5X MR, cap 250 points/month", where the 10X cap says "500 bonus points". Read as it is written: 250 points in all (₹62.50), not 250 bonus points on top of the base (₹78.13).',
      },
    ],
  },
];
