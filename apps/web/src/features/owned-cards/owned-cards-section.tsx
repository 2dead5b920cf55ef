import type { OwnedCard } from '@cardwise/contracts';
import { CreditCard, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatDay } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { AddOwnedCardForm } from './add-owned-card-form.tsx';
import { RemoveOwnedCardDialog } from './remove-owned-card-dialog.tsx';
import { useOwnedCards } from './use-owned-cards.ts';

export const OWNED_CARDS_SECTION_ID = 'my-cards';

/**
 * /profile "My credit cards" (spec §1: signed-in users mark the cards they hold): the list,
 * adding one and removing one. The home page's "my cards" grid and the recommendations read
 * the same list.
 */
export function OwnedCardsSection() {
  const state = useOwnedCards();
  const [removing, setRemoving] = useState<OwnedCard | null>(null);
  const removed = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ownedIds = new Set(state.cards.map((c) => c.card_id));
  const removeNames = ownedCardNames(state.cards);
  const headingId = `${OWNED_CARDS_SECTION_ID}-heading`;

  const confirmRemove = (card: OwnedCard) =>
    state.remove.mutate(card.id, {
      onSuccess: () => {
        removed.current = true;
        setRemoving(null);
        notify('Card removed', `${card.credit_card_details?.name ?? 'The card'} is no longer in your cards.`);
      },
      onError: () => setRemoving(null),
    });

  return (
    <section
      id={OWNED_CARDS_SECTION_ID}
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        My credit cards
      </h2>
      <p className="mt-0.5 text-sm text-muted-foreground">
        Cards you hold count towards your savings: the recommendations on the home page weigh new cards
        against them.
      </p>

      <div className="mt-5">
        {state.loading ? (
          <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
            <div className="skeleton h-20" />
            <div className="skeleton h-20" />
          </div>
        ) : state.failed ? (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed border-border p-4 text-sm">
            <span>Failed to load your cards. Please try again.</span>
            <button type="button" className="btn-outline" onClick={state.retry}>
              Try again
            </button>
          </div>
        ) : state.cards.length ? (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Cards you hold">
            {state.cards.map((owned, i) => (
              <OwnedCardItem
                key={owned.id}
                owned={owned}
                name={removeNames[i] ?? ''}
                onRemove={() => setRemoving(owned)}
              />
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-2 rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
            <CreditCard className="size-4 shrink-0" aria-hidden="true" />
            You have not added any cards yet. Add the cards you hold below.
          </p>
        )}
      </div>

      <div className="mt-6 border-t border-border pt-5">
        <h3 className="mb-3 text-sm font-semibold">Add a card you hold</h3>
        <AddOwnedCardForm
          catalogue={state.catalogue}
          catalogueLoading={state.catalogueLoading}
          catalogueFailed={state.catalogueFailed}
          ownedIds={ownedIds}
          add={state.add}
        />
      </div>

      <RemoveOwnedCardDialog
        card={removing}
        pending={state.remove.isPending}
        onConfirm={confirmRemove}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        onCloseAutoFocus={(event) => {
          // The removed card's button is gone: keyboard and screen-reader users land on the
          // section instead of the top of the page.
          if (!removed.current) return;
          removed.current = false;
          event.preventDefault();
          headingRef.current?.focus();
        }}
      />
    </section>
  );
}

/**
 * What each owned card's Remove button says it removes: the card's name, the last four digits
 * when known ('HDFC Millennia ending 1234'), and its place in the list when another reads the
 * same. Two cards of one kind (a personal and an add-on, say) were two identical 'Remove …'.
 */
export function ownedCardNames(cards: readonly OwnedCard[]): string[] {
  const names = cards.map((owned) => {
    const name = owned.credit_card_details?.name ?? '';
    return owned.card_number_last4 ? `${name} ending ${owned.card_number_last4}` : name;
  });
  return names.map((name, i) =>
    names.indexOf(name) === names.lastIndexOf(name) ? name : `${name}, card ${i + 1} of ${cards.length}`,
  );
}

function OwnedCardItem({ owned, name, onRemove }: { owned: OwnedCard; name: string; onRemove: () => void }) {
  // fetchMyCards drops records without card details (spec §3).
  const card = owned.credit_card_details;
  if (!card) return null;
  const facts = [
    owned.card_number_last4 ? (
      <span key="number" className="font-mono">
        <span aria-hidden="true">••••</span>
        <span className="sr-only">Card ending</span> {owned.card_number_last4}
      </span>
    ) : null,
    owned.expiry_date ? <span key="expiry">Expires {owned.expiry_date}</span> : null,
    owned.joining_date ? <span key="joined">Joined {formatDay(owned.joining_date)}</span> : null,
  ].filter(Boolean);
  return (
    <li className="flex items-start gap-3 rounded-xl border border-border p-3" data-testid="owned-card">
      <span
        className="mt-0.5 h-9 w-14 shrink-0 rounded-md shadow-inner"
        style={{ backgroundColor: card.bank_color }}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium leading-snug">{card.name}</p>
        <p className="text-xs text-muted-foreground">{card.bank_name}</p>
        {facts.length ? <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs">{facts}</p> : null}
      </div>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${name || card.name}`}
        className="btn-ghost -my-1 size-11 shrink-0 px-0 text-muted-foreground hover:text-red-600"
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}
