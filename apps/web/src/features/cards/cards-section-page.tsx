import { Navigate, useParams } from 'react-router';
import { CardsPageFrame } from './cards-page-frame.tsx';
import { isSection } from './sections.ts';

/**
 * /cards/:section for best_overall, premium_pick and top_cashback. Anything else is read as a card
 * id: the spec's featured cards link to /cards/{id} (platform spec §2), and the card page is
 * /card/{id}, which says "not found" for an id that is not a card.
 */
export function CardsSectionPage() {
  const { section } = useParams();
  if (!isSection(section)) return <Navigate to={`/card/${encodeURIComponent(section ?? '')}`} replace />;
  return <CardsPageFrame key={section} section={section} />;
}
