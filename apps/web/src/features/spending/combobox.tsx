import { Command } from 'cmdk';
import { Check, ChevronsUpDown, Search, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import { ErrorBoundary } from '../layout/error-boundary.tsx';
import { Notice } from '../layout/notice.tsx';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Shown under the label (e.g. the bank of a card). */
  detail?: string | undefined;
  /** Listed but not choosable, with the reason read out (spec §4: the other side's choices). */
  disabledReason?: string | undefined;
  /** Listed but not choosable, where the label already says why. */
  disabled?: boolean | undefined;
}

interface BaseProps {
  label: string;
  options: readonly ComboboxOption[];
  placeholder: string;
  disabled?: boolean | undefined;
  /** Spec §4: the multi-select shows its search box only above this many options. */
  searchFrom?: number;
  emptyText?: string;
  className?: string;
}

interface SingleProps extends BaseProps {
  multiple?: false;
  value: string | null;
  onChange: (value: string | null) => void;
}

interface MultiProps extends BaseProps {
  multiple: true;
  value: readonly string[];
  onChange: (value: string) => void;
  /** The name of a chosen value that is not among the options (a card no longer offered), never its id. */
  labelOf?: (value: string) => string;
}

const norm = (s: string) => s.toLocaleLowerCase('en-IN');

/** Matches the typed words against the option's label and detail, not its id. */
function filter(_value: string, search: string, keywords?: string[]): number {
  const text = norm((keywords ?? []).join(' '));
  return norm(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word))
    ? 1
    : 0;
}

/**
 * A labelled, keyboard-usable searchable select (Radix Popover + cmdk): the button opens
 * a list (arrow keys, Enter, Escape), typing filters it. One value, or several with
 * `multiple` (the list then stays open while choosing).
 */
export function Combobox(props: SingleProps | MultiProps) {
  return (
    <ErrorBoundary
      fallback={
        <div className={`min-w-0 ${props.className ?? ''}`}>
          <p className="mb-1.5 text-sm font-medium">{props.label}</p>
          <Notice tone="error" role="alert">
            {DROPDOWN_ERROR}
          </Notice>
        </div>
      }
    >
      <ComboboxInner {...props} />
    </ErrorBoundary>
  );
}

/** Spec §8: what a broken dropdown says instead of breaking the form. */
export const DROPDOWN_ERROR = 'Something went wrong with this dropdown. Please try again.';

function ComboboxInner(props: SingleProps | MultiProps) {
  const {
    label,
    options,
    placeholder,
    disabled,
    searchFrom = 0,
    emptyText = 'Nothing matches.',
    className = '',
  } = props;
  const id = useId();
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  const summaryId = `${id}-summary`;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const selected = new Set(props.multiple ? props.value : props.value ? [props.value] : []);
  const showSearch = options.length > searchFrom;
  const current = props.multiple ? null : options.find((o) => o.value === props.value);
  const summary = props.multiple
    ? props.value.length
      ? `${props.value.length} selected`
      : placeholder
    : (current?.label ?? placeholder);
  const hasValue = props.multiple ? props.value.length > 0 : Boolean(current);
  // What a screen reader hears after the label (WCAG 4.1.2): the label alone named the button
  // ("Spending mode"), whatever had been chosen.
  const spoken = props.multiple
    ? props.value.map((v) => options.find((o) => o.value === v)?.label ?? props.labelOf?.(v) ?? v).join(', ')
    : (current?.label ?? '');
  const clearable = !props.multiple && Boolean(current) && !disabled;

  return (
    <div className={`min-w-0 ${className}`}>
      <label id={labelId} htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setSearch('');
        }}
      >
        <div className="relative">
          <Popover.Trigger asChild disabled={disabled}>
            <button
              ref={triggerRef}
              id={id}
              type="button"
              aria-haspopup="listbox"
              // The name is the label, then the value: "Spending mode : Online", or "... : not
              // chosen" (aria-labelledby joins its parts with a space). The placeholder an empty
              // one shows (e.g. "Choose spending mode first") is its description. The label is
              // still a label of its own, so the field is found by it alone.
              aria-labelledby={`${labelId} ${valueId}`}
              aria-describedby={hasValue ? undefined : summaryId}
              className="flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-border bg-card px-3 py-1.5 text-left text-sm shadow-sm transition hover:border-primary/60 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 disabled:hover:border-border"
            >
              <span
                id={summaryId}
                // A placeholder is an instruction ("Choose spending category first"): it wraps to a
                // second line rather than being cut short on a narrow phone (320 px).
                className={`${hasValue ? 'truncate font-medium' : 'line-clamp-2 text-muted-foreground'} ${clearable ? 'mr-7 touch:mr-10' : ''}`}
              >
                {summary}
              </span>
              <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </button>
          </Popover.Trigger>
          <span id={valueId} hidden>
            {`: ${spoken || 'not chosen'}`}
          </span>
          {clearable ? (
            // The field's full height, and 44 px wide on phones; the visible mark stays small.
            <button
              type="button"
              className="group absolute top-0 right-7 inline-flex h-11 w-8 items-center justify-center text-muted-foreground touch:w-11"
              aria-label={`Clear ${label}`}
              onClick={() => {
                props.onChange(null);
                // The Clear button leaves with the value: without this, focus would fall to
                // <body> (WCAG 2.4.3). It goes back to the field it cleared.
                triggerRef.current?.focus();
              }}
            >
              <span className="rounded p-1 group-hover:bg-muted group-hover:text-foreground">
                <X className="size-3.5" aria-hidden="true" />
              </span>
            </button>
          ) : null}
        </div>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            collisionPadding={8}
            className="menu-content z-50 w-[var(--radix-popover-trigger-width)] min-w-56 max-w-[calc(100vw-16px)] p-0"
            onOpenAutoFocus={(event) => {
              if (!showSearch) {
                event.preventDefault();
                rootRef.current?.focus();
              }
            }}
          >
            <Command
              ref={rootRef}
              tabIndex={-1}
              label={`Search ${label}`}
              filter={filter}
              loop
              className="outline-none"
            >
              {showSearch ? (
                <div className="flex items-center gap-2 border-b border-border px-3">
                  <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <Command.Input
                    value={search}
                    onValueChange={setSearch}
                    placeholder={`Search ${label.toLocaleLowerCase('en-IN')}…`}
                    className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground touch:h-11"
                  />
                </div>
              ) : null}
              <Command.List label={label} className="max-h-[300px] overflow-y-auto overscroll-contain p-1.5">
                <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">
                  {emptyText}
                </Command.Empty>
                {options.map((option) => {
                  const isSelected = selected.has(option.value);
                  return (
                    // The arrow keys move a highlight, not focus (it stays in the search field): the
                    // highlight needs the focus ring's contrast, not only the faint muted fill.
                    <Command.Item
                      key={option.value}
                      value={option.value}
                      keywords={[option.label, option.detail ?? '']}
                      disabled={Boolean(option.disabled || option.disabledReason)}
                      onSelect={() => {
                        if (props.multiple) {
                          props.onChange(option.value);
                        } else {
                          props.onChange(option.value);
                          setOpen(false);
                          setSearch('');
                        }
                      }}
                      className="flex cursor-pointer select-none items-start gap-2 rounded-lg px-2.5 py-2 text-sm outline-none touch:min-h-11 touch:py-3 data-[disabled=true]:cursor-not-allowed data-[disabled=true]:opacity-50 data-[selected=true]:bg-muted data-[selected=true]:[outline:2px_solid_var(--cw-primary)] data-[selected=true]:[outline-offset:-2px]"
                    >
                      <Check
                        className={`mt-0.5 size-4 shrink-0 text-primary ${isSelected ? '' : 'invisible'}`}
                        aria-hidden="true"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block">{option.label}</span>
                        {option.detail || option.disabledReason ? (
                          <span className="block text-xs text-muted-foreground">
                            {[option.detail, option.disabledReason].filter(Boolean).join(' · ')}
                          </span>
                        ) : null}
                      </span>
                      {isSelected ? <span className="sr-only">(selected)</span> : null}
                    </Command.Item>
                  );
                })}
              </Command.List>
            </Command>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
