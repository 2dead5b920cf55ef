import { SECTIONS, type Section } from '@cardwise/contracts';

/** Headings for the /cards/:section pages (spec §2: best_overall, premium_pick, top_cashback). */
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
  return (SECTIONS as readonly string[]).includes(value ?? '');
}
