import type { Bank, Tag } from '@cardwise/contracts';

/** A bank of the catalogue plus the public credit-card listing used when a card's own page is not known. */
export interface BankDef extends Bank {
  cards_page: string;
}

/**
 * Issuers of the cards in cards.csv. Colours are the banks' brand colours as publicly used in
 * their logos (best-effort hex; see README). Websites are the official domains.
 */
export const BANKS: BankDef[] = [
  {
    code: 'amex',
    name: 'American Express',
    logo_url: null,
    primary_color: '#006FCF',
    description: 'Global card issuer running its own network; Membership Rewards points in India.',
    website: 'https://www.americanexpress.com/in/',
    cards_page: 'https://www.americanexpress.com/in/credit-cards/',
  },
  {
    code: 'au',
    name: 'AU Small Finance Bank',
    logo_url: null,
    primary_color: '#6D2077',
    description: 'Jaipur-based small finance bank with entry-level and customisable credit cards.',
    website: 'https://www.aubank.in',
    cards_page: 'https://www.aubank.in/personal-banking/credit-cards',
  },
  {
    code: 'axis',
    name: 'Axis Bank',
    logo_url: null,
    primary_color: '#97144D',
    description: 'Private bank with co-branded (Flipkart, Airtel, IndianOil) and premium EDGE rewards cards.',
    website: 'https://www.axisbank.com',
    cards_page: 'https://www.axisbank.com/retail/cards/credit-card',
  },
  {
    code: 'bobcard',
    name: 'BOBCARD (Bank of Baroda)',
    logo_url: null,
    primary_color: '#F15A22',
    description: "Bank of Baroda's card subsidiary, issuing ETERNA, HPCL and IRCTC co-brand cards.",
    website: 'https://www.bobcard.co.in',
    cards_page: 'https://www.bobcard.co.in',
  },
  {
    code: 'canara',
    name: 'Canara Bank',
    logo_url: null,
    primary_color: '#0091D5',
    description: 'Public-sector bank issuing no-fee Visa, Mastercard and RuPay credit cards.',
    website: 'https://canarabank.com',
    cards_page: 'https://canarabank.com',
  },
  {
    code: 'csb',
    name: 'CSB Bank',
    logo_url: null,
    primary_color: '#0B4EA2',
    description: 'Kerala-based private bank; issuer of the Jupiter Edge RuPay card.',
    website: 'https://www.csb.co.in',
    cards_page: 'https://www.csb.co.in',
  },
  {
    code: 'federal',
    name: 'Federal Bank',
    logo_url: null,
    primary_color: '#1B3C87',
    description: 'Private bank issuing relationship cards and fintech co-brands such as Scapia.',
    website: 'https://www.federalbank.co.in',
    cards_page: 'https://www.federalbank.co.in/credit-card',
  },
  {
    code: 'onecard',
    name: 'OneCard (FPL Technologies)',
    logo_url: null,
    primary_color: '#111111',
    description:
      'Fintech metal card issued with partner banks (BOBCARD, CSB, Federal, SBM, IDFC FIRST and others).',
    website: 'https://www.getonecard.app',
    cards_page: 'https://www.getonecard.app',
  },
  {
    code: 'hdfc',
    name: 'HDFC Bank',
    logo_url: null,
    primary_color: '#004C8F',
    description: "India's largest card issuer: Millennia, Regalia Gold, Infinia and many co-brands.",
    website: 'https://www.hdfcbank.com',
    cards_page: 'https://www.hdfcbank.com/personal/pay/cards/credit-cards',
  },
  {
    code: 'hsbc',
    name: 'HSBC India',
    logo_url: null,
    primary_color: '#DB0011',
    description:
      'International bank with cashback (Live+) and travel (TravelOne) cards in select Indian cities.',
    website: 'https://www.hsbc.co.in',
    cards_page: 'https://www.hsbc.co.in/credit-cards/',
  },
  {
    code: 'icici',
    name: 'ICICI Bank',
    logo_url: null,
    primary_color: '#F37E20',
    description:
      'Private bank issuing the Amazon Pay co-brand and the Coral, Rubyx, Sapphiro and Emeralde range.',
    website: 'https://www.icicibank.com',
    cards_page: 'https://www.icicibank.com/personal-banking/cards/credit-card',
  },
  {
    code: 'idbi',
    name: 'IDBI Bank',
    logo_url: null,
    primary_color: '#00836C',
    description: 'Bank issuing Aspire and Royale cards with Delight Points rewards.',
    website: 'https://www.idbibank.in',
    cards_page: 'https://www.idbibank.in',
  },
  {
    code: 'idfc_first',
    name: 'IDFC FIRST Bank',
    logo_url: null,
    primary_color: '#9C1D26',
    description: 'Private bank known for lifetime-free cards with never-expiring reward points.',
    website: 'https://www.idfcfirstbank.com',
    cards_page: 'https://www.idfcfirstbank.com/credit-card',
  },
  {
    code: 'indusind',
    name: 'IndusInd Bank',
    logo_url: null,
    primary_color: '#98272A',
    description: 'Private bank with lifestyle and low-forex cards such as Legend and Tiger.',
    website: 'https://www.indusind.com',
    cards_page: 'https://www.indusind.com/in/en/personal/cards/credit-card.html',
  },
  {
    code: 'kotak',
    name: 'Kotak Mahindra Bank',
    logo_url: null,
    primary_color: '#ED1C24',
    description: 'Private bank with cashback, fuel (IndianOil) and entry-level League cards.',
    website: 'https://www.kotak.com',
    cards_page: 'https://www.kotak.com/en/personal-banking/cards/credit-cards.html',
  },
  {
    code: 'pnb',
    name: 'Punjab National Bank',
    logo_url: null,
    primary_color: '#A20A3A',
    description: 'Public-sector bank issuing RuPay and Visa credit cards.',
    website: 'https://www.pnbindia.in',
    cards_page: 'https://www.pnbindia.in',
  },
  {
    code: 'rbl',
    name: 'RBL Bank',
    logo_url: null,
    primary_color: '#21409A',
    description: 'Private bank with many co-brands, including the IndianOil XTRA fuel card.',
    website: 'https://www.rblbank.com',
    cards_page: 'https://www.rblbank.com/category/credit-cards',
  },
  {
    code: 'sbi_card',
    name: 'SBI Card',
    logo_url: null,
    primary_color: '#22409A',
    description:
      "State Bank of India's card company: Cashback, SimplyCLICK, PRIME, ELITE and BPCL/IRCTC co-brands.",
    website: 'https://www.sbicard.com',
    cards_page: 'https://www.sbicard.com/en/personal/credit-cards.page',
  },
  {
    code: 'standard_chartered',
    name: 'Standard Chartered',
    logo_url: null,
    primary_color: '#0072AA',
    description: 'International bank with the Smart cashback, Rewards and Ultimate cards in India.',
    website: 'https://www.sc.com/in/',
    cards_page: 'https://www.sc.com/in/credit-cards/',
  },
  {
    code: 'yes_bank',
    name: 'YES Bank',
    logo_url: null,
    primary_color: '#00518F',
    description: 'Private bank with RESERV and MARQUEE rewards cards and the Kiwi RuPay co-brand.',
    website: 'https://www.yesbank.in',
    cards_page: 'https://www.yesbank.in',
  },
];

export const TAGS: Tag[] = [
  { slug: 'new_launch', name: 'New launch', icon: 'sparkles' },
  { slug: 'high_approval_rate', name: 'High approval rate', icon: 'badge-check' },
  { slug: 'sponsored', name: 'Sponsored', icon: 'megaphone' },
  { slug: 'featured', name: 'Featured', icon: 'star' },
];
