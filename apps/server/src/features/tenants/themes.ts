import type { ThemeColors, ThemeDto, ThemeName } from '@cardwise/contracts';

// Six themes a tenant can pick; each has light and dark colours (spec §3 "Tenant and theme").
// A description says what the theme looks like, never whose it is or whom it is for: every
// tenant's visitors read them on its /tenant-settings page (a partner's would otherwise be
// told of "the Cardwise look"). The seed rewrites them in the database at every start.
// Foreground/background pairs were chosen for WCAG AA contrast on body text (test/tenant-themes.test.ts
// checks every text/surface pair of every theme in both modes). The accent is a
// tinted surface (active nav item, tags): a pale tint in light mode, a deep one in dark mode,
// so it never glares on the dark background (the web app picks readable text on it).
const neutralLight = {
  background: '#ffffff',
  foreground: '#0f172a',
  muted: '#f1f5f9',
  mutedForeground: '#475569',
  card: '#ffffff',
  border: '#e2e8f0',
};
const neutralDark = {
  background: '#0b1120',
  foreground: '#e2e8f0',
  muted: '#1e293b',
  mutedForeground: '#94a3b8',
  card: '#111827',
  border: '#1f2937',
};

function theme(
  name: ThemeName,
  description: string,
  primaryLight: string,
  primaryDark: string,
  accent: { light: string; dark: string },
  overrides: { light?: Partial<ThemeColors>; dark?: Partial<ThemeColors> } = {},
): ThemeDto {
  return {
    name,
    description,
    primaryColor: primaryLight,
    light: {
      ...neutralLight,
      primary: primaryLight,
      primaryForeground: '#ffffff',
      accent: accent.light,
      ...overrides.light,
    },
    dark: {
      ...neutralDark,
      primary: primaryDark,
      primaryForeground: '#0b1120',
      accent: accent.dark,
      ...overrides.dark,
    },
  };
}

export const THEMES: ThemeDto[] = [
  theme('default', 'Warm orange on clean white.', '#c2410c', '#fb923c', {
    light: '#fff7ed',
    dark: '#431407',
  }),
  theme('corporate', 'Sober navy and grey.', '#1e3a8a', '#93c5fd', {
    light: '#eff6ff',
    dark: '#172554',
  }),
  theme('vibrant', 'Bold magenta.', '#be185d', '#f472b6', {
    light: '#fdf2f8',
    dark: '#500724',
  }),
  theme(
    'minimal',
    'Near-monochrome, content first.',
    '#18181b',
    '#e4e4e7',
    { light: '#f4f4f5', dark: '#27272a' },
    {
      dark: { primaryForeground: '#18181b' },
    },
  ),
  theme('ocean', 'Calm teal and blue.', '#0e7490', '#67e8f9', { light: '#ecfeff', dark: '#083344' }),
  theme('sunset', 'Amber to rose warmth.', '#b45309', '#fbbf24', { light: '#fffbeb', dark: '#451a03' }),
];
