import type { TenantConfig, ThemeDto } from '@cardwise/contracts';
import { createContext, useContext } from 'react';
import type { ColorMode } from './theme.ts';

export interface TenantState {
  /** The tenant slug used for per-tenant storage ('default' for the product's own). */
  slug: string;
  /**
   * Null until GET /api/tenant answers (or when it failed: the shell then shows the name and
   * colour of the served page's head, see head-brand.ts).
   */
  config: TenantConfig | null;
  companyName: string;
  logo: string | null;
  description: string;
  supportEmail: string | null;
  theme: ThemeDto | null;
  colorMode: ColorMode;
  setColorMode: (mode: ColorMode) => void;
  setThemeName: (name: string) => void;
}

/**
 * The built brand: shown before the tenant configuration arrives, and if it cannot be loaded,
 * where the served page's head names no brand (see head-brand.ts). `color` is the stylesheet's
 * own primary colour (styles.css) and the built index.html's theme-color.
 */
export const FALLBACK_BRAND = {
  companyName: 'Cardwise',
  color: '#c2410c',
  description:
    'Credit card comparison for India: fees with GST, reward rates, caps and benefits in plain words.',
};

export const TenantContext = createContext<TenantState | null>(null);

/**
 * The company name alone, for the page title of every page (usePageTitle): a string, so
 * a page does not re-render when the tenant configuration arrives with the same name.
 * That re-render was synchronous (the configuration comes from a query) and took the
 * page's lazily loaded parts with it.
 */
export const CompanyNameContext = createContext<string>(FALLBACK_BRAND.companyName);

export function useCompanyName(): string {
  return useContext(CompanyNameContext);
}

export function useTenant(): TenantState {
  const state = useContext(TenantContext);
  if (!state) throw new Error('useTenant must be used inside <TenantProvider>');
  return state;
}
