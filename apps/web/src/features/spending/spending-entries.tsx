import type { CategoryNodeDto } from '@cardwise/contracts';
import { Copy, Pencil, Trash2, Wallet } from 'lucide-react';
import { formatInr } from '../../lib/format.ts';
import { entryLabel } from './category-levels.ts';
import { frequencyLabel, type SpendingEntry } from './spending-entry.ts';

interface Props {
  entries: readonly SpendingEntry[];
  byId: ReadonlyMap<string, CategoryNodeDto>;
  loadingCategories: boolean;
  loadingEntries: boolean;
  onDuplicate: (entry: SpendingEntry) => void;
  onEdit: (entry: SpendingEntry) => void;
  onRemove: (entry: SpendingEntry) => void;
}

export function describeEntry(entry: SpendingEntry, byId: ReadonlyMap<string, CategoryNodeDto>): string {
  return entryLabel(entry, byId, entry.brand) || 'Any spending';
}

/** Spec §2 spending entries: a grid of entry cards with duplicate, edit and remove. */
export function SpendingEntries({
  entries,
  byId,
  loadingCategories,
  loadingEntries,
  onDuplicate,
  onEdit,
  onRemove,
}: Props) {
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
  if (entries.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
        No spending entries added yet. Add your first one above.
      </p>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your spending entries">
      {entries.map((entry) => {
        const label = describeEntry(entry, byId);
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
              <IconButton label={`Duplicate ${label}`} onClick={() => onDuplicate(entry)}>
                <Copy className="size-4" aria-hidden="true" />
              </IconButton>
              <IconButton label={`Edit ${label}`} onClick={() => onEdit(entry)}>
                <Pencil className="size-4" aria-hidden="true" />
              </IconButton>
              <IconButton label={`Remove ${label}`} onClick={() => onRemove(entry)} danger>
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
  danger,
  children,
}: {
  label: string;
  onClick: () => void;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label.split(' ')[0]}
      onClick={onClick}
      className={`inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground transition hover:bg-muted ${danger ? 'hover:text-red-600' : 'hover:text-foreground'}`}
    >
      {children}
    </button>
  );
}
