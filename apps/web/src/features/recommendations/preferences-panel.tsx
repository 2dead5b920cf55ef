import type { CardSummary } from '@cardwise/contracts';
import { CreditCard, Lock, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { inputClass } from '../accounts/form-controls.tsx';
import { Combobox } from '../spending/combobox.tsx';
import { AdjustmentNote } from './adjustment-note.tsx';
import {
  cardLabel,
  chosenCardName,
  clampDesiredCardCount,
  disabledReason,
  isSideDisabled,
  OWNED_REASON,
  type PreferenceSide,
  removeCard,
  toggleCard,
} from './preference-rules.ts';
import { CARDS_FAILED_TEXT, PREFERENCES_FAILED_TEXT, type PreferencesState } from './use-preferences.ts';

const SIDES: { side: PreferenceSide; label: string; placeholder: string; chosen: string }[] = [
  {
    side: 'compareCards',
    label: 'Cards to compare',
    placeholder: 'Choose cards to compare',
    chosen: 'Comparing',
  },
  {
    side: 'excludeCards',
    label: 'Cards to exclude',
    placeholder: 'Choose cards to leave out',
    chosen: 'Excluded',
  },
];

/** Over the PUT answer's warnings: the server saved something other than what was chosen. */
export const SAVED_WARNINGS_HEADING = 'We adjusted what you saved';

export const LOGIN_PROMPT =
  'Unblock these options by logging in. Log in to access and save your card preferences.';

/**
 * Spec §2 card preferences: compare and exclude multi-selects with the mutual rules of
 * §4, tiles of the chosen cards, the owned cards and the desired count. Signed-out users
 * see it covered by the log-in prompt.
 */
export function PreferencesPanel({ state }: { state: PreferencesState }) {
  const { signedIn, prefs, update, allCards, allCardsFailed, allCardsLoading, myCards, myCardsLoading } =
    state;
  const byId = new Map(allCards.map((c) => [c.id, c]));
  const nameOf = (id: string) => chosenCardName(id, byId, prefs, allCardsLoading);
  const owned = new Set([...prefs.ownedCards, ...myCards.map((c) => c.card_id)]);
  const headingId = useId();
  // The panel's own content is covered (and out of reach) by the log-in prompt or a failure.
  const covered = !signedIn || state.failed || allCardsFailed;

  return (
    <section
      aria-labelledby={headingId}
      className="relative isolate overflow-hidden rounded-3xl border border-border bg-card p-5 shadow-sm sm:p-6"
      data-testid="preferences-panel"
    >
      <div
        className={`flex flex-col gap-5 ${signedIn ? '' : 'pointer-events-none select-none blur-[2px]'}`}
        aria-hidden={covered}
        inert={covered}
      >
        <div className="flex items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-primary">
            <SlidersHorizontal className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 id={headingId} className="text-lg font-bold tracking-tight">
              Card preferences
            </h2>
            <p className="text-sm text-muted-foreground">
              Steer the recommendations: cards to weigh up, cards to leave out, and how many new cards you
              want.
            </p>
          </div>
        </div>

        {SIDES.map(({ side, label, placeholder, chosen }) => (
          <div key={side} className="flex flex-col gap-2">
            <Combobox
              multiple
              label={label}
              placeholder={allCardsLoading ? 'Loading cards…' : placeholder}
              value={prefs[side]}
              searchFrom={5}
              disabled={isSideDisabled(prefs, side, allCards.length)}
              options={allCards.map((card) => {
                const reason = disabledReason(prefs, side, card.id, owned);
                // A held card's label says "(You have this card)": no second copy of it below.
                return {
                  value: card.id,
                  label: cardLabel(card.name, owned.has(card.id)),
                  detail: card.bank_name,
                  disabled: reason === OWNED_REASON,
                  disabledReason: reason === OWNED_REASON ? undefined : reason,
                };
              })}
              onChange={(id) => update((p) => toggleCard(p, side, id))}
              labelOf={(id) => {
                const { name, note } = nameOf(id);
                return note ? `${name} (${note})` : name;
              }}
              emptyText="No card matches."
            />
            {allCards.length > 0 && isSideDisabled(prefs, side, allCards.length) ? (
              <p className="text-xs text-muted-foreground">
                {side === 'compareCards'
                  ? 'Clear the excluded cards to compare cards instead.'
                  : 'Clear the compared cards to exclude cards instead.'}
              </p>
            ) : null}
            {prefs[side].length ? (
              <ul className="flex flex-wrap gap-2" aria-label={chosen}>
                {prefs[side].map((id) => (
                  <ChosenTile
                    key={id}
                    card={byId.get(id)}
                    {...nameOf(id)}
                    held={owned.has(id)}
                    onRemove={(button) => {
                      // The button goes with its chip: hand focus to a neighbour's, or to this
                      // side's select when none is left (WCAG 2.4.3; it fell to <body>).
                      const chip = button.closest('li');
                      const next = (chip?.nextElementSibling ?? chip?.previousElementSibling)?.querySelector(
                        'button',
                      );
                      const select = chip?.closest('ul')?.parentElement?.querySelector('button');
                      update((p) => removeCard(p, side, id));
                      requestAnimationFrame(() => (next ?? select)?.focus());
                    }}
                    removeLabel={`Remove ${nameOf(id).name} from ${label.toLocaleLowerCase('en-IN')}`}
                    tone={side === 'excludeCards' ? 'muted' : 'accent'}
                  />
                ))}
              </ul>
            ) : null}
          </div>
        ))}

        {/* Always there, so a screen reader hears the note when a save's answer brings one
            (a live region added with its text is often not read). Polite: it explains a save,
            it does not interrupt the user's next choice. */}
        <div aria-live="polite" data-testid="saved-warnings-region" className="empty:hidden">
          {state.savedWarnings.length ? (
            <AdjustmentNote
              heading={SAVED_WARNINGS_HEADING}
              warnings={state.savedWarnings}
              testId="saved-warnings"
              compact
            />
          ) : null}
        </div>

        <DesiredCount
          value={prefs.desiredCardCount}
          onChange={(n) => update((p) => ({ ...p, desiredCardCount: n }))}
        />

        <div>
          <h3 className="mb-2 text-sm font-semibold">my cards</h3>
          {myCardsLoading ? (
            <div className="grid grid-cols-2 gap-2">
              <div className="skeleton h-16" />
              <div className="skeleton h-16" />
            </div>
          ) : myCards.length ? (
            // One column beside the form (lg: the panel is 23rem): two there left each name about
            // 70 px and cut "Amazon Pay ICICI Bank Credit Card" to "Amazon…".
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1" aria-label="my cards">
              {myCards.map((owned) => {
                const card = owned.credit_card_details;
                if (!card) return null;
                return (
                  <li
                    key={owned.id}
                    className="flex items-center gap-3 rounded-xl border border-border p-2.5"
                  >
                    <span
                      className="h-8 w-12 shrink-0 rounded-md shadow-inner"
                      style={{ backgroundColor: card.bank_color }}
                      aria-hidden="true"
                    />
                    <span className="min-w-0 text-sm">
                      {/* Wraps rather than truncates: card names differ only at their ends. */}
                      <span className="block font-medium leading-snug break-words">{card.name}</span>
                      <span className="block text-xs text-muted-foreground">
                        {owned.card_number_last4 ? `•••• ${owned.card_number_last4}` : card.bank_name}
                      </span>
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="flex items-center gap-2 rounded-xl border border-dashed border-border p-3 text-sm text-muted-foreground">
              <CreditCard className="size-4 shrink-0" aria-hidden="true" />
              <span>
                Cards you hold count towards your savings. Add them on your{' '}
                <Link
                  to="/profile"
                  className="tap-inline font-medium text-primary underline-offset-2 hover:underline"
                >
                  profile
                </Link>
                .
              </span>
            </p>
          )}
        </div>
      </div>

      {!signedIn ? (
        <div className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-4 bg-card/75 p-6 text-center backdrop-blur-[1px]">
          <span className="inline-flex size-11 items-center justify-center rounded-full bg-accent text-primary">
            <Lock className="size-5" aria-hidden="true" />
          </span>
          <p className="max-w-xs text-sm">
            <strong className="block text-base text-balance">Unblock these options by logging in.</strong> Log
            in to access and save your card preferences.
          </p>
          <Link to="/login" className="btn-primary">
            Sign In
          </Link>
        </div>
      ) : state.failed ? (
        // Not the defaults dressed as theirs: a change made to them would have replaced the
        // saved lists, so the panel waits for the real ones.
        <div
          role="alert"
          className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-card/90 p-6 text-center backdrop-blur-[2px]"
        >
          <p className="max-w-xs text-sm font-medium">{PREFERENCES_FAILED_TEXT}</p>
          <button type="button" className="btn-outline" onClick={state.retry}>
            Try again
          </button>
        </div>
      ) : allCardsFailed ? (
        <div className="absolute inset-0 z-10 flex items-center justify-center bg-card/90 p-6 text-center backdrop-blur-[2px]">
          <p role="alert" className="max-w-xs text-sm font-medium">
            {CARDS_FAILED_TEXT}
          </p>
        </div>
      ) : null}
    </section>
  );
}

function ChosenTile({
  card,
  name,
  note,
  held,
  onRemove,
  removeLabel,
  tone,
}: {
  card: CardSummary | undefined;
  /** The card's name, never its id (`chosenCardName`). */
  name: string;
  /** Why the card no longer counts: 'no longer offered', 'not offered on this site'. */
  note?: string;
  held: boolean;
  onRemove: (button: HTMLButtonElement) => void;
  removeLabel: string;
  tone: 'accent' | 'muted';
}) {
  return (
    <li
      className={`flex max-w-full items-center gap-2 rounded-xl border py-1.5 pr-1 pl-2.5 text-sm ${note ? 'border-dashed border-border bg-card' : tone === 'accent' ? 'border-primary/30 bg-accent' : 'border-border bg-muted'}`}
    >
      <span
        className="size-3 shrink-0 rounded-full"
        style={{ backgroundColor: card?.bank_color ?? '#94a3b8' }}
        aria-hidden="true"
      />
      {/* Wraps rather than truncates, as the 'my cards' grid does: at 375 px a long name
          ("American Express Platinum Travel Credit Card") was cut to "…Trav…", hiding both the
          end that tells similar cards apart and the '(You have this card)' note after it. */}
      <span className="min-w-0 break-words">
        {/* Only the name is struck through on the excluded side: the note is not excluded. */}
        <span className={tone === 'muted' ? 'line-through decoration-muted-foreground/50' : undefined}>
          {name}
        </span>
        {held ? ` (${OWNED_REASON})` : null}
        {/* A saved card this site no longer offers: shown by name, said plainly, still removable. */}
        {note ? <span className="text-muted-foreground"> ({note})</span> : null}
      </span>
      <button
        type="button"
        onClick={(e) => onRemove(e.currentTarget)}
        aria-label={removeLabel}
        // 44 px on phones; the negative margin keeps the chip at its height.
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-lg text-muted-foreground no-underline hover:bg-card hover:text-foreground touch:-my-2 touch:size-11"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/** Spec §5: an integer clamped to 1..10; a non-number becomes 1; min 1, max 10. */
export function DesiredCount({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        How many new cards do you want?
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={10}
        step={1}
        value={text}
        aria-describedby={`${id}-hint`}
        className={`${inputClass} max-w-32`}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim() !== '') {
            const n = clampDesiredCardCount(event.target.value);
            if (n !== value) onChange(n);
          }
        }}
        onBlur={() => {
          const n = clampDesiredCardCount(text);
          setText(String(n));
          if (n !== value) onChange(n);
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted-foreground">
        From 1 to 10. We show the best combination for each number of cards.
      </p>
    </div>
  );
}
