import { useParams } from 'react-router';
import { NotFound } from '../placeholders/not-found-page.tsx';
import { CardsPageFrame } from './cards-page-frame.tsx';
import { isSection } from './sections.ts';

/** /cards/:section for best_overall, premium_pick and top_cashback; anything else is not found. */
export function CardsSectionPage() {
  const { section } = useParams();
  if (!isSection(section)) return <NotFound />;
  return <CardsPageFrame key={section} section={section} />;
}
