import { Moon, Sun } from 'lucide-react';
import { useTenant } from './tenant-context.ts';

/** Light/dark as two pressed-state buttons; the choice is kept per tenant (spec §4). */
export function ColorModeToggle({ className = 'flex flex-wrap gap-3' }: { className?: string }) {
  const { colorMode, setColorMode } = useTenant();
  return (
    <fieldset className={className}>
      <legend className="sr-only">Colour mode</legend>
      {(['light', 'dark'] as const).map((mode) => (
        <button
          key={mode}
          type="button"
          aria-pressed={colorMode === mode}
          onClick={() => setColorMode(mode)}
          className={colorMode === mode ? 'btn-primary' : 'btn-outline'}
        >
          {mode === 'light' ? (
            <Sun className="size-4" aria-hidden="true" />
          ) : (
            <Moon className="size-4" aria-hidden="true" />
          )}
          {mode === 'light' ? 'Light' : 'Dark'}
        </button>
      ))}
    </fieldset>
  );
}
