import type { Section } from '@cardwise/contracts';

/**
 * Section names for /cards/:section (spec §2). Kept here rather than imported from the
 * contracts at runtime: the cards page frame is in the entry chunk, which stays free of zod.
 */
export const SECTION_NAMES = [
  'best_overall',
  'premium_pick',
  'top_cashback',
] as const satisfies readonly Section[];

/** Headings for the section pages. */
export const SECTION_INFO: Record<Section, { title: string; intro: string }> = {
  best_overall: {
    title: 'Best Overall Cards',
    intro: 'Cards that give strong value across everyday spending for most people.',
  },
  premium_pick: {
    title: 'Premium Picks',
    intro: 'High-end cards with lounge access, travel benefits and richer rewards for a higher fee.',
  },
  top_cashback: {
    title: 'Top Cashback Cards',
    intro: 'Cards that pay the most straight cashback on common spends.',
  },
};

export function isSection(value: string | undefined): value is Section {
  return (SECTION_NAMES as readonly string[]).includes(value ?? '');
}
