import { type CategoryNodeDto, UNNAMED_SPEND_LABEL } from '@cardwise/contracts';
import { Copy, Pencil, Trash2, Wallet } from 'lucide-react';
import { formatInr } from '../../lib/format.ts';
import { entryLabel } from './category-levels.ts';
import { frequencyLabel, type SpendingEntry } from './spending-entry.ts';

interface Props {
  entries: readonly SpendingEntry[];
  byId: ReadonlyMap<string, CategoryNodeDto>;
  loadingCategories: boolean;
  loadingEntries: boolean;
  /** The account's saved entries could not be loaded: not "none yet", and a way to ask again. */
  failedEntries?: { retry: () => void } | undefined;
  /** Absent while the list is full (MAX_SPENDING_ENTRIES): Duplicate is then disabled. */
  onDuplicate: ((entry: SpendingEntry) => void) | undefined;
  /** `trigger` is the Edit button, where focus goes back when the edit dialog closes. */
  onEdit: (entry: SpendingEntry, trigger: HTMLElement) => void;
  onRemove: (entry: SpendingEntry) => void;
  /** Where focus goes when the last entry is removed from the keyboard (the list's heading). */
  focusWhenEmptied: () => HTMLElement | null;
}

export function describeEntry(entry: SpendingEntry, byId: ReadonlyMap<string, CategoryNodeDto>): string {
  return entryLabel(entry, byId, entry.brand) || UNNAMED_SPEND_LABEL;
}

/**
 * What each entry's Duplicate, Edit and Remove buttons say they act on: its label, amount and
 * frequency ('Swiggy ₹6,000 monthly'), and its place in the list when another entry reads the
 * same (', entry 2 of 3'). Named by the label alone, two Swiggy entries gave a screen reader or
 * voice control two identical 'Edit Swiggy' buttons, with no way to tell which is which.
 */
export function entryActionNames(
  entries: readonly SpendingEntry[],
  byId: ReadonlyMap<string, CategoryNodeDto>,
): string[] {
  const names = entries.map(
    (entry) =>
      `${describeEntry(entry, byId)} ${formatInr(entry.amount)} ${frequencyLabel(entry.frequency).toLowerCase()}`,
  );
  return names.map((name, i) =>
    names.indexOf(name) === names.lastIndexOf(name) ? name : `${name}, entry ${i + 1} of ${entries.length}`,
  );
}

/** What the list says when a signed-in user's saved entries could not be loaded. */
export const ENTRIES_FAILED_TEXT = 'Your saved spending could not be loaded.';

/** Spec §2 spending entries: a grid of entry cards with duplicate, edit and remove. */
export function SpendingEntries({
  entries,
  byId,
  loadingCategories,
  loadingEntries,
  failedEntries,
  onDuplicate,
  onEdit,
  onRemove,
  focusWhenEmptied,
}: Props) {
  // A removed entry takes its focused button with it (WCAG 2.4.3: focus fell to <body>): focus
  // moves first to the Remove button of the entry that takes its place (the next one, or the
  // previous one after the last), or to the heading when none is left.
  const remove = (entry: SpendingEntry, button: HTMLElement) => {
    const item = button.closest('li');
    if (item?.contains(document.activeElement)) {
      const neighbour = item.nextElementSibling ?? item.previousElementSibling;
      const target = neighbour
        ? neighbour.querySelector<HTMLElement>('[data-action="remove"]')
        : focusWhenEmptied();
      target?.focus();
    }
    onRemove(entry);
  };
  if (loadingCategories || loadingEntries) {
    return (
      <p
        className="rounded-2xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground"
        aria-live="polite"
      >
        {loadingCategories ? 'Loading categories...' : 'Loading your spending…'}
      </p>
    );
  }
  if (failedEntries) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-4 py-6 text-center text-sm"
      >
        <p>{ENTRIES_FAILED_TEXT}</p>
        <button type="button" className="btn-outline" onClick={failedEntries.retry}>
          Try again
        </button>
      </div>
    );
  }
  if (entries.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
        No spending entries added yet. Add your first one above.
      </p>
    );
  }
  const names = entryActionNames(entries, byId);
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Your spending entries">
      {entries.map((entry, i) => {
        const label = describeEntry(entry, byId);
        const name = names[i] ?? label;
        return (
          <li
            key={entry.id}
            className="flex min-w-0 flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm"
            data-testid="spending-entry"
          >
            <div className="flex min-w-0 items-start gap-3">
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent text-primary">
                <Wallet className="size-4" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <p className="text-sm leading-snug font-medium break-words">{label}</p>
                <p className="mt-1 text-lg font-bold tabular-nums">
                  {formatInr(entry.amount)}{' '}
                  <span className="text-xs font-medium text-muted-foreground">
                    {frequencyLabel(entry.frequency)}
                  </span>
                </p>
              </div>
            </div>
            <div className="mt-auto flex justify-end gap-1 border-t border-border pt-2">
              <IconButton
                label={`Duplicate ${name}`}
                onClick={() => onDuplicate?.(entry)}
                disabled={!onDuplicate}
              >
                <Copy className="size-4" aria-hidden="true" />
              </IconButton>
              <IconButton label={`Edit ${name}`} onClick={(button) => onEdit(entry, button)}>
                <Pencil className="size-4" aria-hidden="true" />
              </IconButton>
              <IconButton
                label={`Remove ${name}`}
                onClick={(button) => remove(entry, button)}
                action="remove"
                danger
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </IconButton>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function IconButton({
  label,
  onClick,
  action,
  danger,
  disabled,
  children,
}: {
  label: string;
  onClick: (button: HTMLButtonElement) => void;
  action?: string;
  danger?: boolean;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  // 44 px on phones and touch screens (WCAG 2.5.5), as the app's other buttons; 36 px with a mouse.
  return (
    <button
      type="button"
      aria-label={label}
      title={label.split(' ')[0]}
      onClick={(event) => onClick(event.currentTarget)}
      disabled={disabled}
      data-action={action}
      className={`inline-flex size-9 items-center justify-center rounded-lg touch:size-11 text-muted-foreground transition hover:bg-muted disabled:pointer-events-none disabled:opacity-40 ${danger ? 'hover:text-red-600' : 'hover:text-foreground'}`}
    >
      {children}
    </button>
  );
}
