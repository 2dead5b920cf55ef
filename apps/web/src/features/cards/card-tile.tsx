import type { CardSummary } from '@cardwise/contracts';
import { ChevronRight } from 'lucide-react';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import { feeFrequencyLabel, formatFeeShort, plusGst } from '../../lib/format.ts';
import { ApplyButton } from './apply-button.tsx';
import { CardBanner } from './card-banner.tsx';
import { feeName, separateJoiningFee } from './card-facts.ts';

/** Spec §9: key benefits shown per card. */
export const KEY_BENEFITS_SHOWN = 3;

/**
 * What a card page's "All cards" link returns to: the list as it was left (its search, filters and
 * page), carried in the link's state; "/cards" alone threw them away, where the browser's Back kept
 * them.
 */
export interface FromCardList {
  fromList?: string;
}

/** The list page the card pages are opened from, as the state their links carry (none elsewhere). */
function useFromCardList(): FromCardList | undefined {
  const { pathname, search } = useLocation();
  return pathname === '/cards' || pathname.startsWith('/cards/')
    ? { fromList: pathname + search }
    : undefined;
}

export function cardPath(id: string): string {
  return `/card/${encodeURIComponent(id)}`;
}

/**
 * One card of a list. Memoised (a list re-renders on each query update), and `tile-lazy`
 * (styles.css): a tile out of view is neither laid out nor painted until it nears the
 * viewport, so a page of tiles costs the browser little more than the ones on screen.
 */
export const CardTile = memo(function CardTile({ card }: { card: CardSummary }) {
  const path = cardPath(card.id);
  const from = useFromCardList();
  return (
    <article className="tile-lazy group flex min-w-0 flex-col rounded-2xl border border-border bg-card p-4 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      {/* The whole banner opens the card (spec §2); the title link below is the one in the tab order. */}
      <Link to={path} state={from} tabIndex={-1} aria-hidden="true" className="block">
        <CardBanner card={card} />
      </Link>
      <div className="mt-4 flex flex-1 flex-col">
        <p className="text-xs font-medium text-muted-foreground">{card.bank_name}</p>
        <h3 className="mt-0.5 text-base leading-snug font-bold">
          {/* Padding grows the touch area to 44 px over the text around it; the margin keeps the layout.
              The focus ring is drawn round the name, not the padded box, whose ring crossed the bank
              name above and the tags below. */}
          <Link
            to={path}
            state={from}
            className="group/title -my-3 inline-block py-3 hover:text-primary hover:underline focus-visible:outline-none"
          >
            <span className="rounded-sm group-focus-visible/title:outline-2 group-focus-visible/title:outline-offset-2 group-focus-visible/title:outline-primary group-focus-visible/title:outline-solid">
              {card.name}
            </span>
          </Link>
        </h3>
        {card.tags.length ? (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags">
            {card.tags.map((tag) => (
              <li
                key={tag.slug}
                className="rounded-full bg-accent px-2 py-0.5 text-[11px] font-semibold text-accent-foreground"
              >
                {tag.name}
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="mt-3 grid grid-cols-2 gap-3 rounded-xl bg-muted p-3 text-sm">
          <div>
            <dt className="text-xs text-muted-foreground">{feeName(card.fee_frequency)}</dt>
            <dd className="font-semibold">{formatFeeShort(card.fee, card.fee_frequency)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Fee type</dt>
            <dd className="font-semibold">
              {feeFrequencyLabel(card.fee_frequency)}
              {separateJoiningFee(card) > 0 ? (
                <span className="block text-xs font-normal text-muted-foreground">
                  Joining {plusGst(separateJoiningFee(card))}
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
        {card.highlights.length ? (
          <ul className="mt-3 space-y-1.5 text-sm" aria-label="Key benefits">
            {card.highlights.slice(0, KEY_BENEFITS_SHOWN).map((h) => (
              <li key={h} className="check-item">
                {h}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto flex gap-2 pt-4">
          <Link to={path} className="btn-outline flex-1" aria-label={`Details of ${card.name}`}>
            Details <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
          <ApplyButton card={card} className="flex-1" named />
        </div>
      </div>
    </article>
  );
});
