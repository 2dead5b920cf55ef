import { CardsPageFrame } from './cards-page-frame.tsx';

/** /cards: every card, filtered by the URL's search params. */
export function ListCardsPage() {
  return <CardsPageFrame section={null} />;
}
