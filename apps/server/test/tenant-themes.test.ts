import type { ThemeColors } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { THEMES } from '../src/features/tenants/themes.ts';

// WCAG 2.2's relative luminance and contrast ratio, written from the definition: the test's oracle.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// The text/surface pairs the pages draw: body and muted text on every surface, the primary
// colour as button fill and as link/heading text, text on the accent tint (active nav, tags).
const PAIRS: [text: keyof ThemeColors, surface: keyof ThemeColors][] = [
  ['foreground', 'background'],
  ['foreground', 'card'],
  ['foreground', 'muted'],
  ['foreground', 'accent'],
  ['mutedForeground', 'background'],
  ['mutedForeground', 'card'],
  ['mutedForeground', 'muted'],
  ['primaryForeground', 'primary'],
  ['primary', 'background'],
  ['primary', 'card'],
  ['primary', 'accent'],
];

describe('tenant themes', () => {
  // A partner picks one of these for its visitors: every pair must stay readable in both
  // modes (WCAG AA for body text, 4.5:1), whichever theme an operator chooses.
  const cases = THEMES.flatMap((theme) =>
    (['light', 'dark'] as const).flatMap((mode) =>
      PAIRS.map(([text, surface]) => ({ name: theme.name, mode, text, surface, colors: theme[mode] })),
    ),
  );

  it.each(cases)('$name $mode: $text on $surface reaches 4.5:1', ({ text, surface, colors }) => {
    expect(colors[text]).toMatch(/^#[0-9a-f]{6}$/i);
    expect(colors[surface]).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrast(colors[text], colors[surface])).toBeGreaterThanOrEqual(4.5);
  });

  it('the oracle agrees with WCAG’s reference values', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
  });
});
