import type { ThemeColors, ThemeDto, ThemeName } from '@cardwise/contracts';

// Six themes a tenant can pick; each has light and dark colours (spec §3 "Tenant and theme").
// Foreground/background pairs were chosen for WCAG AA contrast on body text.
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
  accent: string,
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
      accent,
      ...overrides.light,
    },
    dark: { ...neutralDark, primary: primaryDark, primaryForeground: '#0b1120', accent, ...overrides.dark },
  };
}

export const THEMES: ThemeDto[] = [
  theme('default', 'Warm orange on clean white: the Cardwise look.', '#c2410c', '#fb923c', '#fff7ed'),
  theme('corporate', 'Sober navy and grey for banks and enterprises.', '#1e3a8a', '#93c5fd', '#eff6ff'),
  theme('vibrant', 'Bold magenta for consumer brands.', '#be185d', '#f472b6', '#fdf2f8'),
  theme('minimal', 'Near-monochrome, content first.', '#18181b', '#e4e4e7', '#f4f4f5', {
    dark: { primaryForeground: '#18181b' },
  }),
  theme('ocean', 'Calm teal and blue.', '#0e7490', '#67e8f9', '#ecfeff'),
  theme('sunset', 'Amber to rose warmth.', '#b45309', '#fbbf24', '#fffbeb'),
];
