import type { Rule } from '@cardwise/contracts';
import {
  base,
  baseWithCategoryCaps,
  type CappedCategory,
  type CardDef,
  cap,
  capFromBonus,
  categoriesExcept,
  earn,
  exclude,
  excludeCategories,
  groceryRate,
  ONLINE_SHOPPING,
  pts,
  without,
} from '../lib/card-def.ts';

const TATA_BRANDS = ['tata_cliq', 'bigbasket', 'croma', 'westside_zudio', 'tata_1mg'];

/** Westside and Zudio are one row of the research's merchants, so one entry of the spending form. */
const ZUDIO_NOTE = {
  field: 'rules',
  rule: 'NeuCoins at Tata brands',
  note: 'Westside and Zudio are one choice in our spending list, so the Tata-brand rate counts at both; the research reports Westside on Tata Neu and says Zudio "eligibility not verified".',
};

/** HDFC's reward-point cards cap the points groceries earn at 2,000 a month ("5 points per ₹150"). */
const hdfcGroceryCap = (earn: string): CappedCategory => ({
  categories: ['grocery'],
  group: 'grocery',
  note: `${earn} on groceries and at grocery shops, up to 2,000 points a month`,
});

const percent = (rate: number): string => `${rate * 100}%`;
const coins = (n: number): string => n.toLocaleString('en-IN');

/** The Tata Neu cards cap the NeuCoins of groceries, utility bills and telecom & cable bills. */
const tataNeuCaps = (rate: number, grocery: number): CappedCategory[] => [
  {
    categories: ['grocery'],
    group: 'grocery',
    note: `${percent(rate)} NeuCoins on groceries and at grocery shops, up to ${coins(grocery)} NeuCoins a month`,
  },
  {
    categories: ['utilities'],
    group: 'utilities',
    note: `${percent(rate)} NeuCoins on utility bills, up to 2,000 NeuCoins a month`,
  },
  {
    categories: ['telecom'],
    group: 'telecom',
    note: `${percent(rate)} NeuCoins on telecom, DTH and cable bills, up to 2,000 NeuCoins a month`,
  },
];
const tataNeuCapGroups = (grocery: number) => [
  cap('grocery', grocery, `Groceries: ${coins(grocery)} NeuCoins a month`),
  cap('utilities', 2000, 'Utility bills: 2,000 NeuCoins a month'),
  cap('telecom', 2000, 'Telecom, DTH and cable bills: 2,000 NeuCoins a month'),
];
/** The Tata-brand rate; at BigBasket, a grocery merchant, it counts toward the grocery cap. */
const tataBrandRates = (rate: number, grocery: number, brands = ''): Rule[] => [
  earn(
    { platform_name: without(TATA_BRANDS, 'bigbasket') },
    rate,
    `${percent(rate)} NeuCoins at Tata brands${brands}`,
  ),
  earn(
    { platform_name: ['bigbasket'] },
    rate,
    `${percent(rate)} NeuCoins at BigBasket, within the grocery cap of ${coins(grocery)} NeuCoins a month`,
    ['grocery'],
  ),
];
const BIGBASKET_CAP_NOTE = {
  field: 'cap_groups',
  note: "The research lists the grocery cap beside the Tata-brand rate without saying whether BigBasket's NeuCoins count toward it; BigBasket is a grocery merchant, so we count them in, the lower reading.",
};

export const HDFC_CARDS: CardDef[] = [
  {
    csv: '6E Rewards XL - IndiGo HDFC Bank Credit Card',
    id: 'hdfc_6e_rewards_xl',
    bank: 'hdfc',
    annual_fee: 1500,
    joining_fee: 1500,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Not confirmed.',
    reward_point_value_inr: 1,
    points_redeemable_only_on: 'indigo',
    reward_type: 'points',
    rules: [
      base(0.02, '2% as 6E Rewards on other spends'),
      earn({ platform_name: ['indigo'] }, 0.05, '5% on IndiGo website/app bookings'),
      ...groceryRate(
        { category: ['dining', 'grocery', 'entertainment'] },
        0.03,
        '3% on dining, grocery and entertainment (extra 2% on up to ₹75,000 a cycle)',
        ['bonus'],
      ),
      excludeCategories(['fuel', 'wallet']),
      // The research's 2020 terms list fuel and wallet loads; every HDFC card of today's research
      // also excludes rent and government payments, and they can only lower what you earn.
      excludeCategories(['rent', 'government'], '(as on every current HDFC card)'),
    ],
    cap_groups: [
      // A cap on spend: the 3% applies to at most ₹75,000 a cycle (README "Caps"), past it the
      // spend falls back to the 2% base.
      cap('bonus', 75000 * 0.03, 'The 3% rate on up to ₹75,000 a cycle (₹2,250)'),
    ],
    highlights: [
      '5% back on IndiGo bookings',
      '3% on dining, grocery and entertainment',
      '2% on everything else as 6E Rewards',
    ],
    description:
      'IndiGo co-brand as launched in 2020. Its status since IndiGo moved to BluChip is not verified, and the fee and point value are unconfirmed.',
    uncertain: [
      {
        field: 'as_of',
        note: 'Data is the "2020 launch structure (LiveFromALounge); current status vs BluChip not verified".',
      },
    ],
  },
  {
    csv: 'HDFC Bank Diners Club Black Metal Edition',
    id: 'hdfc_dcb_metal',
    bank: 'hdfc',
    network: 'Diners Club',
    annual_fee: 10000,
    joining_fee: 10000,
    fee_waiver_annual_spend: 800000,
    waiver_condition: 'Annual fee waived on spend of ₹8,00,000 or more (Metal edition).',
    reward_point_value_inr: 0.3,
    reward_type: 'points',
    rules: [
      ...baseWithCategoryCaps(
        pts(5, 150, 0.3),
        '5 reward points per ₹150 (1% at ₹0.30 statement credit; 3.33% at ₹1 on SmartBuy flights/hotels)',
        [hdfcGroceryCap('5 points per ₹150')],
        { caps: ['base'] },
      ),
      excludeCategories(['fuel', 'wallet', 'rent', 'government']),
    ],
    cap_groups: [
      cap('base', 75000 * 0.3, '75,000 base points a cycle (₹22,500)'),
      cap('grocery', 2000 * 0.3, 'Groceries: 2,000 points a month (₹600)'),
    ],
    milestones: [
      {
        annual_spend: 1600000,
        bonus_inr: 4 * 10000 * 0.3,
        note: '10,000 points for ₹4,00,000 spend in a quarter; we count the bonus once you spend ₹16,00,000 in a year',
      },
    ],
    highlights: [
      '3.33% value back when points are redeemed at ₹1 for SmartBuy flights and hotels',
      'Up to 10X on SmartBuy hotels and 5X on SmartBuy flights',
      'Unlimited lounge access for primary and add-on',
      'Club Marriott, Amazon Prime and Swiggy One memberships',
    ],
    description:
      "HDFC's super-premium Diners card. Points are counted at the ₹0.30 statement-credit value; travel redemptions on SmartBuy are worth up to ₹1 a point. Extra points for booking through HDFC's SmartBuy portal are not counted in our comparisons.",
    uncertain: [
      {
        field: 'fuel_surcharge_waiver',
        note: 'Reported as "not listed for Metal edition per CardNitty (unverified)".',
      },
    ],
  },
  {
    csv: 'HDFC Bank Freedom Credit Card',
    id: 'hdfc_freedom',
    bank: 'hdfc',
    network: 'Visa; Mastercard',
    annual_fee: 500,
    joining_fee: 500,
    fee_waiver_annual_spend: 50000,
    waiver_condition: 'Annual fee waived on spend of ₹50,000 or more.',
    reward_point_value_inr: 0.15,
    reward_type: 'points',
    rules: [
      ...baseWithCategoryCaps(pts(1, 150, 0.15), '1 CashPoint per ₹150 (0.1%)', [
        {
          categories: ['grocery'],
          group: 'grocery',
          note: '1 CashPoint per ₹150 on groceries and at grocery shops, within the grocery cap of 1,000 CashPoints a month',
        },
      ]),
      earn(
        { platform_name: ['bookmyshow', 'swiggy', 'uber'] },
        pts(10, 150, 0.15),
        '10X on BookMyShow, Swiggy and Uber (1%), up to 2,500 CashPoints a month',
        ['partners_10x'],
      ),
      earn(
        { platform_name: ['bigbasket'] },
        pts(10, 150, 0.15),
        '10X on BigBasket (1%), within the 2,500-CashPoint partner cap and the grocery cap of 1,000 a month',
        ['partners_10x', 'grocery'],
      ),
      excludeCategories(['fuel', 'rent', 'government', 'wallet', 'gift_cards']),
    ],
    cap_groups: [
      cap('partners_10x', 2500 * 0.15, '10X: 2,500 CashPoints a calendar month (₹375)'),
      cap('grocery', 1000 * 0.15, 'Groceries: 1,000 CashPoints a month (₹150)'),
    ],
    highlights: [
      '10X CashPoints on BigBasket, BookMyShow, Swiggy, Uber and OYO (OYO not counted in our figures)',
      'Fee waived at ₹50,000 a year',
      'Low income requirement',
    ],
    description:
      'HDFC entry-level card for first-time users. Low earn (0.1% base, 1% on partners), easy fee waiver.',
  },
  {
    csv: 'HDFC Bank Infinia Credit Card Metal Edition',
    id: 'hdfc_infinia_metal',
    bank: 'hdfc',
    annual_fee: 12500,
    joining_fee: 12500,
    fee_waiver_annual_spend: 1000000,
    waiver_condition: 'Annual fee waived on spend of ₹10,00,000 or more in the preceding 12 months.',
    reward_point_value_inr: 0.3,
    reward_type: 'points',
    rules: [
      ...baseWithCategoryCaps(
        pts(5, 150, 0.3),
        '5 reward points per ₹150 (1% at ₹0.30; 3.33% at ₹1 on SmartBuy flights/hotels)',
        [hdfcGroceryCap('5 points per ₹150')],
      ),
      excludeCategories(['fuel', 'wallet', 'rent', 'government']),
    ],
    cap_groups: [cap('grocery', 2000 * 0.3, 'Groceries: 2,000 points a month (₹600)')],
    highlights: [
      '3.33% value back at ₹1 a point on SmartBuy flights, hotels and Apple/Tanishq (we count ₹0.30)',
      'Up to 10X on SmartBuy hotels (bonus cap 15,000 points a month)',
      'Unlimited lounge access worldwide, incl. add-on',
      '12,500 points on joining and on renewal',
    ],
    description:
      "HDFC's invite-only flagship. Points are counted at the ₹0.30 statement-credit value; from 1-Feb-2026 statement-credit redemption is capped at 50,000 points a month.",
  },
  {
    csv: 'HDFC Bank Millennia Credit Card',
    id: 'hdfc_millennia',
    bank: 'hdfc',
    annual_fee: 1000,
    joining_fee: 1000,
    fee_waiver_annual_spend: 100000,
    waiver_condition: 'Annual fee waived on spend of ₹1,00,000 or more in the previous membership year.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      base(0.01, '1% CashPoints on other spends, up to 1,000 CashPoints (₹1,000) a cycle', ['base']),
      earn(
        {
          platform_name: [
            'amazon',
            'bookmyshow',
            'flipkart',
            'myntra',
            'swiggy',
            'tata_cliq',
            'uber',
            'zomato',
          ],
        },
        0.05,
        '5% on Amazon, BookMyShow, Flipkart, Myntra, Swiggy, Tata CLiQ, Uber and Zomato (also Cult.fit, Sony LIV), up to 1,000 CashPoints (₹1,000) a cycle',
        ['partners'],
      ),
      excludeCategories(['fuel', 'rent', 'government']),
    ],
    cap_groups: [
      cap('base', 1000, '1% base: up to 1,000 CashPoints (₹1,000) a statement cycle'),
      cap('partners', 1000, '5% partners: up to 1,000 CashPoints (₹1,000) a statement cycle'),
    ],
    milestones: [
      {
        annual_spend: 400000,
        bonus_inr: 4000,
        note: '₹1,000 voucher for ₹1,00,000 spend in a calendar quarter; we count the bonus once you spend ₹4,00,000 in a year',
      },
    ],
    highlights: [
      '5% cashback on Amazon, Flipkart, Myntra, Swiggy, Zomato and more',
      '1% on other spends (wallet and EMI included)',
      '₹1,000 voucher per ₹1 lakh quarterly spend',
      'Fee waived at ₹1 lakh a year',
    ],
    description:
      "HDFC's everyday online cashback card: 5% on ten popular platforms and 1% elsewhere, each capped at ₹1,000 a cycle.",
    uncertain: [
      {
        field: 'min_income',
        note: 'Reported as "420000 salaried (35000/month, per CardNitty); not verified on bank page".',
      },
    ],
  },
  {
    csv: 'HDFC Bank MoneyBack+ Credit Card',
    id: 'hdfc_moneyback_plus',
    bank: 'hdfc',
    annual_fee: 500,
    joining_fee: 500,
    fee_waiver_annual_spend: 50000,
    waiver_condition: 'Annual fee waived on spend of ₹50,000 or more.',
    reward_point_value_inr: 0.25,
    reward_type: 'points',
    rules: [
      earn({ category: categoriesExcept('upi') }, pts(2, 150, 0.25), '2 CashPoints per ₹150 (0.33%)'),
      earn(
        { category: ['upi'] },
        pts(2, 150, 0.25),
        'RuPay UPI: 2 CashPoints per ₹150 (0.33%), up to 500 CashPoints a month',
        ['upi'],
      ),
      earn(
        { platform_name: ['amazon', 'bigbasket', 'flipkart', 'reliance_smart', 'swiggy'] },
        pts(20, 150, 0.25),
        '10X on Amazon, BigBasket, Flipkart, Reliance Smart and Swiggy (3.33%), up to 2,500 CashPoints a month',
        ['partners_10x'],
      ),
      excludeCategories(['fuel', 'wallet', 'gift_cards', 'rent', 'government']),
    ],
    cap_groups: [
      cap('partners_10x', 2500 * 0.25, '10X: 2,500 CashPoints a calendar month (₹625)'),
      cap('upi', 500 * 0.25, 'UPI: 500 CashPoints a month (₹125)'),
    ],
    milestones: [
      {
        annual_spend: 200000,
        bonus_inr: 2000,
        note: '₹500 voucher per ₹50,000 quarterly spend; we count the bonus once you spend ₹2,00,000 in a year',
      },
    ],
    highlights: [
      '3.33% back on Amazon, Flipkart, Swiggy, BigBasket and Reliance Smart',
      '₹500 voucher per ₹50,000 quarterly spend',
      'Fee waived at ₹50,000 a year',
    ],
    // No page: the research's first link is the older MoneyBack card's, its second a GIFT City one.
    description: 'Entry-level HDFC card with 10X CashPoints on five big shopping and grocery merchants.',
  },
  {
    csv: 'HDFC Bank PIXEL Play Credit Card',
    id: 'hdfc_pixel_play',
    bank: 'hdfc',
    annual_fee: 500,
    joining_fee: 500,
    fee_waiver_annual_spend: null,
    waiver_condition:
      'Joining fee waived on ₹20,000 spend within 90 days; renewal waiver threshold not confirmed.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      earn({ category: categoriesExcept('upi') }, 0.01, '1% CashPoints on other spends, unlimited'),
      earn({ category: ['upi'] }, 0.01, 'UPI on the RuPay variant: 1%, up to ₹500 a month', ['upi']),
      earn(
        {
          platform_name: [
            'bookmyshow',
            'zomato',
            'makemytrip',
            'uber',
            'blinkit',
            'reliance_smart',
            'croma',
            'reliance_digital',
            'nykaa',
            'myntra',
          ],
        },
        0.05,
        '5% on the two packs you choose (Dining & Entertainment, Travel, Grocery, Electronics, Fashion), up to ₹500 a month',
        ['packs'],
      ),
      earn(
        { platform_name: ['amazon', 'flipkart'] },
        0.03,
        '3% on your chosen e-commerce platform (Amazon, Flipkart or PayZapp), up to ₹500 a month',
        ['ecommerce'],
      ),
      excludeCategories(['fuel', 'wallet', 'rent', 'government']),
    ],
    cap_groups: [
      cap('packs', 500, 'Chosen packs: ₹500 a month (counted as one cap across all packs)'),
      cap('ecommerce', 500, 'Chosen e-commerce platform: ₹500 a month'),
      cap('upi', 500, 'UPI: ₹500 a month'),
    ],
    highlights: [
      '5% on two merchant packs you choose',
      '3% on Amazon, Flipkart or PayZapp (your choice)',
      '5% on SmartBuy, 1% everywhere else',
      'Virtual card managed in the PayZapp app',
    ],
    description:
      "HDFC's customisable digital card. Our comparisons count every pack as available, under one ₹500 cap; in reality you pick two packs and one e-commerce platform.",
  },
  {
    csv: 'HDFC Bank Regalia Gold Credit Card',
    id: 'hdfc_regalia_gold',
    bank: 'hdfc',
    network: 'Visa; Mastercard',
    annual_fee: 2500,
    joining_fee: 2500,
    fee_waiver_annual_spend: 400000,
    waiver_condition: 'Annual fee waived on spend of ₹4,00,000 or more in the card anniversary year.',
    reward_point_value_inr: 0.2,
    reward_type: 'points',
    rules: [
      ...baseWithCategoryCaps(
        pts(4, 150, 0.2),
        '4 reward points per ₹150 (0.53% at ₹0.20; 1.33% at ₹0.50 on SmartBuy)',
        [
          hdfcGroceryCap('4 points per ₹150'),
          {
            categories: ['insurance'],
            group: 'insurance',
            note: '4 points per ₹150 on insurance premiums, up to 2,000 points a month',
          },
        ],
      ),
      earn(
        { platform_name: ['myntra', 'nykaa', 'reliance_digital'] },
        pts(20, 150, 0.2),
        '5X on Myntra, Nykaa, Reliance Digital (and Marks & Spencer), up to 5,000 bonus points a month',
        ['partners_5x'],
      ),
      excludeCategories(['fuel', 'wallet', 'rent', 'government']),
    ],
    cap_groups: [
      cap(
        'partners_5x',
        capFromBonus(5000 * 0.2, pts(20, 150, 0.2), pts(4, 150, 0.2)),
        '5X partners: 5,000 bonus points a month (₹1,000 bonus, ₹1,250 in all)',
      ),
      cap('grocery', 2000 * 0.2, 'Groceries: 2,000 points a month (₹400)'),
      cap('insurance', 2000 * 0.2, 'Insurance: 2,000 points a month (₹400)'),
    ],
    milestones: [
      {
        annual_spend: 600000,
        bonus_inr: 6000,
        note: '₹1,500 voucher per ₹1,50,000 quarterly spend; we count the bonus once you spend ₹6,00,000 in a year',
      },
      { annual_spend: 500000, bonus_inr: 5000, note: '₹5,000 flight voucher at ₹5,00,000 a year' },
      { annual_spend: 750000, bonus_inr: 5000, note: 'Another ₹5,000 flight voucher at ₹7,50,000 a year' },
    ],
    highlights: [
      '₹5,000 flight vouchers at ₹5 lakh and ₹7.5 lakh a year',
      '₹1,500 voucher per ₹1.5 lakh quarterly spend',
      '5X on Myntra, Nykaa, Reliance Digital and M&S',
      '12 domestic lounge visits a year',
    ],
    description:
      "HDFC's mid-premium travel and rewards card. Its value comes mostly from milestones and SmartBuy redemptions (₹0.50 a point) rather than the ₹0.20 cash value counted here.",
    uncertain: [
      {
        field: 'reward_point_value_inr',
        note: 'Reported as "0.20 INR as statement cashback (from memory)"; SmartBuy flights/hotels are worth 0.50. The lower ₹0.20 is used and listed as uncertain.',
      },
    ],
  },
  {
    csv: 'IndianOil HDFC Bank Credit Card',
    id: 'indianoil_hdfc',
    bank: 'hdfc',
    network: 'Visa; RuPay',
    annual_fee: 500,
    joining_fee: 500,
    fee_waiver_annual_spend: 50000,
    waiver_condition:
      'Annual fee waived on spend of ₹50,000 or more (joining fee waived on ₹20,000 in 90 days).',
    reward_point_value_inr: 0.96,
    // ₹0.96 on IndianOil fuel, ₹0.20 as cashback: the server counts ₹0.20 for a user who buys no
    // IndianOil fuel, and ₹0.96 up to their IndianOil spend otherwise (ADR 029, ADR 031).
    points_redeemable_only_on: 'indianoil',
    points_value_elsewhere_inr: 0.2,
    reward_type: 'points',
    rules: [
      base(pts(1, 150, 0.96), '1 Fuel Point per ₹150 (0.64% when redeemed for IndianOil fuel)'),
      earn(
        { platform_name: ['indianoil'], category: ['fuel'] },
        0.05 * 0.96,
        '5% as Fuel Points at IndianOil, up to 150 Fuel Points a month (250 in the first 6 months)',
        ['iocl'],
      ),
      ...groceryRate(
        { category: ['grocery'] },
        0.05 * 0.96,
        '5% as Fuel Points on groceries, up to 100 Fuel Points a month',
        ['grocery'],
      ),
      earn(
        { category: ['utilities'] },
        0.05 * 0.96,
        '5% as Fuel Points on bill payments, up to 100 Fuel Points a month',
        ['bills'],
      ),
      excludeCategories(['wallet', 'rent', 'government']),
    ],
    cap_groups: [
      cap('iocl', 150 * 0.96, 'IndianOil: 150 Fuel Points a month after the first 6 months (₹144)'),
      cap('grocery', 100 * 0.96, 'Groceries: 100 Fuel Points a month (₹96)'),
      cap('bills', 100 * 0.96, 'Bill payments: 100 Fuel Points a month (₹96)'),
    ],
    highlights: [
      '5% as Fuel Points at IndianOil',
      '5% on groceries and bill payments (capped)',
      'Points redeem at about ₹0.96 for IndianOil fuel',
    ],
    description:
      'Fuel co-brand for IndianOil users. Fuel Points are worth ₹0.96 on IndianOil fuel and ₹0.20 as cashback: counted at ₹0.20 for someone who buys no IndianOil fuel.',
  },
  {
    csv: 'Marriott Bonvoy HDFC Bank Credit Card',
    id: 'hdfc_marriott_bonvoy',
    name: 'Marriott Bonvoy HDFC Bank Credit Card',
    bank: 'hdfc',
    network: 'Diners Club',
    annual_fee: 3000,
    joining_fee: 3000,
    fee_waiver_annual_spend: null,
    waiver_condition: 'No spend-based waiver (Free Night Award on renewal).',
    reward_point_value_inr: 0.5,
    points_redeemable_only_on: 'hotel_direct',
    points_redeemable_only_on_words: 'Marriott hotel stays',
    reward_type: 'points',
    rules: [
      base(pts(2, 150, 0.5), '2 Marriott Bonvoy points per ₹150 (about 0.67% at ₹0.50)'),
      earn(
        { category: ['travel', 'dining', 'entertainment'] },
        pts(4, 150, 0.5),
        '4 points per ₹150 on travel, dining and entertainment',
      ),
      excludeCategories(['fuel', 'rent', 'wallet', 'government']),
    ],
    highlights: [
      'Free Night Award on joining and on renewal',
      'Free Night Awards at ₹6, 9 and 15 lakh annual spend',
      'Silver Elite status and 10 Elite Night Credits',
      '12 domestic + 12 international lounge visits a year',
    ],
    description:
      'Hotel co-brand earning Marriott Bonvoy points. No published source we retrieved confirms any fact about this card: verify before relying on it.',
    uncertain: [
      {
        field: 'rules',
        note: 'No source confirms any fact about this card: fee, earn rates (2 and 4 points per ₹150), point value (~0.5-0.8, ₹0.50 counted) and Free Night milestones (not counted, as they have no rupee value) are all unconfirmed; we still count the rates and the value because they are what the card is for.',
      },
    ],
  },
  {
    csv: 'Paytm HDFC Bank Select Credit Card',
    id: 'paytm_hdfc_select',
    bank: 'hdfc',
    network: 'Visa',
    annual_fee: 1000,
    joining_fee: 1000,
    fee_waiver_annual_spend: 150000,
    waiver_condition:
      'First-year fee waived on ₹50,000 spend; renewal fee waived on annual spend of ₹1,50,000 or more.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      earn(
        { platform_name: ['paytm'] },
        0.05,
        '5% CashPoints on Paytm app purchases (recharges, bills, travel, movies), up to ₹1,500 a month',
        ['paytm'],
      ),
      earn(
        { platform_name: ['swiggy', 'ajio', 'bigbasket', 'uber'] },
        0.03,
        '3% on Swiggy, AJIO, BigBasket and Uber, up to ₹500 a month',
        ['partners'],
      ),
      excludeCategories(['fuel', 'rent', 'wallet', 'government']),
    ],
    cap_groups: [
      cap('paytm', 1500, 'Paytm app: ₹1,500 a month'),
      cap('partners', 500, 'Partners: ₹500 a month'),
    ],
    milestones: [
      {
        annual_spend: 200000,
        bonus_inr: 2000,
        note: '₹500 voucher per ₹50,000 quarterly spend; we count the bonus once you spend ₹2,00,000 in a year',
      },
    ],
    highlights: [
      '5% on Paytm app bills, recharges and bookings',
      '3% on Swiggy, AJIO, BigBasket and Uber',
      '8 domestic lounge visits a year',
    ],
    description:
      'Paytm co-brand for people who pay bills and book through Paytm. Whether it is still issued to new customers is not verified.',
    uncertain: [
      {
        field: 'rules',
        note: 'Base "1% CashPoints on other spends (from memory)" is not counted; the CashPoint value "1 CashPoint = 1 INR (from memory)" is still counted because every reward of the card depends on it.',
      },
      { field: 'is_active', note: 'Reported as "new issuance status not verified".' },
    ],
  },
  {
    csv: 'Swiggy HDFC Bank Credit Card',
    id: 'swiggy_hdfc',
    autoRules: [
      { quote: '1% cashback on other spends, cap', rule: '1% cashback on other spends' },
      {
        quote: 'Online spends in select MCCs',
        rule: ['5% on online shopping', '5% on online entertainment'],
      },
    ],
    bank: 'hdfc',
    network: 'Mastercard',
    annual_fee: 500,
    joining_fee: 500,
    fee_waiver_annual_spend: 200000,
    waiver_condition: 'Annual fee waived on spend of ₹2,00,000 or more.',
    reward_point_value_inr: 1,
    reward_type: 'cashback',
    rules: [
      base(0.01, '1% cashback on other spends, up to ₹500 a cycle', ['base', 'total']),
      earn(
        { platform_name: ['swiggy', 'swiggy_instamart'] },
        0.1,
        '10% on Swiggy food delivery and Instamart, up to ₹1,500 a cycle (Dineout is not counted)',
        ['swiggy', 'total'],
      ),
      earn(
        { platform_type: ONLINE_SHOPPING },
        0.05,
        '5% on online shopping (Amazon, Flipkart, Myntra, apparel, electronics, personal care), up to ₹1,500 a cycle',
        ['online', 'total'],
      ),
      earn(
        { mode: ['online'], category: ['entertainment'] },
        0.05,
        '5% on online entertainment, within the ₹1,500 online cap',
        ['online', 'total'],
      ),
      excludeCategories(['fuel', 'rent', 'wallet', 'government']),
    ],
    cap_groups: [
      cap('swiggy', 1500, 'Swiggy: ₹1,500 a statement cycle'),
      cap('online', 1500, 'Select online categories: ₹1,500 a statement cycle'),
      cap('base', 500, 'Other spends: ₹500 a statement cycle'),
      cap('total', 3500, 'All cashback: ₹3,500 a statement cycle'),
    ],
    highlights: [
      '10% cashback on Swiggy food, Instamart and Dineout',
      '5% on online shopping and entertainment',
      '1% on other spends',
      'Swiggy One membership on activation',
    ],
    description:
      "Swiggy's co-brand: 10% on Swiggy and 5% on a broad set of online categories, credited as statement cashback, with a combined ₹3,500 monthly ceiling.",
    uncertain: [
      {
        field: 'cap_groups',
        note: 'Per-category caps are unconfirmed (total 3,500/month per CardNitty); we still apply them, as they can only lower what you earn.',
      },
    ],
  },
  {
    csv: 'Tata Neu Infinity HDFC Bank Credit Card',
    id: 'tata_neu_infinity_hdfc',
    bank: 'hdfc',
    network: 'Visa; RuPay',
    annual_fee: 1499,
    joining_fee: 1499,
    fee_waiver_annual_spend: 300000,
    waiver_condition: 'Annual fee waived on spend of ₹3,00,000 or more before the renewal date.',
    reward_point_value_inr: 1,
    points_redeemable_only_on: ['tata_cliq', 'croma', 'bigbasket', 'westside_zudio', 'tata_1mg'],
    points_redeemable_only_on_words: 'Tata Neu brands (Tata CLiQ, Croma, BigBasket, Westside, Tata 1mg)',
    reward_type: 'coins',
    rules: [
      // UPI has its own capped rate: a base rule on `{}` would pay it 1.5% uncapped (README
      // "Lower rate on some categories").
      ...baseWithCategoryCaps(0.015, '1.5% back as NeuCoins on non-Tata spends', tataNeuCaps(0.015, 2000), {
        allExcept: ['upi'],
      }),
      // The extra 1% needs a Tata Neu UPI ID: a UPI spend is entered by the app it is paid with now
      // (PhonePe, Google Pay, …), which earns the bank's 0.5%.
      earn(
        { category: ['upi'] },
        0.005,
        'UPI via the RuPay card: 0.5% from the bank, up to 500 NeuCoins a month (1% more when paid with a Tata Neu UPI ID, which we do not count)',
        ['upi'],
      ),
      ...tataBrandRates(
        0.05,
        2000,
        ' (Tata CLiQ, Croma, Westside, Tata 1mg; also Air India, Titan, Tanishq)',
      ),
      excludeCategories(['fuel', 'government', 'rent', 'wallet']),
      exclude(
        { mode: ['online'], category: ['education'] },
        'No rewards on education paid via third-party apps',
      ),
    ],
    // "cap 500 NeuCoins/month" may cover the bank's 0.5% too (as on Tata Neu Plus): the lower reading.
    cap_groups: [cap('upi', 500, 'UPI: up to 500 NeuCoins a month'), ...tataNeuCapGroups(2000)],
    highlights: [
      '5% NeuCoins at Tata brands (up to 10% with NeuPass on the Tata Neu app)',
      '1.5% NeuCoins on other spends',
      '8 domestic (₹50,000 spend a quarter) + 4 international lounge visits a year',
      'NeuCoins worth ₹1 inside the Tata Neu ecosystem',
    ],
    description:
      'Tata Neu co-brand: strong for BigBasket, Croma, Tata CLiQ and other Tata brands; 1.5% elsewhere. NeuCoins can only be spent within Tata Neu.',
    uncertain: [
      {
        field: 'cap_groups',
        note: 'UPI is reported as "0.5% from bank + 1% via Tata Neu UPI ID, cap 500 NeuCoins/month", which does not say whether the cap covers the bank\'s 0.5%. We apply it to all UPI NeuCoins, the lower reading.',
      },
      BIGBASKET_CAP_NOTE,
      ZUDIO_NOTE,
    ],
    page: 'https://www.hdfcbank.com/personal/pay/cards/credit-cards/tata-neu-infinity-hdfc-bank-credit-card',
  },
  {
    csv: 'Tata Neu Plus HDFC Bank Credit Card',
    id: 'tata_neu_plus_hdfc',
    bank: 'hdfc',
    network: 'Visa; RuPay',
    annual_fee: 499,
    joining_fee: 499,
    fee_waiver_annual_spend: null,
    waiver_condition: 'Reported (not confirmed): annual fee waived on spend of ₹1,00,000 or more.',
    reward_point_value_inr: 1,
    points_redeemable_only_on: ['tata_cliq', 'croma', 'bigbasket', 'westside_zudio', 'tata_1mg'],
    points_redeemable_only_on_words: 'Tata Neu brands (Tata CLiQ, Croma, BigBasket, Westside, Tata 1mg)',
    reward_type: 'coins',
    rules: [
      ...baseWithCategoryCaps(0.01, '1% back as NeuCoins on non-Tata spends', tataNeuCaps(0.01, 1000), {
        allExcept: ['upi'],
      }),
      earn(
        { category: ['upi'] },
        0.01,
        'Up to 1% NeuCoins on UPI via the RuPay card, up to 500 NeuCoins a month',
        ['upi'],
      ),
      ...tataBrandRates(0.02, 1000),
      excludeCategories(['fuel', 'wallet', 'rent', 'government']),
      exclude({ platform_type: ['gaming'] }, 'No rewards on online gaming'),
      exclude(
        { mode: ['online'], category: ['education'] },
        'No rewards on education paid via third-party apps',
      ),
    ],
    cap_groups: [cap('upi', 500, 'UPI: up to 500 NeuCoins a month'), ...tataNeuCapGroups(1000)],
    highlights: [
      '2% NeuCoins at Tata brands (up to 7% with NeuPass on the Tata Neu app)',
      '1% NeuCoins on other spends',
      'Quarterly domestic lounge voucher on ₹50,000 spend',
    ],
    description: 'The entry version of the Tata Neu card: 2% at Tata brands and 1% elsewhere, as NeuCoins.',
    uncertain: [BIGBASKET_CAP_NOTE, ZUDIO_NOTE],
    page: 'https://www.hdfc.bank.in/credit-cards/tata-neu-plus-hdfc-bank-credit-card',
  },
];
