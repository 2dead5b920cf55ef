import { ChevronDown } from 'lucide-react';
import { lazy, memo, Suspense, startTransition, useId, useState } from 'react';

// The Radix select (and its popper code) loads when a filter is first hovered, focused or pressed.
const FilterSelectMenu = lazy(() => import('./filter-select-menu.tsx'));

/** Radix items cannot have an empty value; this stands for "no filter". */
export const ALL = '__all';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  label: string;
  allLabel: string;
  value: string | null;
  options: readonly FilterOption[];
  onChange: (value: string | null) => void;
  disabled?: boolean;
}

/** The trigger's look, shared by the stand-in below and the Radix trigger. */
export const TRIGGER_CLASS =
  'flex h-10 w-full items-center touch:h-11 justify-between gap-2 rounded-lg border border-border bg-card px-3 text-left text-sm data-[disabled]:opacity-60';

/**
 * A labelled select whose first option clears the filter (Radix Select, in
 * filter-select-menu.tsx).
 *
 * Until the first hover, focus or press, a button that looks and reads the same (a
 * closed combobox showing the selected label) stands in for it: a closed Radix select
 * still mounts its providers, popper anchor, portal and hidden native select, and the
 * three filters of /cards were a visible part of the page's start on a mobile CPU. The
 * stand-in stays until the menu has loaded (a transition); a press meanwhile opens the
 * menu once it is there, and a focused stand-in hands the focus to the real trigger.
 */
export const FilterSelect = memo(function FilterSelect(props: FilterSelectProps) {
  const { label, allLabel, value, options, disabled } = props;
  const labelId = useId();
  const [wake, setWake] = useState<'hover' | 'open' | null>(null);
  const [focused, setFocused] = useState(false);
  // A transition: the stand-in stays (focused, pressed) until the menu has loaded, never a fallback.
  const wakeUp = (how: 'hover' | 'open') =>
    startTransition(() => setWake((w) => (how === 'open' ? how : (w ?? how))));
  // As Radix would show it: the "all" label, the option's label, or nothing for an unknown value.
  const shown = value === null ? allLabel : (options.find((o) => o.value === value)?.label ?? '');

  const standIn = (
    <button
      type="button"
      role="combobox"
      aria-labelledby={labelId}
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      className={TRIGGER_CLASS}
      onPointerEnter={() => wakeUp('hover')}
      onPointerDown={(e) => {
        if (e.button === 0 && !e.ctrlKey) wakeUp('open');
      }}
      // Touch, pen and keyboard (Enter, Space) presses.
      onClick={() => wakeUp('open')}
      onFocus={() => {
        setFocused(true);
        wakeUp('hover');
      }}
      onBlur={() => setFocused(false)}
    >
      <span className="truncate">{shown}</span>
      <span aria-hidden="true">
        <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
      </span>
    </button>
  );

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span id={labelId} className="text-xs font-semibold text-muted-foreground">
        {label}
      </span>
      <Suspense fallback={standIn}>
        {wake === null ? (
          standIn
        ) : (
          <FilterSelectMenu
            {...props}
            labelId={labelId}
            shown={shown}
            initialOpen={wake === 'open'}
            takeFocus={focused}
          />
        )}
      </Suspense>
    </div>
  );
});
