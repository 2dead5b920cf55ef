import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { useLayoutEffect, useRef } from 'react';
import { ALL, type FilterSelectProps, TRIGGER_CLASS } from './filter-select.tsx';

interface Props extends FilterSelectProps {
  labelId: string;
  /** The trigger's text, as FilterSelect computed it. */
  shown: string;
  /** Pressed before this loaded: open at once. */
  initialOpen: boolean;
  /** The stand-in had the keyboard focus: the real trigger takes it over. */
  takeFocus: boolean;
}

/** The Radix select behind FilterSelect, mounted (and loaded) on the first hover, focus or press. */
export default function FilterSelectMenu({
  allLabel,
  value,
  options,
  onChange,
  disabled,
  labelId,
  shown,
  initialOpen,
  takeFocus,
}: Props) {
  const trigger = useRef<HTMLButtonElement>(null);
  const focusOnMount = useRef(takeFocus && !initialOpen);

  useLayoutEffect(() => {
    if (focusOnMount.current) trigger.current?.focus();
  }, []);

  return (
    <Select.Root
      value={value ?? ALL}
      onValueChange={(v) => onChange(v === ALL ? null : v)}
      defaultOpen={initialOpen}
      disabled={disabled}
    >
      <Select.Trigger ref={trigger} aria-labelledby={labelId} className={TRIGGER_CLASS}>
        <span className="truncate">
          {/* The label itself, so the trigger never depends on the items being mounted. */}
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
            {[{ value: ALL, label: allLabel }, ...options].map((o) => (
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
  );
}
