import { type BankDto, OWN_BRAND_CODE } from '@cardwise/contracts';

/** The product's own brand, listed with the banks for branding (spec §3 bank list). */
export const OWN_BRAND: BankDto = {
  code: OWN_BRAND_CODE,
  name: 'Cardwise',
  logoUrl: null,
  primaryColor: '#c2410c',
  description: 'Credit card comparison for India: the exact best cards for your own spending.',
};

export interface TenantSeed {
  id: string;
  company_name: string;
  logo: string | null;
  custom_css: string;
  description: string;
  theme: string;
  support_email: string;
  complete_journey_banks: string;
  is_default: boolean;
  /** null: every bank of the catalogue. */
  bank_codes: string[] | null;
}

// Advance widths of Helvetica Bold (Arial Bold has the same metrics), per 1,000 of the font size;
// any other character counts as 556, the width of most lower-case letters and of the digits.
const BOLD_WIDTHS = new Map(
  (
    [
      [278, 'ijlI '],
      [333, 'ft'],
      [389, 'r'],
      [500, 'z'],
      [611, 'bdghnopquFLTZ'],
      [667, 'EPSVXY'],
      [722, 'ABCDHKNRU'],
      [778, 'wGOQ'],
      [833, 'M'],
      [889, 'm'],
      [944, 'W'],
    ] as const
  ).flatMap(([width, chars]) => [...chars].map((c) => [c, width] as const)),
);

// The wordmark is set to its length in Arial Bold, so the canvas ends where the name does
// whatever font the device substitutes: the dark theme's white plate behind the logo then has
// even margins, and a wider fallback font never runs past the edge.
const NAME_PX = 18;
const svgLogo = (text: string, bg: string) => {
  const ems = [...text].reduce((sum, c) => sum + (BOLD_WIDTHS.get(c) ?? 556), 0) / 1000;
  const wordmark = Math.ceil(ems * NAME_PX);
  const width = 50 + wordmark + 4;
  return `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40"><rect width="40" height="40" rx="10" fill="${bg}"/><text x="20" y="27" font-family="Arial, sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${text[0]}</text><text x="50" y="27" font-family="Arial, sans-serif" font-size="${NAME_PX}" font-weight="700" fill="${bg}" textLength="${wordmark}">${text}</text></svg>`,
  )}`;
};

export const TENANT_SEEDS: TenantSeed[] = [
  {
    id: 'cardwise',
    company_name: 'Cardwise',
    logo: svgLogo('Cardwise', '#c2410c'),
    custom_css: '',
    description: OWN_BRAND.description ?? '',
    theme: 'default',
    support_email: 'feedback@cardwise.in',
    // The one bank with a complete in-product application journey (spec §2, bank slug `hdfc`).
    complete_journey_banks: 'HDFC',
    is_default: true,
    bank_codes: null,
  },
  {
    // A partner brand: its own name, logo, style rules, theme and a shorter bank list.
    id: 'paisapal',
    company_name: 'PaisaPal Money',
    logo: svgLogo('PaisaPal', '#0e7490'),
    custom_css: '.brand-name { letter-spacing: 0.02em; }',
    description: 'PaisaPal Money helps its members pick cards from the banks it partners with.',
    theme: 'ocean',
    support_email: 'cards@paisapal.example',
    complete_journey_banks: 'HDFC',
    is_default: false,
    bank_codes: ['hdfc', 'icici', 'axis', 'kotak', 'idfc_first', 'au'],
  },
];
