import { useQuery } from '@tanstack/react-query';
import { ArrowRight, ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../lib/notify.ts';
import { CardSkeleton } from '../cards/card-skeleton.tsx';
import { CardTile } from '../cards/card-tile.tsx';
import { cardKeys, fetchFeaturedCards } from '../cards/cards-api.ts';

/** Spec §9: featured cards shown at first. */
export const FEATURED_SHOWN = 2;

/** Spec §2 featured cards with the §8 texts for failure and emptiness. */
export function FeaturedCards() {
  const featured = useQuery({
    queryKey: cardKeys.featured,
    queryFn: fetchFeaturedCards,
    meta: { toast: false },
  });
  const [showAll, setShowAll] = useState(false);

  useEffect(() => {
    if (featured.isError) {
      console.error('Failed to load featured cards', featured.error);
      notify('Unable to load cards', "We couldn't load the featured cards. Please try again later.");
    }
  }, [featured.isError, featured.error]);

  const cards = featured.data ?? [];
  const shown = showAll ? cards : cards.slice(0, FEATURED_SHOWN);

  return (
    <section aria-labelledby="featured-heading" className="container-page py-14">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="featured-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Featured Cards
          </h2>
          <p className="mt-1 text-muted-foreground">
            Cards our editors think are worth a close look right now.
          </p>
        </div>
        <Link to="/cards" className="btn-outline">
          View all cards <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>

      {featured.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <CardSkeleton />
          <CardSkeleton />
          <CardSkeleton />
        </div>
      ) : featured.isError ? (
        <div role="alert" className="rounded-2xl border border-border bg-card p-8 text-center">
          <p className="font-semibold">Failed to load featured cards</p>
          <button type="button" className="btn-primary mt-4" onClick={() => window.location.reload()}>
            Try again
          </button>
        </div>
      ) : cards.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-border bg-card p-8 text-center">
          <p className="font-semibold">No Cards Available</p>
          <p className="mt-1 text-sm text-muted-foreground">No featured cards available at the moment.</p>
        </div>
      ) : (
        <>
          {/* Two tiles (spec §9) in the wide screen's three columns left a column's hole beside
              them: until more are shown they share two columns, centred under the heading. */}
          <div
            className={`grid gap-6 sm:grid-cols-2 ${shown.length > FEATURED_SHOWN ? 'lg:grid-cols-3' : 'lg:mx-auto lg:max-w-4xl'}`}
          >
            {shown.map((card) => (
              <CardTile key={card.id} card={card} />
            ))}
          </div>
          {cards.length > FEATURED_SHOWN ? (
            <div className="mt-6 text-center">
              <button
                type="button"
                className="btn-ghost"
                onClick={() => setShowAll((v) => !v)}
                aria-expanded={showAll}
              >
                {showAll ? 'Show fewer' : `Show ${cards.length - FEATURED_SHOWN} more`}
                <ChevronDown
                  className={`size-4 transition ${showAll ? 'rotate-180' : ''}`}
                  aria-hidden="true"
                />
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
