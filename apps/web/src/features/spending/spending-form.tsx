import { listInWords, MAX_SPENDING_ENTRIES, SPENDING_AMOUNT_MESSAGE } from '@cardwise/contracts';
import { Mail, Plus, Save } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { inputClass } from '../accounts/form-controls.tsx';
import { Notice } from '../layout/notice.tsx';
import {
  LEVELS,
  type LevelKey,
  levelPlaceholder,
  openCategories,
  optionsAt,
  selectLevel,
} from './category-levels.ts';
import { Combobox } from './combobox.tsx';
import {
  amountError,
  draftToEntry,
  EMPTY_DRAFT,
  entryToDraft,
  FREQUENCY_OPTIONS,
  newEntryId,
  type SpendingDraft,
  type SpendingEntry,
} from './spending-entry.ts';
import type { CategoriesState } from './use-categories.ts';

/** The taxonomy's kirana at the counter, and the same shop paid by its UPI QR (seed taxonomy ids). */
const KIRANA_IN_STORE = 'offline.kirana';
const KIRANA_BY_UPI = 'online.upi.upi_apps.upi.scan_and_pay.kirana';

interface Props {
  categories: CategoriesState;
  /** The entry being edited; absent when adding. */
  editing?: SpendingEntry | null;
  onSubmit: (entry: SpendingEntry) => void;
  onCancel?: () => void;
  /** Under the title (the development notice on the page form). */
  notice?: ReactNode;
  formId?: string;
  /** The list holds as many entries as a recommendation takes: adding says so instead. */
  full?: boolean;
}

export const ENTRIES_FULL_MESSAGE = `You can add up to ${MAX_SPENDING_ENTRIES} spending entries. Remove or edit one to add another.`;

/**
 * Spec §2 spending details form: six cascading searchable selects, brand, amount and
 * frequency. Validated on every change (spec §5); adding clears the form, and Cancel
 * (shown only while editing) or submit resets it (spec §4).
 */

export function SpendingForm({ categories, editing, onSubmit, onCancel, notice, formId, full }: Props) {
  const titleId = useId();
  const amountId = useId();
  const brandId = useId();
  const frequencyId = useId();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    reset,
    formState: { errors },
  } = useForm<SpendingDraft>({
    mode: 'onChange',
    defaultValues: editing ? entryToDraft(editing) : EMPTY_DRAFT,
  });

  useEffect(() => {
    reset(editing ? entryToDraft(editing) : EMPTY_DRAFT);
  }, [editing, reset]);

  const draft = watch();
  const openHere = openCategories(categories.byId, draft);
  const openNames = [...new Set(openHere)];
  const setLevel = (key: LevelKey, value: string | null) => {
    const next = selectLevel(draft, key, value);
    for (const level of LEVELS) {
      if (next[level.key] !== draft[level.key]) setValue(level.key, next[level.key], { shouldDirty: true });
    }
  };

  // Adding to a full list keeps what was typed and says why (the server takes at most
  // MAX_SPENDING_ENTRIES: a 201st entry made every recommendation fail, or vanished on save).
  const [fullNotice, setFullNotice] = useState(false);
  useEffect(() => {
    if (!full) setFullNotice(false);
  }, [full]);
  const submit = handleSubmit((values) => {
    if (full && !editing) {
      setFullNotice(true);
      return;
    }
    onSubmit(draftToEntry(values, editing?.id ?? newEntryId(), editing ?? undefined));
    reset(EMPTY_DRAFT);
  });

  const amountMessage = errors.amount ? errors.amount.message || SPENDING_AMOUNT_MESSAGE : undefined;

  return (
    <form id={formId} onSubmit={submit} noValidate aria-labelledby={titleId} className="flex flex-col gap-5">
      <div>
        <h2 id={titleId} className="text-xl font-bold tracking-tight sm:text-2xl">
          {editing ? 'Update Spending Details' : 'Spending Details'}
        </h2>
        {notice}
      </div>

      {categories.failed ? (
        <Notice tone="error" role="alert">
          Failed to load categories.
        </Notice>
      ) : null}

      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="sr-only">Where you spend</legend>
        {LEVELS.map((level, index) => {
          const options = optionsAt(categories.tree, categories.byId, draft, index);
          const parent = LEVELS[index - 1];
          return (
            <Combobox
              key={level.key}
              label={level.label}
              value={draft[level.key]}
              options={(options ?? []).map((node) => ({ value: node.id, label: node.name }))}
              placeholder={
                categories.loading
                  ? 'Loading…'
                  : options === null
                    ? `Choose ${parent?.label.toLocaleLowerCase('en-IN')} first`
                    : options.length === 0
                      ? 'Nothing more to choose'
                      : levelPlaceholder(index, options)
              }
              disabled={categories.loading || options === null || options.length === 0}
              onChange={(value) => setLevel(level.key, value)}
            />
          );
        })}
      </fieldset>
      {openHere.length > 1 ? (
        <p className="-mt-2 text-xs text-muted-foreground" data-testid="category-hint">
          {/* Named where they are few: a bill at a billers' site left open earned on a card that
              excludes utilities, and "bills, rent, fuel and shopping" did not say this was one. */}
          {openNames.length > 1 && openNames.length <= 4
            ? `Here cards pay differently on ${listInWords(openNames)}: choose a spending category for an exact answer.`
            : 'Cards pay differently on bills, rent, fuel and shopping: choose a spending category for an exact answer.'}
        </p>
      ) : null}
      {draft.platform_type === KIRANA_IN_STORE && categories.byId.has(KIRANA_BY_UPI) ? (
        <p className="-mt-2 text-xs text-muted-foreground" data-testid="kirana-hint">
          {/* A kirana is mostly paid by its UPI QR, which only RuPay credit cards can pay: entered
              here, a Visa card's grocery rate was counted for a shop that takes only QR payments. */}
          Paid by scanning the shop's UPI QR? Enter it under Online › UPI › Scan &amp; Pay at merchant QR ›
          Kirana: only RuPay credit cards can pay a UPI QR. Here counts paying by card at the counter.
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <div>
          <label htmlFor={brandId} className="mb-1.5 block text-sm font-medium">
            Brand <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <input
            id={brandId}
            className={inputClass}
            placeholder="e.g. Indian Oil"
            autoComplete="off"
            maxLength={200}
            {...register('brand')}
          />
        </div>
        <div>
          <label htmlFor={amountId} className="mb-1.5 block text-sm font-medium">
            Amount (₹)
          </label>
          <div className="relative">
            <span
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
              aria-hidden="true"
            >
              ₹
            </span>
            <input
              id={amountId}
              inputMode="decimal"
              autoComplete="off"
              placeholder="5,000"
              aria-invalid={Boolean(amountMessage)}
              aria-describedby={amountMessage ? `${amountId}-error` : undefined}
              aria-required="true"
              className={`${inputClass} pl-7`}
              {...register('amount', { validate: (v) => amountError(v) ?? true })}
            />
          </div>
          {amountMessage ? (
            <p id={`${amountId}-error`} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
              {amountMessage}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={frequencyId} className="mb-1.5 block text-sm font-medium">
            Frequency
          </label>
          <select id={frequencyId} className={inputClass} {...register('frequency')}>
            {FREQUENCY_OPTIONS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {fullNotice && !editing ? (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {ENTRIES_FULL_MESSAGE}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        {editing && onCancel ? (
          <button
            type="button"
            className="btn-outline"
            onClick={() => {
              reset(EMPTY_DRAFT);
              onCancel();
            }}
          >
            Cancel
          </button>
        ) : null}
        <button type="submit" className="btn-primary sm:min-w-40">
          {editing ? (
            <>
              <Save className="size-4" aria-hidden="true" /> Update Entry
            </>
          ) : (
            <>
              <Plus className="size-4" aria-hidden="true" /> Add Entry
            </>
          )}
        </button>
      </div>
    </form>
  );
}

/** Spec §1: the form says the feature is under development, with a feedback mail link. */
export function DevelopmentNotice({ supportEmail }: { supportEmail: string | null }) {
  return (
    <Notice tone="warning" className="mt-2">
      This feature is under development: recommendations use the rules we have researched for each card, and
      may miss offers. Something looks wrong?{' '}
      {supportEmail ? (
        <a
          href={`mailto:${supportEmail}?subject=${encodeURIComponent('Feedback on spending recommendations')}`}
          className="tap-inline gap-1 font-semibold underline underline-offset-2"
        >
          <Mail className="size-3.5" aria-hidden="true" /> Send us feedback
        </a>
      ) : (
        'Tell us through the contact page.'
      )}
    </Notice>
  );
}
