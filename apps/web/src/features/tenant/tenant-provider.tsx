import { UNKNOWN_TENANT_TITLE, unknownTenantText } from '@cardwise/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  type ReactNode,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { apiErrorCode, isApiError } from '../../lib/api-errors.ts';
import { DEFAULT_TENANT, pageTenant } from '../../lib/tenant.ts';
// No zod here (a structural check): the config request leaves with the first render.
import { readHeadBrand } from './head-brand.ts';
import { fetchTenantConfig } from './tenant-api.ts';
import { CompanyNameContext, FALLBACK_BRAND, TenantContext, type TenantState } from './tenant-context.ts';
import {
  applyBrandColor,
  applyColorMode,
  applyTheme,
  type ColorMode,
  initialColorMode,
  storeChosenTheme,
  storeColorMode,
  storedChosenTheme,
  storedThemeName,
  storeThemeName,
  withoutTransitions,
} from './theme.ts';

const CUSTOM_CSS_ID = 'tenant-custom-css';

export const tenantQueryKey = ['tenant'] as const;

/** Tenant custom style rules go in one <style> element, replaced (never appended) on change. */
function injectCustomCss(css: string): void {
  let element = document.getElementById(CUSTOM_CSS_ID);
  if (!css.trim()) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('style');
    element.id = CUSTOM_CSS_ID;
    document.head.appendChild(element);
  }
  // textContent, not innerHTML: the rules are CSS, never markup.
  element.textContent = css;
}

export function TenantProvider({ children }: { children: ReactNode }) {
  const slug = pageTenant().slug ?? DEFAULT_TENANT;
  const { data, error } = useQuery({
    queryKey: tenantQueryKey,
    queryFn: fetchTenantConfig,
    // A tenant that does not exist does not come into being on a second try.
    retry: (count, e) => !isUnknownTenant(e) && count < 1,
    meta: { toast: false },
  });
  // A query's answer re-renders synchronously (useQuery is an external store), and this one
  // reaches every part of the page that shows branding, banks or the theme, at the same
  // time as the page's lazily loaded parts appear: the deferred copy renders them in a
  // time-sliced transition instead of one long task.
  const config = useDeferredValue(data);
  const [colorMode, setColorModeState] = useState<ColorMode>(() => initialColorMode(slug));
  const [themeName, setThemeNameState] = useState<string | null>(() => storedThemeName(slug));
  // Whose site this is, from the served page's head (ADR 012): shown until the configuration
  // arrives, and kept if it cannot be loaded, so a partner's visitor never sees the default
  // brand's name or colour first.
  const [headBrand] = useState(readHeadBrand);
  const [chosenTheme] = useState(() => storedChosenTheme(slug));

  const theme = useMemo(() => {
    if (!config) return null;
    return config.themes.find((t) => t.name === themeName) ?? config.theme;
  }, [config, themeName]);

  // Before the browser paints: the first frame already has the tenant's colour.
  useLayoutEffect(() => {
    const root = document.documentElement;
    withoutTransitions(document, () => {
      if (theme) {
        applyTheme(root, theme, colorMode);
        return;
      }
      if (chosenTheme) {
        applyTheme(root, chosenTheme, colorMode);
        return;
      }
      applyColorMode(root, colorMode);
      // The default brand's own colour is the stylesheet's already (in both modes).
      if (headBrand.color && headBrand.color.toLowerCase() !== FALLBACK_BRAND.color) {
        applyBrandColor(root, headBrand.color, colorMode);
      }
    });
  }, [theme, chosenTheme, colorMode, headBrand]);

  // Keep the chosen theme's colours for the next visit's first frame.
  useEffect(() => {
    if (theme && themeName === theme.name) storeChosenTheme(slug, theme);
  }, [slug, theme, themeName]);

  useEffect(() => {
    if (config) injectCustomCss(config.branding.customCSS);
  }, [config]);

  const setColorMode = useCallback(
    (mode: ColorMode) => {
      storeColorMode(slug, mode);
      setColorModeState(mode);
    },
    [slug],
  );

  const setThemeName = useCallback(
    (name: string) => {
      storeThemeName(slug, name);
      setThemeNameState(name);
    },
    [slug],
  );

  const value = useMemo<TenantState>(
    () => ({
      slug,
      config: config ?? null,
      companyName: config?.branding.companyName || headBrand.companyName || FALLBACK_BRAND.companyName,
      logo: config?.branding.logo ?? null,
      description: config?.branding.description || FALLBACK_BRAND.description,
      supportEmail: config?.supportEmail || null,
      theme,
      colorMode,
      setColorMode,
      setThemeName,
    }),
    [slug, config, headBrand, theme, colorMode, setColorMode, setThemeName],
  );

  // Never another tenant's brand (README "Tenants"): an unknown partner gets a page of its own,
  // not the default brand's home page with broken sections.
  if (isUnknownTenant(error)) return <UnknownTenantPage slug={slug} />;

  return (
    <TenantContext.Provider value={value}>
      <CompanyNameContext.Provider value={value.companyName}>{children}</CompanyNameContext.Provider>
    </TenantContext.Provider>
  );
}

export function isUnknownTenant(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && apiErrorCode(error) === 'unknown_tenant';
}

function UnknownTenantPage({ slug }: { slug: string }) {
  // The route's own title ("Credit Cards | …") would name a site that is not there.
  useEffect(() => {
    document.title = UNKNOWN_TENANT_TITLE;
  });
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-6 text-foreground">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold">{UNKNOWN_TENANT_TITLE}</h1>
        <p className="mt-3 text-muted-foreground">{unknownTenantText(slug)}</p>
      </div>
    </main>
  );
}
