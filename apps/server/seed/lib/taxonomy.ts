import type { CategoryNodeInput } from '@cardwise/contracts';

/**
 * Builds the six-level spending taxonomy from merchants.csv.
 * Levels 1-4 use hand-picked slugs (they are what earn rules match on);
 * levels 5-6 use a mechanical slug with a few normalisations so that the same
 * thing (hotels, flights, movie tickets, electricity bills) has one slug everywhere.
 */

export const LEVELS = [
  'mode',
  'platform_type',
  'platform_name',
  'category',
  'sub_category',
  'product',
] as const;
export type Level = (typeof LEVELS)[number];

/** Mechanical snake_case slug: lowercase ASCII words joined by '_'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const MODE: Record<string, string> = { online: 'online', offline: 'offline' };

const PLATFORM_TYPE: Record<string, string> = {
  'e-commerce marketplace': 'e_commerce_marketplace',
  'fashion e-commerce': 'fashion_e_commerce',
  'beauty e-commerce': 'beauty_e_commerce',
  'eyewear e-commerce': 'eyewear_e_commerce',
  'baby & kids e-commerce': 'baby_kids_e_commerce',
  'home & furniture e-commerce': 'home_furniture_e_commerce',
  'electronics retailer (online)': 'electronics_retailer_online',
  'food delivery': 'food_delivery',
  'dining reservations': 'dining_reservations',
  'quick commerce': 'quick_commerce',
  'online grocery': 'online_grocery',
  'travel - OTA': 'travel_ota',
  'travel - airline direct': 'airline_direct',
  'travel - rail': 'rail',
  'travel - bus': 'bus',
  'travel - hotels': 'hotel_direct',
  'travel - co-brand travel app': 'travel_app',
  'ride-hailing': 'ride_hailing',
  mobility: 'mobility',
  'entertainment - ticketing': 'ticketing',
  'entertainment - OTT subscriptions': 'ott_subscriptions',
  'entertainment - music & apps': 'music_apps',
  gaming: 'gaming',
  'bill payments - app': 'bill_payment_app',
  'bill payments - direct': 'bill_payment_direct',
  insurance: 'insurance',
  education: 'education',
  'rent payments': 'rent_payments',
  'wallet loads': 'wallet_loads',
  'government & tax': 'government_tax',
  'pharmacy & health e-commerce': 'pharmacy_e_commerce',
  'health & fitness': 'health_fitness',
  'home services': 'home_services',
  'jewellery e-commerce': 'jewellery_e_commerce',
  investments: 'investments',
  'UPI (credit on UPI, RuPay)': 'upi',
  'supermarket / hypermarket': 'supermarket',
  'kirana / local store': 'kirana',
  'restaurants & cafes': 'restaurants',
  'QSR & cafes': 'qsr_cafes',
  'bakeries & sweets': 'bakeries_sweets',
  'fuel station': 'fuel_station',
  'department store / fashion retail': 'department_store',
  'fashion retail': 'fashion_retail',
  'sports retail': 'sports_retail',
  'electronics store': 'electronics_store',
  pharmacy: 'pharmacy',
  'hospitals & diagnostics': 'hospitals_diagnostics',
  cinemas: 'cinemas',
  leisure: 'leisure',
  'salon & spa': 'salon_spa',
  'travel - offline': 'travel_offline',
  'auto & transport': 'auto_transport',
  'jewellery store': 'jewellery_store',
  'home & furniture store': 'furniture_store',
  'rent & society': 'rent_society',
};

const PLATFORM_NAME: Record<string, string> = {
  'Amazon.in': 'amazon',
  Flipkart: 'flipkart',
  Meesho: 'meesho',
  'Tata CLiQ': 'tata_cliq',
  JioMart: 'jiomart',
  Shopsy: 'shopsy',
  Snapdeal: 'snapdeal',
  Myntra: 'myntra',
  AJIO: 'ajio',
  Nykaa: 'nykaa',
  'Purplle / Tira': 'purplle_tira',
  Lenskart: 'lenskart',
  FirstCry: 'firstcry',
  'Pepperfry / Urban Ladder / IKEA online': 'furniture_online_stores',
  'Croma (online)': 'croma',
  'Reliance Digital (online)': 'reliance_digital',
  'Vijay Sales / Apple Store online': 'vijay_sales_apple_online',
  Swiggy: 'swiggy',
  Zomato: 'zomato',
  "EatSure / Domino's / McDonald's / KFC apps": 'qsr_apps',
  'Swiggy Dineout / EazyDiner / District dining': 'dining_out_apps',
  Blinkit: 'blinkit',
  Zepto: 'zepto',
  'Swiggy Instamart': 'swiggy_instamart',
  'Flipkart Minutes / Amazon Now / BB Now': 'other_quick_commerce',
  BigBasket: 'bigbasket',
  'Amazon Fresh / DMart Ready / JioMart grocery': 'other_online_grocery',
  MakeMyTrip: 'makemytrip',
  Goibibo: 'goibibo',
  Cleartrip: 'cleartrip',
  'EaseMyTrip / Yatra / ixigo': 'easemytrip_yatra_ixigo',
  'Agoda / Booking.com': 'agoda_booking_com',
  IndiGo: 'indigo',
  'Air India / Air India Express / Akasa Air / SpiceJet': 'other_airlines',
  IRCTC: 'irctc',
  'redBus / AbhiBus': 'redbus_abhibus',
  'OYO / Taj (IHCL) / Marriott direct': 'hotel_chains',
  'Scapia app': 'scapia',
  Uber: 'uber',
  Ola: 'ola',
  'Rapido / Namma Yatri': 'rapido_namma_yatri',
  'FASTag recharge / metro cards / parking apps': 'fastag_metro_parking',
  BookMyShow: 'bookmyshow',
  'District (by Zomato)': 'district',
  'Netflix / Amazon Prime / JioHotstar / SonyLIV / ZEE5': 'ott_platforms',
  'Spotify / YouTube Premium / Apple services / Google Play': 'music_app_stores',
  'Online gaming (skill/real-money) platforms': 'gaming_platforms',
  'Google Pay (bill pay)': 'google_pay',
  'Airtel Thanks app': 'airtel_thanks',
  'Amazon Pay (bills & recharges)': 'amazon_pay',
  PhonePe: 'phonepe',
  Paytm: 'paytm',
  'CRED / bank netbanking BBPS': 'cred_bbps',
  'Utility / telecom provider websites & apps': 'provider_direct',
  'LIC / HDFC Life / ICICI Lombard / ACKO / Digit / PolicyBazaar': 'insurers',
  'School / college portals; Flywire; CRED / education fee apps': 'education_portals',
  'CRED RentPay / NoBroker / Housing.com / PayZapp rent': 'rent_apps',
  'Paytm wallet / Amazon Pay balance / MobiKwik / PhonePe wallet': 'wallets',
  'Income tax / GST / traffic challan / passport / municipal tax portals': 'government_portals',
  'Tata 1mg': 'tata_1mg',
  PharmEasy: 'pharmeasy',
  'Apollo 24|7 / Netmeds / Truemeds': 'apollo_netmeds_truemeds',
  'Cult.fit / Practo / HealthifyMe': 'cult_fit_practo_healthifyme',
  'Urban Company': 'urban_company',
  'Tanishq / CaratLane / Kalyan online': 'jewellery_online',
  'Zerodha / Groww / mutual fund platforms': 'investment_platforms',
  'UPI apps: PhonePe / Google Pay / Paytm / CRED / BHIM / super.money / Kiwi': 'upi_apps',
  DMart: 'dmart',
  'Reliance Smart / Smart Bazaar / Reliance Fresh': 'reliance_smart',
  "More / Spencer's / Star Bazaar / Nature's Basket / Ratnadeep": 'other_supermarkets',
  'Neighbourhood kirana (mostly UPI QR)': 'kirana',
  'Restaurants / fine dining': 'restaurants',
  "McDonald's / Domino's / KFC / Starbucks / Third Wave / CCD": 'qsr_cafes',
  "Haldiram's / local bakeries / sweet shops": 'sweets_bakeries',
  'IndianOil (IOCL)': 'indianoil',
  'Bharat Petroleum (BPCL)': 'bpcl',
  'Hindustan Petroleum (HPCL)': 'hpcl',
  'Shell / Nayara / Jio-bp': 'other_fuel_brands',
  'Westside / Zudio (Tata Trent)': 'westside_zudio',
  'Shoppers Stop / Lifestyle / Pantaloons / Max / Trends / Central': 'department_stores',
  'Marks & Spencer / H&M / Zara / Uniqlo': 'international_fashion_brands',
  Decathlon: 'decathlon',
  Croma: 'croma',
  'Reliance Digital / Vijay Sales / Apple premium resellers': 'electronics_chains',
  'Apollo Pharmacy / MedPlus / Wellness Forever / local chemists': 'pharmacies',
  'Apollo / Fortis / Max hospitals; Dr Lal PathLabs / Thyrocare / Agilus': 'hospitals_labs',
  'PVR INOX / Cinepolis (box office & F&B)': 'cinemas',
  'Amusement parks / gaming zones / clubs': 'leisure_venues',
  'Lakme Salon / Naturals / spas': 'salons_spas',
  'Airline / railway counters; travel agents; hotel front desk': 'travel_counters',
  'Car service centres / tyre shops / toll plazas': 'auto_services',
  'Tanishq / Kalyan / Malabar / local jewellers': 'jewellers',
  'IKEA / HomeCentre / Pepperfry studio': 'furniture_stores',
  'School / college fee counters; coaching centres (Allen, Aakash, PW Vidyapeeth)': 'education_institutes',
  'Landlord / society office (via POS or payment links)': 'landlord_society',
};

const CATEGORY: Record<string, string> = {
  Electronics: 'electronics',
  Fashion: 'fashion',
  'Home & kitchen': 'home_kitchen',
  'Beauty & personal care': 'beauty_personal_care',
  Grocery: 'grocery',
  'Books, toys & hobbies': 'books_toys_hobbies',
  'Gift cards & vouchers': 'gift_cards',
  'Health & eyewear': 'eyewear',
  'Kids & baby': 'kids_baby',
  'Food & dining': 'dining',
  'Household & personal care': 'household_essentials',
  Travel: 'travel',
  'Local transport': 'local_transport',
  Entertainment: 'entertainment',
  Utilities: 'utilities',
  Telecom: 'telecom',
  'Credit card bill': 'card_bill_payment',
  Insurance: 'insurance',
  Education: 'education',
  'Rent & housing': 'rent',
  'Wallet & prepaid': 'wallet',
  Government: 'government',
  'Health & pharmacy': 'health_pharmacy',
  'Health & fitness': 'fitness',
  'Home services': 'home_services',
  Jewellery: 'jewellery',
  Investments: 'investments',
  'UPI payments': 'upi',
  Fuel: 'fuel',
  'Sports & fitness': 'sports',
  'Personal care services': 'personal_care_services',
  Vehicle: 'vehicle',
};

/** Level-5 names whose mechanical slug would hide that they are the same thing. */
const SUB_CATEGORY_OVERRIDES: Record<string, string> = {
  'Men / Women / Kids apparel': 'apparel',
  'Staples & packaged food (marketplace grocery)': 'staples_packaged_food',
  'Small electronics & accessories (10-min delivery)': 'small_electronics',
  'Delivery/platform fees & membership': 'delivery_fees_membership',
  'Table booking & pre-paid dining bill': 'table_booking',
  'Hotels & homestays': 'hotels',
  Hotels: 'hotels',
  'Hotel stays': 'hotels',
  'Hotel stay paid at property': 'hotels',
  'Train tickets': 'trains',
  'Trains (ixigo)': 'trains',
  'Bus tickets': 'bus',
  'Flights / hotels / buses / trains': 'scapia_bookings',
  'Movie tickets & snacks': 'movie_tickets',
  'Electricity bill': 'electricity',
  'Piped gas & LPG': 'gas_lpg',
  'Water bill': 'water',
  'Mobile prepaid/postpaid': 'mobile',
  'DTH / cable TV': 'dth_cable',
  'Tolls (FASTag)': 'tolls',
  'Metro / local transit': 'metro_transit',
  'Online merchant UPI (collect/intent)': 'online_merchant_upi',
  'Scan & Pay at merchant QR': 'scan_and_pay',
  'Gym / fitness memberships': 'gym_memberships',
  'Cleaning, repairs, salon at home': 'home_services_at_home',
};

/**
 * Nodes merchants.csv lacks but card rules need: international (foreign-currency) spending,
 * which several travel and premium cards reward at a different rate. Listed in seed/README.md.
 */
export const TAXONOMY_ADDITIONS: string[][] = [
  [
    'international',
    'foreign_currency',
    'foreign_merchants',
    'international',
    'foreign_currency_spend',
    'overseas_purchases',
  ],
];
const ADDITION_NAMES: Record<string, string> = {
  international: 'International',
  foreign_currency: 'Foreign-currency spending',
  foreign_merchants: 'Merchants abroad / foreign-currency websites',
  foreign_currency_spend: 'Foreign-currency spend',
  overseas_purchases: 'purchases abroad or in foreign currency',
};

/** Every level-2 and level-4 slug, for rules that must list "everything except ...". */
export const PLATFORM_TYPE_SLUGS: readonly string[] = [
  ...new Set(Object.values(PLATFORM_TYPE)),
  'foreign_currency',
];
export const CATEGORY_SLUGS: readonly string[] = [...new Set(Object.values(CATEGORY)), 'international'];

function pick(map: Record<string, string>, key: string, level: string): string {
  const v = map[key];
  if (!v) throw new Error(`no ${level} slug for '${key}'`);
  return v;
}

interface MutableNode {
  id: string;
  slug: string;
  name: string;
  children: MutableNode[];
}

export interface Taxonomy {
  roots: CategoryNodeInput[];
  /** Slugs present at each level (rules must use these). */
  slugsAt: Record<Level, Set<string>>;
  nodeCount: number;
}

/**
 * merchants.csv writes platform types and product examples in lower case ("food delivery",
 * "smartphones") and the other levels capitalised ("Online", "Grocery"): a select or a label
 * mixing both read as a typo ("Online • food delivery • Swiggy"). Brands keep their own case
 * ("redBus"); only these two levels are generic words.
 */
const capitalised = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

export function buildTaxonomy(rows: Record<string, string>[]): Taxonomy {
  const roots: MutableNode[] = [];
  const byId = new Map<string, MutableNode>();
  const slugsAt = Object.fromEntries(LEVELS.map((l) => [l, new Set<string>()])) as Record<Level, Set<string>>;

  const add = (path: { slug: string; name: string }[]): void => {
    let siblings = roots;
    const ids: string[] = [];
    path.forEach((p, depth) => {
      ids.push(p.slug);
      const id = ids.join('.');
      let node = byId.get(id);
      if (!node) {
        node = { id, slug: p.slug, name: p.name, children: [] };
        byId.set(id, node);
        siblings.push(node);
      } else if (node.name !== p.name && depth === 4) {
        // Two level-5 names normalised to one slug under the same parent: keep both names visible.
        if (!node.name.includes(p.name)) node.name = `${node.name} / ${p.name}`;
      }
      const level = LEVELS[depth];
      if (level) slugsAt[level].add(p.slug);
      siblings = node.children;
    });
  };

  for (const r of rows) {
    const mode = r.spending_mode ?? '';
    const ptype = r.platform_type ?? '';
    const pname = r.platform_name ?? '';
    const cat = r.category ?? '';
    const sub = r.sub_category ?? '';
    const prefix = [
      { slug: pick(MODE, mode, 'mode'), name: mode === 'online' ? 'Online' : 'Offline' },
      { slug: pick(PLATFORM_TYPE, ptype, 'platform_type'), name: capitalised(ptype) },
      { slug: pick(PLATFORM_NAME, pname, 'platform_name'), name: pname },
      { slug: pick(CATEGORY, cat, 'category'), name: cat },
      { slug: SUB_CATEGORY_OVERRIDES[sub] ?? slugify(sub), name: sub },
    ];
    const products = (r.product_examples ?? '')
      .split(';')
      .map((p) => p.trim())
      .filter((p) => p.length > 0);
    for (const product of products) add([...prefix, { slug: slugify(product), name: capitalised(product) }]);
  }
  for (const path of TAXONOMY_ADDITIONS) {
    add(path.map((slug) => ({ slug, name: ADDITION_NAMES[slug] ?? slug })));
  }

  const strip = (n: MutableNode): CategoryNodeInput =>
    n.children.length > 0
      ? { id: n.id, slug: n.slug, name: n.name, children: n.children.map(strip) }
      : { id: n.id, slug: n.slug, name: n.name };
  return { roots: roots.map(strip), slugsAt, nodeCount: byId.size };
}
