import { Moon, Sun } from 'lucide-react';
import { useTenant } from '../tenant/tenant-context.ts';

export function ThemeToggle() {
  const { colorMode, setColorMode } = useTenant();
  const next = colorMode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="btn-ghost h-10 w-10 px-0"
      onClick={() => setColorMode(next)}
      aria-label={`Switch to ${next} mode`}
      title={`Switch to ${next} mode`}
    >
      {colorMode === 'dark' ? (
        <Sun className="size-5" aria-hidden="true" />
      ) : (
        <Moon className="size-5" aria-hidden="true" />
      )}
    </button>
  );
}
