import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from '../layout/use-page-title.ts';

export function NotFound({
  title = 'Page not found',
  message = 'The page you are looking for does not exist or has moved.',
  cardsLabel = 'Browse Cards',
}: {
  title?: string;
  message?: string;
  /** The link to /cards: a missing card's page names it as the card pages' back link does. */
  cardsLabel?: string;
}) {
  usePageTitle(title);
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <span className="mb-5 inline-flex size-14 items-center justify-center rounded-full bg-accent text-primary">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go home
        </Link>
        <Link to="/cards" className="btn-outline">
          {cardsLabel}
        </Link>
      </div>
    </section>
  );
}

export default NotFound;
