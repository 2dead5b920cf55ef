import { contrastRatio, readableOn, type ThemeColors } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { THEMES } from '../src/features/tenants/themes.ts';

/** The text colour the web app draws on a surface: the accent's is picked for it (readableOn). */
const textColor = (colors: ThemeColors, text: keyof ThemeColors | 'accentForeground') =>
  text === 'accentForeground' ? readableOn(colors.accent, colors.foreground) : colors[text];

// The text/surface pairs the pages draw: body and muted text on every surface, the primary
// colour as button fill and as link, heading and icon colour, the accent tint's own text.
const PAIRS: [text: keyof ThemeColors | 'accentForeground', surface: keyof ThemeColors][] = [
  ['foreground', 'background'],
  ['foreground', 'card'],
  ['foreground', 'muted'],
  ['mutedForeground', 'background'],
  ['mutedForeground', 'card'],
  ['mutedForeground', 'muted'],
  ['primaryForeground', 'primary'],
  ['primary', 'background'],
  ['primary', 'card'],
  ['primary', 'accent'],
  ['accentForeground', 'accent'],
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
    // null (a colour that is not #rrggbb) fails the comparison too.
    expect(contrastRatio(textColor(colors, text), colors[surface])).toBeGreaterThanOrEqual(4.5);
  });
});
