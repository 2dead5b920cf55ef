import type { CardSummary } from '@cardwise/contracts';
import { cardGradient } from './bank-color.ts';

type BannerCard = Pick<CardSummary, 'name' | 'bank_name' | 'bank_color' | 'network'>;

/**
 * The two soft circles over the brand colour (a light one top right, a dark one bottom
 * left), as background layers rather than two positioned elements per banner.
 */
const CIRCLES =
  'radial-gradient(circle 96px at calc(100% - 56px) 32px, rgb(255 255 255 / 0.1) 95.5px, transparent 96px), ' +
  'radial-gradient(circle 112px at 72px calc(100% - 32px), rgb(0 0 0 / 0.1) 111.5px, transparent 112px)';

/**
 * The card drawn in the bank's brand colour: chip, bank, name, network. A picture
 * of the real card is rarely licensed, so this stands in for it everywhere.
 *
 * Drawn cheaply (a list shows many): no CSS filters (the text shadow is a `text-shadow`
 * rather than `filter: drop-shadow`, the light circle has no blur) and the circles are
 * background layers.
 */
export function CardBanner({ card, size = 'md' }: { card: BannerCard; size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  const chip = card.network ? networkChip(card.network, card.bank_name) : '';
  return (
    <div
      data-testid="card-art"
      className={`relative flex aspect-[1.586] w-full flex-col justify-between overflow-hidden rounded-2xl text-white shadow-lg ring-1 ring-black/10 ${large ? 'p-6' : 'p-4'}`}
      style={{ backgroundImage: `${CIRCLES}, ${cardGradient(card.bank_color)}`, backgroundColor: '#334155' }}
    >
      <div className="flex items-start justify-between gap-2">
        {/* min-w-0: a long bank name wraps (a very long word breaks) rather than squeezing the network. */}
        <span
          className={`min-w-0 font-semibold tracking-wide wrap-break-word uppercase banner-text-shadow ${large ? 'text-sm' : 'text-xs'}`}
        >
          {card.bank_name}
        </span>
        {chip ? (
          // Printed whole, never cut ("VISA / MASTE…" hid the third network): it keeps its width
          // up to 60% of the card and past that wraps, at spaces only, a no-break space keeping
          // each slash at the end of its line. The catalogue's full text, notes in brackets
          // included, is the tooltip.
          <span
            data-testid="card-network"
            title={card.network ?? undefined}
            className="max-w-[60%] shrink-0 rounded bg-black/25 px-1.5 py-0.5 text-right text-[11px] leading-snug font-semibold tracking-wide uppercase"
          >
            {chip.replaceAll(' / ', '\u00a0/ ')}
          </span>
        ) : null}
      </div>
      <span
        className={`rounded-md bg-gradient-to-br from-amber-200 to-amber-400 shadow-inner ${large ? 'h-9 w-12' : 'h-7 w-9'}`}
        aria-hidden="true"
      />
      <span
        className={`line-clamp-2 font-bold leading-tight banner-text-shadow ${large ? 'text-2xl' : 'text-base'}`}
      >
        {card.name}
      </span>
    </div>
  );
}

/**
 * The networks as a card face prints them: "Visa / Mastercard" from the catalogue's
 * "Visa; Mastercard", notes in brackets left to the tooltip, American Express as Amex, and
 * nothing when the network is the issuer itself (an Amex card said "AMERICAN EXPRE…" twice).
 */
export function networkChip(network: string, bankName: string): string {
  const parts = network
    .split(';')
    .map((p) => p.replace(/\s*\(.*?\)\s*/g, ' ').trim())
    .filter((p) => p && p.toLowerCase() !== bankName.toLowerCase())
    .map((p) => p.replace(/American Express/i, 'Amex'));
  return parts.join(' / ');
}
