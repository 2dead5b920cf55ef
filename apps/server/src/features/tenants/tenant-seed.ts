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

const svgLogo = (text: string, bg: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="40" height="40" rx="10" fill="${bg}"/><text x="20" y="27" font-family="Arial, sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${text[0]}</text><text x="50" y="27" font-family="Arial, sans-serif" font-size="18" font-weight="700" fill="${bg}">${text}</text></svg>`,
  )}`;

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
