import { contrastRatio, luminance, readableOn } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { toCssColor } from './theme.ts';

describe('theme colours', () => {
  it('wraps bare HSL triplets', () => {
    expect(toCssColor('222 47% 11%')).toBe('hsl(222 47% 11%)');
    expect(toCssColor('#c2410c')).toBe('#c2410c');
  });

  it('picks readable text for the accent, whatever the mode', () => {
    expect(readableOn('#fff7ed', '#e2e8f0')).toBe('#0f172a');
    expect(readableOn('#2a1a10', '#0f172a')).toBe('#f8fafc');
    expect(readableOn('oklch(0.9 0.1 50)', 'var(--x)')).toBe('var(--x)');
    expect(luminance('#fff')).toBeCloseTo(1);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#777777')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#c2410c', '#c2410c')).toBe(1);
    expect(contrastRatio('oklch(0.9 0.1 50)', '#fff')).toBeNull();
  });
});
