import { hexChannels, readableOn, type ThemeColors, type ThemeDto } from '@cardwise/contracts';
import { readStorage, tenantKey, writeStorage } from '../../lib/storage.ts';

export type ColorMode = 'light' | 'dark';

/**
 * What visitors read for a theme. The identifiers are the spec's (`default`, `ocean`, …) and
 * stay in the API and in storage, but on a partner's site whose own theme is Ocean a choice
 * called "Default" reads as the site's default when it is the orange one, so `default` is
 * shown as "Classic" and the tenant's own theme is marked as the site's default instead.
 */
export function themeDisplayName(name: string): string {
  if (name === 'default') return 'Classic';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Theme colour → CSS variable the stylesheet maps into Tailwind's palette (styles.css). */
const VARIABLES: Record<keyof ThemeColors, string> = {
  primary: '--cw-primary',
  primaryForeground: '--cw-primary-foreground',
  background: '--cw-background',
  foreground: '--cw-foreground',
  muted: '--cw-muted',
  mutedForeground: '--cw-muted-foreground',
  card: '--cw-card',
  border: '--cw-border',
  accent: '--cw-accent',
};

/** Bare "222 47% 11%" triplets (a common theme format) need wrapping to be CSS colours. */
export function toCssColor(value: string): string {
  const v = value.trim();
  return /^\d+(?:\.\d+)?(?:deg)?\s+\d+(?:\.\d+)?%\s+\d+(?:\.\d+)?%$/.test(v) ? `hsl(${v})` : v;
}

export function applyThemeColors(root: HTMLElement, colors: ThemeColors): void {
  for (const [key, variable] of Object.entries(VARIABLES) as [keyof ThemeColors, string][]) {
    const value = colors[key];
    if (value) root.style.setProperty(variable, toCssColor(value));
  }
  root.style.setProperty('--cw-accent-foreground', readableOn(colors.accent, toCssColor(colors.foreground)));
}

export function applyColorMode(root: HTMLElement, mode: ColorMode): void {
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
}

/**
 * Runs a colour change with CSS transitions off for its frame, as next-themes' option does. A
 * switch otherwise animated every control with a colour transition at once (about 250 on the
 * cards page), and for a moment mixed light text on still-light buttons.
 */
export function withoutTransitions(doc: Document, change: () => void): void {
  const style = doc.createElement('style');
  style.textContent = '*,*::before,*::after{transition:none!important}';
  doc.head.appendChild(style);
  try {
    change();
  } finally {
    // Reading a computed style applies the new colours while transitions are still off.
    void doc.defaultView?.getComputedStyle(doc.body).color;
    setTimeout(() => style.remove(), 1);
  }
}

export function applyTheme(root: HTMLElement, theme: ThemeDto, mode: ColorMode): void {
  applyThemeColors(root, mode === 'dark' ? theme.dark : theme.light);
  applyColorMode(root, mode);
}

function colorModeKey(tenant: string): string {
  return tenantKey(tenant, 'color-mode');
}

function themeKey(tenant: string): string {
  return tenantKey(tenant, 'theme');
}

export function systemColorMode(): ColorMode {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

/** Spec §4: the stored choice for this tenant, else the system preference. */
export function initialColorMode(tenant: string): ColorMode {
  const stored = readStorage(colorModeKey(tenant));
  return stored === 'dark' || stored === 'light' ? stored : systemColorMode();
}

export function storeColorMode(tenant: string, mode: ColorMode): void {
  writeStorage(colorModeKey(tenant), mode);
}

export function storedThemeName(tenant: string): string | null {
  return readStorage(themeKey(tenant));
}

export function storeThemeName(tenant: string, name: string): void {
  writeStorage(themeKey(tenant), name);
}

function chosenThemeKey(tenant: string): string {
  return tenantKey(tenant, 'theme-colors');
}

const COLOR_KEYS = Object.keys(VARIABLES) as (keyof ThemeColors)[];

function isThemeColors(value: unknown): value is ThemeColors {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return COLOR_KEYS.every((key) => typeof record[key] === 'string');
}

/**
 * The colours of the theme a visitor chose, as the server last sent them: themes come with
 * GET /api/tenant, so without this copy the page showed the tenant's own theme until the
 * configuration arrived and then switched to the chosen one. The configuration, once here,
 * still decides (a theme the tenant changed or removed).
 */
export function storedChosenTheme(tenant: string): ThemeDto | null {
  const name = storedThemeName(tenant);
  const raw = readStorage(chosenThemeKey(tenant));
  if (!name || !raw) return null;
  try {
    const theme: unknown = JSON.parse(raw);
    if (typeof theme !== 'object' || theme === null) return null;
    const t = theme as Record<string, unknown>;
    if (t.name !== name || !isThemeColors(t.light) || !isThemeColors(t.dark)) return null;
    return theme as ThemeDto;
  } catch {
    return null;
  }
}

export function storeChosenTheme(tenant: string, theme: ThemeDto): void {
  writeStorage(chosenThemeKey(tenant), JSON.stringify(theme));
}

/** `weight` of `color` mixed with the rest of `base`, in sRGB; both `#rgb`/`#rrggbb`. */
export function mixHex(color: string, base: string, weight: number): string | null {
  const a = hexChannels(color);
  const b = hexChannels(base);
  if (!a || !b) return null;
  return `#${a
    .map((c, i) => Math.round(c * weight + (b[i] ?? 0) * (1 - weight)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * Until the tenant's theme arrives (or when GET /api/tenant fails), its brand colour from the
 * served page's `theme-color` (ADR 012) stands in for the stylesheet's default orange: the
 * primary colour and the accent tint derived from it, the rest (neutral) left to the
 * stylesheet. The colour is the theme's light primary; dark mode gets a lighter mix of it, as
 * the themes' own dark primaries are. Not a hex colour: nothing is changed.
 */
export function applyBrandColor(root: HTMLElement, color: string, mode: ColorMode): void {
  const primary = mode === 'dark' ? mixHex(color, '#ffffff', 0.55) : mixHex(color, '#000000', 1);
  const accent = mode === 'dark' ? mixHex(color, '#0b1120', 0.25) : mixHex(color, '#ffffff', 0.1);
  if (!primary || !accent) return;
  root.style.setProperty('--cw-primary', primary);
  root.style.setProperty(
    '--cw-primary-foreground',
    mode === 'dark' ? '#0b1120' : readableOn(primary, '#ffffff'),
  );
  root.style.setProperty('--cw-accent', accent);
  root.style.setProperty(
    '--cw-accent-foreground',
    readableOn(accent, mode === 'dark' ? '#f8fafc' : '#0f172a'),
  );
}
