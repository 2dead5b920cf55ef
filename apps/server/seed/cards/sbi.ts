import {
  base,
  type CardDef,
  cap,
  capFromBonus,
  categoriesExcept,
  earn,
  exclude,
  excludeCategories,
  FUEL_BRANDS,
  GROCERY_STORES,
  pts,
  shopRate,
  unconfirmedExclusions,
  without,
} from '../lib/card-def.ts';

const RP = 0.25;

/**
 * SBI's "dining, groceries, departmental stores (and movies)" accelerated set: one offer, written as
 * two or three rules (the taxonomy files its parts under different levels) sharing a cap and its
 * note, which the card page shows once.
 */
const lifestyle = (rate: number, note: string, capId: string, movies: boolean): CardDef['rules'] => [
  ...shopRate([...GROCERY_STORES, 'department_store'], { category: ['dining', 'grocery'] }, rate, note, [
    capId,
  ]),
  ...(movies ? [earn({ sub_category: ['movie_tickets'] }, rate, note, [capId])] : []),
];

/** SBI's railway exclusion. An IRCTC entry is a train ticket but for its rare e-catering: railways mean the platform. */
const RAILWAY_EXCLUSIONS: CardDef['rules'] = [
  exclude({ sub_category: ['trains'] }, 'No rewards on railways'),
  exclude({ platform_name: ['irctc'] }, 'No rewards on IRCTC bookings (railways)'),
];

/** The IRCTC co-brands' 10%, which our taxonomy cannot tell from the other train classes. */
const IRCTC_AC_CLASSES_ONLY = {
  field: 'rules',
  rule: '10% back on IRCTC',
  note: 'The 10% is paid on AC1, AC2, AC3 and Chair Car tickets only, on the base fare; we count it on all the IRCTC train spend you enter, so sleeper and second-class tickets earn less than shown (the 0.8% base rate).',
} as const;

export const SBI_CARDS: CardDef[] = [
  {
    csv: 'BPCL SBI Card',
    id: 'bpcl_sbi',
    bank: 'sbi_card',
    network: 'Visa; RuPay',
    annual_fee: 499,
    joining_fee: 499,
    fee_waiver_annual_spend: 50000,
    waiver_condition: 'Annual fee waived on spend of ₹50,000 or more in the preceding year.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      // "On other non-fuel spends": BPCL fuel past its monthly cap earns nothing more.
      earn(
        { category: categoriesExcept('fuel') },
        pts(1, 100, RP),
        '1 reward point per ₹100 on non-fuel spends (0.25%)',
      ),
      earn(
        { platform_name: ['bpcl'], category: ['fuel'] },
        pts(13, 100, RP),
        '13 points per ₹100 at BPCL (3.25%), up to 1,300 points a month',
        ['bpcl'],
      ),
      ...lifestyle(
        pts(5, 100, RP),
        '5 points per ₹100 on groceries, departmental stores, dining and movies (1.25%)',
        'lifestyle',
        true,
      ),
      exclude(
        { category: ['fuel'], platform_name: without(FUEL_BRANDS, 'bpcl') },
        'No rewards on non-BPCL fuel',
      ),
      excludeCategories(['wallet', 'rent']),
    ],
    cap_groups: [
      cap('bpcl', 1300 * RP, 'BPCL: 1,300 points a month (₹325)'),
      cap(
        'lifestyle',
        5000 * RP,
        'Groceries, departmental stores, dining, movies: 5,000 points a month (₹1,250)',
      ),
    ],
    highlights: [
      '3.25% back at BPCL (4.25% with the surcharge waiver)',
      '1.25% on groceries, dining and movies',
      '2,000 welcome points (₹500)',
    ],
    description: 'Entry BPCL fuel co-brand from SBI Card.',
    uncertain: [
      {
        field: 'rules',
        note: 'Exclusions "non-BPCL fuel, wallet loads, rent, EMI, cash (from memory)"; applied because they only reduce the earn.',
      },
    ],
  },
  {
    csv: 'BPCL SBI Card OCTANE',
    id: 'bpcl_sbi_octane',
    bank: 'sbi_card',
    network: 'Visa; RuPay',
    annual_fee: 1499,
    joining_fee: 1499,
    fee_waiver_annual_spend: 200000,
    waiver_condition: 'Annual fee waived on spend of ₹2,00,000 or more.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      base(pts(1, 100, RP), '1 reward point per ₹100 (0.25%)'),
      earn(
        { platform_name: ['bpcl'], category: ['fuel'] },
        pts(25, 100, RP),
        '25 points per ₹100 on BPCL fuel and lubricants (6.25%), up to 2,500 points a cycle',
        ['bpcl'],
      ),
      ...lifestyle(
        pts(10, 100, RP),
        '10 points per ₹100 on dining, groceries, departmental stores and movies (2.5%)',
        'lifestyle',
        true,
      ),
      exclude(
        { category: ['fuel'], platform_name: without(FUEL_BRANDS, 'bpcl') },
        'No rewards on non-BPCL fuel',
      ),
      excludeCategories(['wallet', 'rent', 'insurance', 'jewellery', 'education', 'government', 'utilities']),
      ...RAILWAY_EXCLUSIONS,
    ],
    cap_groups: [
      cap('bpcl', 2500 * RP, 'BPCL: 2,500 points a cycle (₹625)'),
      cap(
        'lifestyle',
        7500 * RP,
        'Dining, groceries, departmental stores, movies: 7,500 points a cycle (₹1,875)',
      ),
    ],
    milestones: [{ annual_spend: 300000, bonus_inr: 2000, note: '₹2,000 voucher at ₹3,00,000 a year' }],
    highlights: [
      '6.25% back at BPCL (7.25% with the surcharge waiver)',
      '2.5% on dining, groceries, departmental stores and movies',
      '6,000 bonus points (₹1,500) on annual fee payment',
      '4 domestic lounge visits a year',
    ],
    description:
      "SBI Card's premium BPCL co-brand: one of the best fuel cards, plus 2.5% on everyday lifestyle categories.",
    page: 'https://www.sbicard.com/en/personal/credit-cards/travel/bpcl-sbi-card-octane.page',
  },
  {
    csv: 'Cashback SBI Card',
    id: 'sbi_cashback',
    bank: 'sbi_card',
    network: 'Visa',
    annual_fee: 999,
    joining_fee: 999,
    fee_waiver_annual_spend: 200000,
    waiver_condition: 'Annual fee waived on spend of ₹2,00,000 or more.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      base(0.01, '1% cashback on offline and other spends', ['all']),
      earn({ mode: ['online'] }, 0.05, '5% cashback on all online spends (no merchant restriction)', ['all']),
      excludeCategories([
        'fuel',
        'rent',
        'wallet',
        'utilities',
        'insurance',
        'education',
        'jewellery',
        'government',
        'gift_cards',
      ]),
      ...RAILWAY_EXCLUSIONS,
    ],
    cap_groups: [cap('all', 5000, 'All cashback: ₹5,000 a statement cycle')],
    highlights: [
      '5% cashback on all online spends, any merchant',
      '1% on offline spends',
      'Up to ₹5,000 cashback a month',
      'Fee waived at ₹2 lakh a year',
    ],
    description:
      'The benchmark online cashback card: 5% on any online merchant up to ₹5,000 a month, with a long exclusion list (utilities, insurance, rent, wallet, railways...).',
  },
  {
    csv: 'Flipkart SBI Credit Card',
    id: 'flipkart_sbi',
    bank: 'sbi_card',
    annual_fee: 500,
    joining_fee: 500,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Reported (not confirmed): annual fee waived on spend of ₹3,50,000 or more.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      earn({ platform_name: ['myntra'] }, 0.075, 'Up to 7.5% on Myntra (cap reported as ₹4,000 a quarter)', [
        'myntra',
      ]),
      excludeCategories([
        'fuel',
        'rent',
        'wallet',
        'utilities',
        'insurance',
        'education',
        'government',
        'jewellery',
      ]),
    ],
    cap_groups: [cap('myntra', 4000 / 3, 'Myntra: reported ₹4,000 a statement quarter (₹1,333.33 a month)')],
    highlights: [
      'Up to 7.5% cashback on Myntra',
      '5% on Flipkart, Shopsy and Cleartrip (reported)',
      '₹250 Flipkart welcome voucher',
    ],
    description:
      'Flipkart co-brand issued by SBI Card. We count only the sourced Myntra rate; the other rates, the base rate and the caps are unconfirmed.',
    uncertain: [
      {
        field: 'rules',
        note: 'The rates reported as "Flipkart & Shopsy: 5%; Cleartrip: 5%; ... 4%; caps reported as 4000 per statement quarter per category (rates other than Myntra and caps from memory)" and the base "1% cashback on other spends (from memory)" are not counted, but the Myntra cap is applied. The exclusions are "from memory, SBI co-brand norms" and are applied too, as they can only lower what you earn.',
      },
    ],
  },
  {
    csv: 'IRCTC SBI Card (Platinum / RuPay)',
    id: 'irctc_sbi',
    name: 'IRCTC SBI Card',
    bank: 'sbi_card',
    network: 'Visa; RuPay',
    annual_fee: 500,
    joining_fee: 500,
    fee_waiver_annual_spend: null,
    waiver_condition: 'No fee waiver published.',
    reward_point_value_inr: 1,
    points_redeemable_only_on: 'irctc',
    reward_type: 'points',
    rules: [
      base(pts(1, 125, 1), '1 reward point per ₹125 (0.8% when redeemed on IRCTC)'),
      earn(
        { platform_name: ['irctc'], category: ['travel'] },
        0.1,
        'Up to 10% back on IRCTC AC1/AC2/AC3/Chair Car tickets (on base fare; cardholder must travel)',
      ),
      excludeCategories(['fuel', 'government']),
    ],
    highlights: [
      'Up to 10% back on IRCTC AC train tickets',
      '1% IRCTC transaction charge waiver',
      '4 railway lounge visits a year',
    ],
    description: 'Entry railway co-brand; points are worth ₹1 when redeemed on IRCTC bookings.',
    uncertain: [
      IRCTC_AC_CLASSES_ONLY,
      {
        field: 'annual_fee',
        note: 'Reported as "300 (RuPay variant per Bajaj Markets; Platinum 500)". The higher ₹500 is used.',
      },
    ],
  },
  {
    csv: 'IRCTC SBI Card Premier',
    id: 'irctc_sbi_premier',
    bank: 'sbi_card',
    annual_fee: 1499,
    joining_fee: 1499,
    fee_waiver_annual_spend: 200000,
    waiver_condition: 'Annual fee waived on spend of ₹2,00,000 or more.',
    reward_point_value_inr: 1,
    points_redeemable_only_on: 'irctc',
    reward_type: 'points',
    rules: [
      base(pts(1, 125, 1), '1 reward point per ₹125 (0.8% when redeemed on IRCTC)'),
      earn(
        { platform_name: ['irctc'], category: ['travel'] },
        0.1,
        '10% back on IRCTC AC and Chair Car tickets',
      ),
      earn({ platform_name: ['irctc'], category: ['dining'] }, 0.05, '5% back on IRCTC e-catering'),
      earn({ category: ['dining'] }, pts(3, 125, 1), '3 points per ₹125 on dining (2.4%)'),
      // A standing instruction is set up with the biller itself, not through a bill-payment app.
      earn(
        { platform_type: ['bill_payment_direct'], category: ['utilities'] },
        pts(3, 125, 1),
        '3 points per ₹125 (2.4%) on utility bills paid by standing instruction on the card',
      ),
      excludeCategories(['fuel']),
    ],
    milestones: [
      { annual_spend: 50000, bonus_inr: 2500, note: '2,500 points at ₹50,000 a year' },
      { annual_spend: 100000, bonus_inr: 5000, note: '5,000 points at ₹1,00,000 a year' },
    ],
    highlights: [
      '10% back on IRCTC AC train tickets',
      '5% on IRCTC air tickets and e-catering',
      '7,500 milestone points by ₹1 lakh a year',
      '8 railway lounge visits a year',
    ],
    description: 'Premium railway co-brand with generous early milestones; points are worth ₹1 on IRCTC.',
    uncertain: [IRCTC_AC_CLASSES_ONLY],
  },
  {
    csv: 'PhonePe SBI Card PURPLE',
    id: 'phonepe_sbi_purple',
    autoRules: [{ quote: 'UPI Scan & Pay on RuPay', uncounted: true }],
    bank: 'sbi_card',
    issuer: 'SBI Card (with PhonePe)',
    network: 'RuPay',
    annual_fee: 499,
    joining_fee: 499,
    fee_waiver_annual_spend: 100000,
    waiver_condition: 'Annual fee waived on spend of ₹1,00,000 or more (per CardNitty).',
    reward_point_value_inr: 1,
    reward_type: 'points',
    // UPI earns at rates no source confirms: nothing is counted on it, as the note says.
    rules: [
      earn({ category: categoriesExcept('upi') }, 0.01, 'About 1% on spends other than UPI'),
      ...unconfirmedExclusions(),
    ],
    highlights: [
      'Up to 3% back on PhonePe app spends (bills, recharges, Pincode)',
      'UPI Scan & Pay with the RuPay card',
      'Welcome gift worth about ₹500',
    ],
    description:
      'PhonePe co-brand launched in July 2025. Its PhonePe-app and UPI rates were not confirmed, so we count only the approximate 1% on other spends.',
    uncertain: [
      {
        field: 'rules',
        note: 'PhonePe app "up to 3% back, monthly caps reported as 1000 RP per tier" and UPI tiers "(exact tier rates not confirmed)" are not counted: we count nothing on UPI payments; exclusions "not confirmed".',
      },
    ],
  },
  {
    csv: 'SBI Card ELITE',
    id: 'sbi_elite',
    bank: 'sbi_card',
    network: 'Visa; Mastercard',
    annual_fee: 4999,
    joining_fee: 4999,
    fee_waiver_annual_spend: 1000000,
    waiver_condition: 'Annual fee waived on spend of ₹10,00,000 or more in the preceding year.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      base(pts(2, 100, RP), '2 reward points per ₹100 (0.5%)'),
      ...lifestyle(
        pts(10, 100, RP),
        '5X on dining, departmental stores and groceries (2.5%)',
        'lifestyle',
        false,
      ),
      excludeCategories(['fuel', 'rent', 'wallet']),
    ],
    cap_groups: [cap('lifestyle', 10000 * RP, '5X categories: reported 10,000 points a month (₹2,500)')],
    milestones: [
      { annual_spend: 300000, bonus_inr: 10000 * RP, note: '10,000 bonus points at ₹3,00,000 a year' },
      { annual_spend: 400000, bonus_inr: 10000 * RP, note: '10,000 bonus points at ₹4,00,000 a year' },
      { annual_spend: 500000, bonus_inr: 15000 * RP, note: '15,000 bonus points at ₹5,00,000 a year' },
      { annual_spend: 800000, bonus_inr: 15000 * RP, note: '15,000 bonus points at ₹8,00,000 a year' },
    ],
    highlights: [
      '₹5,000 welcome e-gift voucher',
      'Free movie tickets worth up to ₹6,000 a year',
      '5X points on dining, departmental stores and groceries',
      'Milestone points worth ₹12,500 by ₹8 lakh a year',
    ],
    description: "SBI Card's premium lifestyle card: welcome voucher, movie tickets, milestones and lounges.",
    page: 'https://www.sbicard.com/en/personal/credit-cards/lifestyle/sbi-card-elite-advantage.page',
  },
  {
    csv: 'SBI Card PRIME',
    id: 'sbi_prime',
    bank: 'sbi_card',
    network: 'Visa; Mastercard',
    annual_fee: 2999,
    joining_fee: 2999,
    fee_waiver_annual_spend: 300000,
    waiver_condition:
      'Annual fee waived on spend of ₹3,00,000 or more in the previous card anniversary year.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      base(pts(2, 100, RP), '2 reward points per ₹100 (0.5%)'),
      ...lifestyle(
        pts(10, 100, RP),
        '10 points per ₹100 on dining, groceries, departmental stores and movies (2.5%)',
        'lifestyle',
        true,
      ),
      earn(
        { platform_type: ['bill_payment_direct'], category: ['utilities'] },
        pts(20, 100, RP),
        '20 points per ₹100 (5%) on utility bills paid by standing instruction on the card',
      ),
      excludeCategories(['fuel', 'rent', 'wallet']),
    ],
    cap_groups: [cap('lifestyle', 7500 * RP, 'Lifestyle categories: 7,500 points a month (₹1,875)')],
    milestones: [
      {
        annual_spend: 200000,
        bonus_inr: 4000,
        note: '₹1,000 Pizza Hut voucher per ₹50,000 quarterly spend; we count the bonus once you spend ₹2,00,000 in a year',
      },
      { annual_spend: 500000, bonus_inr: 7000, note: '₹7,000 Yatra/Pantaloons voucher at ₹5,00,000 a year' },
    ],
    highlights: [
      '2.5% back on dining, groceries, departmental stores and movies',
      '5% on utility bills by standing instruction',
      '₹1,000 voucher per ₹50,000 quarterly spend; ₹7,000 at ₹5 lakh a year',
      '₹3,000 welcome voucher',
    ],
    description: 'SBI Card PRIME: a mid-premium all-rounder with quarterly and annual milestone vouchers.',
    uncertain: [
      {
        field: 'rules',
        rule: ['20 points per ₹100 (5%)', '10 points per ₹100 on dining'],
        note: 'The 5% on utility bills by standing instruction comes from a single aggregator ("per YourCardGuide") with no cap stated; the 7,500-point lifestyle cap is "per CardNitty".',
      },
    ],
  },
  {
    csv: 'SBI Card PULSE',
    id: 'sbi_pulse',
    bank: 'sbi_card',
    network: 'Visa',
    annual_fee: 1499,
    joining_fee: 1499,
    fee_waiver_annual_spend: 200000,
    waiver_condition: 'Annual fee waived on spend of ₹2,00,000 or more in the previous year.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      base(pts(2, 100, RP), '2 reward points per ₹100 (0.5%)'),
      // The whole bill at a chemist's counts (it is paid under the pharmacy code), but an online
      // pharmacy's lab tests and consultations are paid under their own (8071, 8011; merchants.csv).
      ...shopRate(
        ['pharmacy'],
        { sub_category: ['medicines', 'medicines_otc'] },
        pts(10, 100, RP),
        '10 points per ₹100 at chemists and pharmacies (2.5%)',
        ['health'],
      ),
      earn(
        { category: ['sports', 'dining'] },
        pts(10, 100, RP),
        '10 points per ₹100 on sports and dining (2.5%)',
        ['health'],
      ),
      earn({ sub_category: ['movie_tickets'] }, pts(10, 100, RP), '10 points per ₹100 on movies (2.5%)', [
        'health',
      ]),
      excludeCategories([
        'wallet',
        'fuel',
        'education',
        'government',
        'utilities',
        'telecom',
        'insurance',
        'jewellery',
        'gift_cards',
        'rent',
      ]),
      exclude({ platform_type: ['gaming'] }, 'No rewards on gaming'),
    ],
    cap_groups: [
      cap(
        'health',
        capFromBonus(7500 * RP, pts(10, 100, RP), pts(2, 100, RP)),
        'Accelerated categories: 7,500 bonus points a month (₹1,875 bonus, ₹2,343.75 in all)',
      ),
    ],
    milestones: [{ annual_spend: 400000, bonus_inr: 1500, note: '₹1,500 e-voucher at ₹4,00,000 a year' }],
    highlights: [
      '2.5% back at chemists, pharmacies, sports, dining and movies',
      'Noise smartwatch welcome gift',
      'FITPASS PRO and Netmeds First memberships on renewal',
    ],
    description:
      'Health-and-fitness themed SBI card: accelerated points at pharmacies, sports stores, dining and movies.',
    uncertain: [
      {
        field: 'lounge_access',
        note: 'Sources conflict: "domestic lounges (8/yr per Bajaj; CardNitty now lists 4/yr, 1 per quarter)".',
      },
    ],
  },
  {
    csv: 'SimplyCLICK SBI Card',
    id: 'simplyclick_sbi',
    autoRules: [
      { quote: 'Exclusive online partners', uncounted: true },
      { quote: 'All other online incl. Amazon', rule: '5X on online spends' },
    ],
    bank: 'sbi_card',
    network: 'Visa; Mastercard; RuPay',
    annual_fee: 499,
    joining_fee: 499,
    fee_waiver_annual_spend: 100000,
    waiver_condition: 'Annual fee waived on spend of ₹1,00,000 or more.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      base(pts(1, 100, RP), '1 reward point per ₹100 offline and on other spends (0.25%)'),
      // UPI Scan & Pay at a shop is filed under online but is not online shopping: base rate.
      earn(
        { mode: ['online'], category: categoriesExcept('upi') },
        pts(5, 100, RP),
        '5X on online spends incl. Amazon (1.25%); 10X at exclusive partners (not counted in our comparisons)',
        ['online'],
      ),
      excludeCategories(['fuel', 'wallet', 'rent']),
    ],
    cap_groups: [cap('online', 10000 * RP, 'Online: reported 10,000 points a month (₹2,500)')],
    highlights: [
      '10X points at exclusive online partners (Myntra, BookMyShow, Cleartrip and more)',
      '5X on other online spends',
      '₹2,000 e-vouchers at ₹1 lakh and ₹2 lakh annual online spend',
      '₹500 Amazon gift card on joining',
    ],
    description:
      "SBI Card's entry online-shopping card. The 10X partner list and the caps are unconfirmed; we count only the sourced 5X online rate. Its milestones need online spend, which our comparisons do not tell apart from other spend, so they are not counted.",
    uncertain: [
      {
        field: 'rules',
        // The 10X is not counted; the cap is on the 5X.
        rule: '5X on online spends',
        note: '10X partners "(Apollo 24|7, BookMyShow, Cleartrip, Dominos, IGP, Myntra, Netmeds, Yatra per current list from memory ...)" are not counted; the "cap 10000 RP/month (from memory)" is applied, as it can only lower what you earn.',
      },
    ],
  },
  {
    csv: 'SimplySAVE SBI Card',
    id: 'simplysave_sbi',
    autoRules: [
      { quote: 'Dining, movies, departmental stores, groceries', rule: '10 points per ₹150 on dining' },
    ],
    bank: 'sbi_card',
    network: 'Visa; Mastercard; RuPay',
    annual_fee: 499,
    joining_fee: 499,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Reported (not confirmed): annual fee waived on spend of ₹1,00,000 or more.',
    reward_point_value_inr: RP,
    reward_type: 'points',
    rules: [
      base(pts(1, 150, RP), '1 reward point per ₹150 (about 0.17%)'),
      ...lifestyle(
        pts(10, 150, RP),
        '10 points per ₹150 on dining, movies, departmental stores and groceries (1.67%)',
        'lifestyle',
        true,
      ),
      excludeCategories(['fuel', 'wallet', 'rent']),
    ],
    cap_groups: [cap('lifestyle', null, 'Monthly cap not confirmed (counted with no cap)')],
    highlights: [
      '10X points on dining, movies, groceries and departmental stores',
      '2,000 bonus points on ₹2,000 spend in 60 days (reported)',
      'Low annual fee',
    ],
    description: 'Entry SBI card for everyday offline spending in groceries, dining and movies.',
    uncertain: [
      {
        field: 'cap_groups',
        note: 'Accelerated categories "monthly cap not confirmed"; counted with no cap.',
      },
    ],
  },
];
