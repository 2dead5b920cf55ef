import { useQuery } from '@tanstack/react-query';
import { Award, Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApplyButton } from '../cards/apply-button.tsx';
import { CardBanner } from '../cards/card-banner.tsx';
import { cardPath } from '../cards/card-tile.tsx';
import { cardKeys, fetchSponsoredCards } from '../cards/cards-api.ts';
import { TooltipProvider } from '../layout/tooltip-provider.tsx';
import { badgeFor, dotWindow, HERO_HIGHLIGHTS, wrapIndex } from './carousel-rules.ts';

/** Spec §2 hero carousel of sponsored cards. Loaded after the hero's text has painted. */
export default function SponsoredCarousel() {
  const sponsored = useQuery({
    queryKey: cardKeys.sponsored,
    queryFn: fetchSponsoredCards,
    meta: { toast: false },
  });
  const [position, setPosition] = useState(0);
  const navigate = useNavigate();

  if (sponsored.isPending)
    return (
      <CarouselFrame>
        <div className="skeleton aspect-[1.586] w-full rounded-2xl" />
      </CarouselFrame>
    );
  if (sponsored.isError) {
    return (
      <CarouselFrame>
        <p
          role="alert"
          className="rounded-2xl border border-border bg-background p-6 text-center text-sm font-medium"
        >
          Failed to load sponsored cards
        </p>
      </CarouselFrame>
    );
  }
  const cards = sponsored.data;
  if (cards.length === 0) {
    return (
      <CarouselFrame>
        <p className="rounded-2xl border border-dashed border-border bg-background p-6 text-center text-sm text-muted-foreground">
          No sponsored cards available
        </p>
      </CarouselFrame>
    );
  }

  const index = wrapIndex(position, cards.length);
  const card = cards[index] ?? cards[0];
  if (!card) return null;
  const badge = badgeFor(index);
  const go = (to: number) => setPosition(wrapIndex(to, cards.length));

  return (
    <TooltipProvider>
      <CarouselFrame>
        <section aria-roledescription="carousel" aria-label="Sponsored cards" className="flex flex-col gap-4">
          <div className="flex items-center justify-between gap-2">
            {/* A 44 px tall button around the 24 px pill: the negative margin keeps the row's height. */}
            <button
              type="button"
              onClick={() => navigate(`/cards/${badge.section}`)}
              className="group -my-2.5 inline-flex min-h-11 items-center rounded-full focus-visible:outline-none"
            >
              <span className="inline-flex items-center gap-1.5 rounded-full bg-gradient-to-r from-amber-300 to-amber-400 px-3 py-1 text-xs font-bold tracking-wide text-amber-950 shadow-sm group-hover:brightness-105 group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-primary">
                <Award className="size-3.5" aria-hidden="true" /> {badge.label}
              </span>
            </button>
            <span className="text-xs font-medium text-muted-foreground">Sponsored</span>
          </div>

          <article
            aria-label={`${index + 1} of ${cards.length}: ${card.name}`}
            aria-live="polite"
            className="flex flex-col gap-4"
          >
            <Link
              to={cardPath(card.id)}
              className="block transition hover:-translate-y-0.5"
              aria-label={`${card.name} details`}
            >
              <CardBanner card={card} size="lg" />
            </Link>
            <div className="rounded-2xl border border-border bg-background/80 p-4">
              <p className="text-xs text-muted-foreground">{card.bank_name}</p>
              <p className="font-bold leading-snug">{card.name}</p>
              {card.highlights.length ? (
                <ul className="mt-2 space-y-1 text-sm">
                  {card.highlights.slice(0, HERO_HIGHLIGHTS).map((h) => (
                    <li key={h} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                      <span>{h}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              <ApplyButton card={card} requireAffiliateLink named className="mt-3 w-full" />
            </div>
          </article>

          {/* No gap on phones: the 44 px arrows and dots stand side by side, none overlapping. */}
          <div className="flex items-center justify-between gap-3 touch:gap-0">
            <button
              type="button"
              className="btn-outline size-10 p-0"
              onClick={() => go(index - 1)}
              aria-label="Previous card"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            {/*
              On phones each dot is a 44 px target, narrowing to no less than 32 px where five do
              not fit (320 px): a flex basis, not a width, so the hero's grid is not widened by them.
            */}
            <div className="flex min-w-0 items-center justify-center gap-1 touch:flex-1 touch:gap-0">
              {dotWindow(index, cards.length).map((i) => (
                <button
                  key={i}
                  type="button"
                  onClick={() => go(i)}
                  aria-label={`Card ${i + 1} of ${cards.length}`}
                  aria-current={i === index ? 'true' : undefined}
                  className="group inline-flex size-6 items-center justify-center touch:h-11 touch:w-auto touch:min-w-8 touch:basis-11"
                >
                  <span
                    className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-primary' : 'w-2 bg-border group-hover:bg-muted-foreground'}`}
                  />
                </button>
              ))}
            </div>
            <button
              type="button"
              className="btn-outline size-10 p-0"
              onClick={() => go(index + 1)}
              aria-label="Next card"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
          </div>
        </section>
      </CarouselFrame>
    </TooltipProvider>
  );
}

function CarouselFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[33rem] w-full max-w-sm flex-col justify-center rounded-3xl border border-border bg-card/90 p-4 shadow-xl backdrop-blur sm:p-5">
      {children}
    </div>
  );
}
