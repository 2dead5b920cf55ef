import type {
  Application,
  ApplicationDocument,
  CardDetail,
  CardSummary,
  Profile,
  TenantConfig,
} from '@cardwise/contracts';
import { profileSchema } from '@cardwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { saveSession } from '../features/accounts/session-store.ts';
import { EMPTY_SELECTION } from '../features/spending/category-levels.ts';
import type { SpendingEntry } from '../features/spending/spending-entry.ts';
import {
  CompanyNameContext,
  FALLBACK_BRAND,
  TenantContext,
  type TenantState,
} from '../features/tenant/tenant-context.ts';

/** The reference of `applicationFixture`'s application. */
export const APPLICATION_REFERENCE = 'CW-2026-ABCD2345';

/**
 * Application 7 as the server returns it: a draft at personal_details with no saved sections,
 * then `over`, and the application data's sections from `data`.
 */
export function applicationFixture(
  over: Partial<Application> = {},
  data: Partial<Application['application_data']> = {},
): Application {
  return {
    id: 7,
    reference_id: APPLICATION_REFERENCE,
    application_number: APPLICATION_REFERENCE,
    card: 'hdfc_millennia',
    card_details: null,
    status: 'draft',
    current_step: 'personal_details',
    created_at: '2026-11-25T10:00:00Z',
    updated_at: '2026-11-25T10:00:00Z',
    submitted_at: null,
    user: 'u1',
    steps: [],
    step_logs: [],
    ...over,
    application_data: { personal_details: null, employment_details: null, kyc_documents: [], ...data },
  };
}

/** A stored KYC document of application 7 (a PNG named after its type unless `over` says). */
export function documentFixture(
  type: ApplicationDocument['document_type'],
  over: Partial<ApplicationDocument> = {},
): ApplicationDocument {
  return {
    document_type: type,
    file_url: `/api/leads/applications/7/documents/${type}/file`,
    file_name: `${type}.png`,
    mime_type: 'image/png',
    file_size: 8,
    sha256: 'x',
    // Recent whenever the tests run: a document older than 90 days is marked as too old to
    // submit (ADR 026), which no test means unless it says so.
    uploaded_at: new Date(Date.now() - 12 * 24 * 60 * 60 * 1000).toISOString(),
    is_verified: false,
    ...over,
  };
}

/** A JSON answer, as a stubbed fetch returns it. */
/** A profile of the signed-in account (Meera, u1): every field empty but the ones given. */
export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  const empty = Object.fromEntries(Object.keys(profileSchema.shape).map((k) => [k, null]));
  return profileSchema.parse({
    ...empty,
    id: 'p1',
    user: { id: 'u1', email: 'meera@example.com', username: 'meera', full_name: 'Meera Iyer' },
    referral_code: 'MEERA123',
    permanent_address_same: false,
    is_kyc_verified: false,
    consent_for_credit_check: false,
    consent_shared: false,
    marketing_consent: false,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  });
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Signs user u1 in as the app does after a login (its stored session), for hooks that need one. */
export function signInForTest(): void {
  saveSession({ access: 'token', user_id: 'u1', email: 'a@example.in', name: 'A' });
}

/** A spending entry as the server stores it: an amount, monthly, no category chosen. */
export function spendingEntryFixture(
  id: string,
  amount: number,
  over: Partial<SpendingEntry> = {},
): SpendingEntry {
  return {
    id,
    amount,
    ...EMPTY_SELECTION,
    brand: null,
    frequency: 'MONTHLY',
    payment_method: 'other',
    transaction_type: null,
    ...over,
  };
}

export function cardSummary(overrides: Partial<CardSummary> = {}): CardSummary {
  return {
    id: 'swiggy_hdfc',
    name: 'Swiggy HDFC Bank Credit Card',
    bank: 'hdfc',
    bank_name: 'HDFC Bank',
    issuer_name: 'HDFC Bank',
    bank_color: '#004C8F',
    network: 'Mastercard',
    fee: 500,
    annual_fee: 500,
    fee_frequency: 'YEARLY',
    joining_fee: 500,
    image_url: null,
    apply_url: 'https://bank.example/apply',
    affiliated_url: false,
    highlights: ['10% on Swiggy', '5% online', '1% elsewhere', 'Swiggy One'],
    tags: [],
    sections: [],
    status: 1,
    card_type: 'CREDIT_CARD',
    is_active: true,
    by_invitation: false,
    ...overrides,
  };
}

/** A card's details as GET cards/{id} returns them: the summary plus empty detail fields. */
export function cardDetailFixture(overrides: Partial<CardDetail> = {}): CardDetail {
  return {
    ...cardSummary(),
    fee_waiver_annual_spend: null,
    waiver_condition: null,
    milestones: [],
    rules: [],
    cap_groups: [],
    interest_rate: null,
    min_income: null,
    credit_score: null,
    bank_page_url: null,
    know_more_urls: [],
    benefits: [],
    description: null,
    eligibility: null,
    welcome_bonus: null,
    lounge_access: null,
    fuel_surcharge_waiver: null,
    reward_point_value_inr: null,
    points_redeemable_only_on: null,
    points_value_elsewhere_inr: null,
    forex_markup_rate: null,
    reward_type: 'cashback',
    editorial_rationale: null,
    sources: [],
    as_of: '2026-01',
    uncertain: [],
    ...overrides,
  };
}

export function tenantConfig(overrides: Partial<TenantConfig> = {}): TenantConfig {
  const colors = {
    primary: '#c2410c',
    primaryForeground: '#fff',
    background: '#fff',
    foreground: '#0f172a',
    muted: '#f1f5f9',
    mutedForeground: '#475569',
    card: '#fff',
    border: '#e2e8f0',
    accent: '#fff7ed',
  };
  const theme = {
    name: 'default' as const,
    description: 'd',
    primaryColor: '#c2410c',
    light: colors,
    dark: colors,
  };
  return {
    slug: 'cardwise',
    branding: { logo: null, companyName: 'Cardwise', customCSS: '', description: 'x' },
    theme,
    themes: [theme],
    banks: [],
    completeJourneyBanks: 'HDFC',
    supportEmail: 'help@example.in',
    ...overrides,
  };
}

export function tenantState(config: TenantConfig | null = tenantConfig()): TenantState {
  return {
    slug: 'default',
    config,
    companyName: config?.branding.companyName ?? FALLBACK_BRAND.companyName,
    logo: null,
    description: FALLBACK_BRAND.description,
    supportEmail: null,
    theme: config?.theme ?? null,
    colorMode: 'light',
    setColorMode: () => {},
    setThemeName: () => {},
  };
}

/**
 * Tenant, query client (no retries) and tooltip provider, as the app gives every page; also a
 * `renderHook` wrapper. The client is made once per mount, so a re-render keeps its cache.
 */
export function Providers({ children, config }: { children: ReactNode; config?: TenantConfig | null }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const tenant = tenantState(config === undefined ? tenantConfig() : config);
  return (
    <QueryClientProvider client={client}>
      <TenantContext.Provider value={tenant}>
        <CompanyNameContext.Provider value={tenant.companyName}>
          <Tooltip.Provider>{children}</Tooltip.Provider>
        </CompanyNameContext.Provider>
      </TenantContext.Provider>
    </QueryClientProvider>
  );
}
