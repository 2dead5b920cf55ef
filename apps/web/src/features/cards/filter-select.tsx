import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { useId, useState } from 'react';

/** Radix items cannot have an empty value; this stands for "no filter". */
export const ALL = '__all';

export interface FilterOption {
  value: string;
  label: string;
}

interface Props {
  label: string;
  allLabel: string;
  value: string | null;
  options: readonly FilterOption[];
  onChange: (value: string | null) => void;
  disabled?: boolean;
}

/**
 * A labelled Radix select whose first option clears the filter.
 *
 * Its items mount on the first hover, focus or press of the trigger, not with the page:
 * closed, Radix still renders every item (into a detached fragment, for the value text
 * and the hidden native select), which made the three filters of /cards — up to ~70
 * items — one of the longest tasks of the page's start on a mobile CPU. The trigger
 * shows the selected label itself (Select.Value children), so nothing depends on them.
 */
export function FilterSelect({ label, allLabel, value, options, onChange, disabled }: Props) {
  const labelId = useId();
  const [primed, setPrimed] = useState(false);
  const prime = () => {
    if (!primed) setPrimed(true);
  };
  // As Radix would show it: the "all" label, the option's label, or nothing for an unknown value.
  const shown = value === null ? allLabel : (options.find((o) => o.value === value)?.label ?? '');
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span id={labelId} className="text-xs font-semibold text-muted-foreground">
        {label}
      </span>
      <Select.Root
        value={value ?? ALL}
        onValueChange={(v) => onChange(v === ALL ? null : v)}
        onOpenChange={prime}
        disabled={disabled}
      >
        <Select.Trigger
          aria-labelledby={labelId}
          onPointerEnter={prime}
          onPointerDown={prime}
          onFocus={prime}
          className="flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-border bg-card px-3 text-left text-sm data-[disabled]:opacity-60"
        >
          <span className="truncate">
            <Select.Value placeholder={allLabel}>{shown}</Select.Value>
          </span>
          <Select.Icon>
            <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={6}
            className="menu-content z-50 max-h-[300px] w-[var(--radix-select-trigger-width)] overflow-hidden"
          >
            <Select.Viewport className="max-h-[300px]">
              {(primed ? [{ value: ALL, label: allLabel }, ...options] : []).map((o) => (
                <Select.Item key={o.value} value={o.value} className="menu-item justify-between">
                  <Select.ItemText>{o.label}</Select.ItemText>
                  <Select.ItemIndicator>
                    <Check className="size-4 text-primary" aria-hidden="true" />
                  </Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}
