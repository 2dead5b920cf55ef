import {
  type AddOwnedCard,
  addOwnedCardSchema,
  type CardSummary,
  normaliseExpiry,
  todayInIndia,
} from '@cardwise/contracts';
import { Plus } from 'lucide-react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { isApiError } from '../../lib/api-errors.ts';
import { notify } from '../../lib/notify.ts';
import { isUnreadableDate, UNREADABLE_DATE_MESSAGE } from '../../lib/unreadable-date.ts';
import { TextField } from '../accounts/form-controls.tsx';
import { Combobox } from '../spending/combobox.tsx';
import type { OwnedCardsState } from './use-owned-cards.ts';

export interface AddOwnedCardValues {
  card_id: string;
  card_number_last4: string;
  expiry_date: string;
  joining_date: string;
}

const EMPTY: AddOwnedCardValues = { card_id: '', card_number_last4: '', expiry_date: '', joining_date: '' };
const FIELDS = Object.keys(EMPTY) as (keyof AddOwnedCardValues)[];

/** The server's own schema, so the form refuses exactly what POST accounts/my-cards would. */
const resolver: Resolver<AddOwnedCardValues> = async (values, _context, options) => {
  const errors: FieldErrors<AddOwnedCardValues> = {};
  if (isUnreadableDate(options.fields.joining_date?.ref))
    errors.joining_date = { type: 'badInput', message: UNREADABLE_DATE_MESSAGE };
  const result = addOwnedCardSchema.safeParse(values);
  if (result.success && !errors.joining_date) return { values, errors: {} };
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path[0] as keyof AddOwnedCardValues | undefined;
    if (key && FIELDS.includes(key) && !errors[key])
      errors[key] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/** Empty optional fields are left out rather than sent as ''. */
function payloadOf(values: AddOwnedCardValues): AddOwnedCard {
  const body: AddOwnedCard = { card_id: values.card_id };
  for (const key of ['card_number_last4', 'expiry_date', 'joining_date'] as const) {
    const value = values[key].trim();
    if (value) body[key] = key === 'expiry_date' ? String(normaliseExpiry(value)) : value;
  }
  return body;
}

/**
 * The expiry as it is typed: the slash goes in after the month's two digits, since a phone's
 * number pad (inputMode numeric) has no "/" key. A slash typed by hand is kept, and deleting
 * back past it is not undone.
 */
export function expiryAsTyped(value: string): string {
  if (value.includes('/')) return value;
  const digits = value.replace(/\D/g, '');
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2, 4)}` : value;
}

/**
 * Add an owned card: the card from the tenant's catalogue (searchable), and optionally the
 * last 4 digits, expiry (MM/YY) and joining date. Cards already held are listed but not
 * choosable, with the reason read out.
 */
export function AddOwnedCardForm({
  catalogue,
  catalogueLoading,
  catalogueFailed,
  ownedIds,
  add,
}: {
  catalogue: CardSummary[];
  catalogueLoading: boolean;
  catalogueFailed: boolean;
  ownedIds: ReadonlySet<string>;
  add: OwnedCardsState['add'];
}) {
  const form = useForm<AddOwnedCardValues>({ defaultValues: EMPTY, resolver, mode: 'onTouched' });
  const { register, handleSubmit, control, reset, setError, formState } = form;
  const expiryField = register('expiry_date');
  const byId = new Map(catalogue.map((c) => [c.id, c]));

  const onSubmit = handleSubmit((values) =>
    add.mutateAsync(payloadOf(values)).then(
      (added) => {
        reset(EMPTY);
        const name = added.credit_card_details?.name ?? byId.get(added.card_id)?.name ?? 'The card';
        notify('Card added', `${name} now counts as a card you hold.`);
      },
      (error: unknown) => {
        // The toast (spec §8) says it too; a field the server names is marked where it is.
        if (!isApiError(error)) return;
        const items = (error.body as { errors?: { path?: unknown; message?: unknown }[] } | null)?.errors;
        for (const item of items ?? []) {
          const key = item.path as keyof AddOwnedCardValues;
          if (FIELDS.includes(key) && typeof item.message === 'string')
            setError(key, { type: 'server', message: item.message });
        }
      },
    ),
  );

  const cardError = formState.errors.card_id?.message;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Add a card you hold"
      // grid-cols-1 is minmax(0, 1fr): the implicit column grew to a chosen card's whole name
      // (its text does not wrap), and the page with it, past a phone's width.
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="card_id"
          render={({ field }) => (
            <Combobox
              label="Card"
              placeholder={
                catalogueLoading
                  ? 'Loading cards…'
                  : catalogueFailed
                    ? 'Cards could not be loaded'
                    : 'Search the cards we list'
              }
              value={field.value || null}
              disabled={catalogue.length === 0}
              options={catalogue.map((card) => ({
                value: card.id,
                label: card.name,
                detail: card.bank_name,
                disabledReason: ownedIds.has(card.id) ? 'Already in your cards' : undefined,
              }))}
              onChange={(id) => {
                field.onChange(id ?? '');
                field.onBlur();
              }}
              emptyText="No card matches."
            />
          )}
        />
        {cardError ? (
          <p role="alert" className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
            {cardError}
          </p>
        ) : null}
      </div>
      <TextField
        label="Last 4 digits (optional)"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        placeholder="1234"
        hint="Only the last 4 digits: we never ask for the full number."
        error={formState.errors.card_number_last4?.message}
        {...register('card_number_last4')}
      />
      <TextField
        label="Expiry (optional)"
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        placeholder="MM/YY"
        hint="As printed on the card, e.g. 04/29."
        error={formState.errors.expiry_date?.message}
        {...expiryField}
        onChange={(e) => {
          e.target.value = expiryAsTyped(e.target.value);
          return expiryField.onChange(e);
        }}
      />
      <TextField
        label="Joining date (optional)"
        type="date"
        max={todayInIndia()}
        hint="When you got the card."
        error={formState.errors.joining_date?.message}
        {...register('joining_date')}
      />
      {/* Level with the date input beside it (below its label), not with its hint. */}
      <div className="flex items-start sm:justify-end sm:pt-[1.625rem]">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={add.isPending}>
          <Plus className="size-4" aria-hidden="true" />
          {add.isPending ? 'Adding…' : 'Add card'}
        </button>
      </div>
    </form>
  );
}
