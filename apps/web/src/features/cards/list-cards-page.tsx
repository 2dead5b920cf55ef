import { ListCards } from './list-cards.tsx';

/** /cards: every card, filtered by the URL's search params. */
export default function ListCardsPage() {
  return <ListCards section={null} />;
}
