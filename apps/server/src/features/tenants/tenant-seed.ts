import { type BankDto, OWN_BRAND_CODE } from '@cardwise/contracts';

/** The product's own brand, listed with the banks for branding (spec §3 bank list). */
export const OWN_BRAND: BankDto = {
  code: OWN_BRAND_CODE,
  name: 'Cardwise',
  logoUrl: null,
  primaryColor: '#c2410c',
  description: 'Independent credit card comparison for India: the exact best cards for your own spending.',
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

// Advance widths of Helvetica Bold (Arial Bold has the same metrics), per 1,000 of the font size.
const BOLD_WIDTHS: Record<string, number> = {
  ...Object.fromEntries([...'abcdeghknopqsuvxyz'].map((c) => [c, 556])),
  ...Object.fromEntries([...'bdghnopqu'].map((c) => [c, 611])),
  ...Object.fromEntries([...'fijlt'].map((c) => [c, c === 'f' || c === 't' ? 333 : 278])),
  m: 889,
  r: 389,
  w: 778,
  z: 500,
  I: 278,
  J: 556,
  M: 833,
  W: 944,
  ' ': 278,
};
const boldWidth = (c: string) => BOLD_WIDTHS[c] ?? (c === c.toUpperCase() ? 722 : 556);

// The wordmark is set to its length in Arial Bold, so the canvas ends where the name does
// whatever font the device substitutes: the dark theme's white plate behind the logo then has
// even margins, and a wider fallback font never runs past the edge.
const svgLogo = (text: string, bg: string) => {
  const wordmark = Math.ceil([...text].reduce((sum, c) => sum + boldWidth(c), 0) * 0.018);
  const width = 50 + wordmark + 4;
  return `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40"><rect width="40" height="40" rx="10" fill="${bg}"/><text x="20" y="27" font-family="Arial, sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${text[0]}</text><text x="50" y="27" font-family="Arial, sans-serif" font-size="18" font-weight="700" fill="${bg}" textLength="${wordmark}">${text}</text></svg>`,
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
