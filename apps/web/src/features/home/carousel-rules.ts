import type { Section } from '@cardwise/contracts';

/** Spec §9: carousel indicators shown at once. */
export const DOT_WINDOW = 5;
/** Spec §9: highlights shown for the current sponsored card. */
export const HERO_HIGHLIGHTS = 2;

/** Spec §4: the index moves with wrap-around. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** Spec §4: the dots show a slice of 5 around the current card. */
export function dotWindow(index: number, count: number, size = DOT_WINDOW): number[] {
  const shown = Math.min(size, count);
  const start = Math.min(Math.max(0, index - Math.floor(size / 2)), Math.max(0, count - shown));
  return Array.from({ length: shown }, (_, i) => start + i);
}

/** Spec §2: 'best overall' for the first card, 'premium pick' for the second, 'top cashback' for the rest. */
export function badgeFor(index: number): { label: string; section: Section } {
  if (index === 0) return { label: 'best overall', section: 'best_overall' };
  if (index === 1) return { label: 'premium pick', section: 'premium_pick' };
  return { label: 'top cashback', section: 'top_cashback' };
}
