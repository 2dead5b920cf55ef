import type { InstanceInput } from '@cardwise/contracts';

/**
 * Deterministic, seeded, realistic-looking instances for the benchmark:
 * Indian card catalogue shapes (0.5–2% base, 2–10% accelerated on merchants and
 * categories, capped; card-wide caps; fuel/rent/wallet/insurance/utilities/education
 * exclusions; fees with waivers and milestones) over a taxonomy of about 70 slugs.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Merchant {
  mode: 'online' | 'offline';
  platform_type: string;
  platform_name: string;
  category: string;
  sub_category: string;
}

const MERCHANTS: Merchant[] = [
  {
    mode: 'online',
    platform_type: 'food_delivery',
    platform_name: 'swiggy',
    category: 'dining',
    sub_category: 'food_delivery',
  },
  {
    mode: 'online',
    platform_type: 'food_delivery',
    platform_name: 'zomato',
    category: 'dining',
    sub_category: 'food_delivery',
  },
  {
    mode: 'offline',
    platform_type: 'restaurant',
    platform_name: 'local_restaurant',
    category: 'dining',
    sub_category: 'dine_in',
  },
  {
    mode: 'online',
    platform_type: 'ecommerce',
    platform_name: 'amazon',
    category: 'shopping',
    sub_category: 'electronics',
  },
  {
    mode: 'online',
    platform_type: 'ecommerce',
    platform_name: 'flipkart',
    category: 'shopping',
    sub_category: 'electronics',
  },
  {
    mode: 'online',
    platform_type: 'ecommerce',
    platform_name: 'myntra',
    category: 'shopping',
    sub_category: 'apparel',
  },
  {
    mode: 'online',
    platform_type: 'quick_commerce',
    platform_name: 'blinkit',
    category: 'groceries',
    sub_category: 'daily_needs',
  },
  {
    mode: 'online',
    platform_type: 'quick_commerce',
    platform_name: 'zepto',
    category: 'groceries',
    sub_category: 'daily_needs',
  },
  {
    mode: 'online',
    platform_type: 'grocery_app',
    platform_name: 'bigbasket',
    category: 'groceries',
    sub_category: 'monthly_groceries',
  },
  {
    mode: 'offline',
    platform_type: 'supermarket',
    platform_name: 'dmart',
    category: 'groceries',
    sub_category: 'monthly_groceries',
  },
  {
    mode: 'online',
    platform_type: 'travel_portal',
    platform_name: 'makemytrip',
    category: 'travel',
    sub_category: 'flights',
  },
  {
    mode: 'online',
    platform_type: 'travel_portal',
    platform_name: 'cleartrip',
    category: 'travel',
    sub_category: 'hotels',
  },
  {
    mode: 'online',
    platform_type: 'ride_hailing',
    platform_name: 'uber',
    category: 'travel',
    sub_category: 'cabs',
  },
  {
    mode: 'online',
    platform_type: 'ride_hailing',
    platform_name: 'ola',
    category: 'travel',
    sub_category: 'cabs',
  },
  {
    mode: 'offline',
    platform_type: 'fuel_station',
    platform_name: 'indianoil',
    category: 'fuel',
    sub_category: 'petrol',
  },
  {
    mode: 'offline',
    platform_type: 'fuel_station',
    platform_name: 'hpcl',
    category: 'fuel',
    sub_category: 'petrol',
  },
  {
    mode: 'online',
    platform_type: 'bill_payment',
    platform_name: 'cred',
    category: 'rent',
    sub_category: 'house_rent',
  },
  {
    mode: 'online',
    platform_type: 'bill_payment',
    platform_name: 'paytm',
    category: 'utilities',
    sub_category: 'electricity',
  },
  {
    mode: 'online',
    platform_type: 'wallet',
    platform_name: 'paytm',
    category: 'wallet',
    sub_category: 'wallet_load',
  },
  {
    mode: 'online',
    platform_type: 'insurer',
    platform_name: 'policybazaar',
    category: 'insurance',
    sub_category: 'health_insurance',
  },
  {
    mode: 'online',
    platform_type: 'ott',
    platform_name: 'netflix',
    category: 'entertainment',
    sub_category: 'streaming',
  },
  {
    mode: 'online',
    platform_type: 'ticketing',
    platform_name: 'bookmyshow',
    category: 'entertainment',
    sub_category: 'movies',
  },
  {
    mode: 'offline',
    platform_type: 'pharmacy',
    platform_name: 'apollo',
    category: 'health',
    sub_category: 'medicines',
  },
  {
    mode: 'online',
    platform_type: 'edtech',
    platform_name: 'byjus',
    category: 'education',
    sub_category: 'courses',
  },
];
const CATEGORIES = [...new Set(MERCHANTS.map((m) => m.category))];
const PLATFORMS = [...new Set(MERCHANTS.map((m) => m.platform_name))];
const EXCLUDABLE = ['fuel', 'rent', 'wallet', 'insurance', 'utilities', 'education'];
const FREQS = [
  'MONTHLY',
  'MONTHLY',
  'MONTHLY',
  'WEEKLY',
  'DAILY',
  'QUARTERLY',
  'YEARLY',
  'HALF_YEARLY',
] as const;

export function generateInstance(
  numCards: number,
  numEntries: number,
  k: number,
  seed: number,
): InstanceInput {
  const rnd = mulberry32(seed * 7919 + numCards * 31 + numEntries);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const sample = <T>(xs: readonly T[], n: number): T[] => {
    const copy = [...xs];
    const out: T[] = [];
    while (out.length < n && copy.length > 0)
      out.push(copy.splice(Math.floor(rnd() * copy.length), 1)[0] as T);
    return out;
  };
  const round = (v: number, step: number) => Math.max(step, Math.round(v / step) * step);

  const entries: NonNullable<InstanceInput['entries']> = [];
  for (let i = 0; i < numEntries; i++) {
    const m = MERCHANTS[i % MERCHANTS.length] as Merchant;
    const freq = pick(FREQS);
    const monthly = round(300 + rnd() ** 2 * 12000, 100);
    const factor = {
      MONTHLY: 1,
      WEEKLY: 52 / 12,
      DAILY: 30,
      QUARTERLY: 1 / 3,
      YEARLY: 1 / 12,
      HALF_YEARLY: 1 / 6,
    }[freq];
    entries.push({
      id: `e${i}`,
      label: `${m.platform_name} ${m.sub_category} ${i}`,
      amount: round(monthly / factor, 10),
      frequency: freq,
      ...m,
      product: null,
      brand: null,
    });
  }

  const cards: InstanceInput['cards'] = [];
  for (let c = 0; c < numCards; c++) {
    const capGroups: { id: string; monthly_cap_inr: number | null }[] = [];
    const wide = rnd() < 0.35 ? round(1000 + rnd() * 4000, 100) : null;
    if (wide !== null) capGroups.push({ id: 'card_wide', monthly_cap_inr: wide });
    const wideIds = wide !== null ? ['card_wide'] : [];
    const rules: InstanceInput['cards'][number]['rules'] = [];
    if (rnd() < 0.9)
      rules.push({
        conditions: {},
        rate: round(0.005 + rnd() * 0.015, 0.0025),
        cap_groups: rnd() < 0.5 ? wideIds : [],
      });
    const numAccel = int(1, 4);
    for (let r = 0; r < numAccel; r++) {
      const onPlatform = rnd() < 0.55;
      const conditions = onPlatform
        ? { platform_name: sample(PLATFORMS, int(1, 3)) }
        : {
            category: sample(
              CATEGORIES.filter((x) => !EXCLUDABLE.includes(x) || x === 'fuel'),
              int(1, 2),
            ),
          };
      const ownCap = rnd() < 0.75;
      const gid = `g${r}`;
      if (ownCap) capGroups.push({ id: gid, monthly_cap_inr: round(300 + rnd() * 4700, 50) });
      rules.push({
        conditions,
        rate: round(0.02 + rnd() * 0.08, 0.005),
        cap_groups: [...(ownCap ? [gid] : []), ...wideIds],
      });
    }
    if (rnd() < 0.85) rules.push({ conditions: { category: sample(EXCLUDABLE, int(1, 4)) }, excluded: true });
    const feeRoll = rnd();
    const annualFee =
      feeRoll < 0.3 ? 0 : feeRoll < 0.85 ? round(500 + rnd() * 4500, 250) : round(5000 + rnd() * 5000, 500);
    const milestones = Array.from({ length: rnd() < 0.4 ? int(1, 2) : 0 }, () => ({
      annual_spend: round(100000 + rnd() * 700000, 10000),
      bonus_inr: round(500 + rnd() * 9500, 100),
    }));
    cards.push({
      id: `card_${c}`,
      name: `Card ${c}`,
      issuer: pick(['hdfc', 'sbi', 'icici', 'axis', 'kotak', 'amex', 'idfc', 'au']),
      annual_fee: annualFee,
      fee_frequency: annualFee === 0 ? 'LIFETIME_FREE' : rnd() < 0.08 ? 'MONTHLY' : 'YEARLY',
      ...(annualFee > 0 && rnd() < 0.08 ? { annual_fee: round(annualFee / 12, 10) } : {}),
      fee_waiver_annual_spend: annualFee > 0 && rnd() < 0.55 ? round(100000 + rnd() * 400000, 10000) : null,
      milestones,
      rules,
      cap_groups: capGroups,
    });
  }
  return {
    cards,
    entries,
    ownedCards: rnd() < 0.4 ? [`card_${int(0, numCards - 1)}`] : [],
    compareCards: [],
    excludeCards: [],
    desiredCardCount: k,
  };
}
