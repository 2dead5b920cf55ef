import { describe, expect, it, vi } from 'vitest';
import { installStaleBuildReload } from './global-errors.ts';

function fakeWindow() {
  const target = new EventTarget() as EventTarget & { location: { reload: ReturnType<typeof vi.fn> } };
  target.location = { reload: vi.fn() };
  return target;
}

describe('installStaleBuildReload', () => {
  it('reloads once on a missing chunk of an older build, and not again within a minute', () => {
    const win = fakeWindow();
    const storage = new Map<string, string>();
    const store = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    } as unknown as Storage;
    const remove = installStaleBuildReload(win as unknown as Window, store);
    const first = new Event('vite:preloadError', { cancelable: true });
    win.dispatchEvent(first);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    win.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    remove();
  });
});
