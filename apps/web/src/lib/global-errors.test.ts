import { describe, expect, it, vi } from 'vitest';
import { installStaleBuildReload } from './global-errors.ts';

function fakeWindow() {
  const target = new EventTarget() as EventTarget & { location: { reload: ReturnType<typeof vi.fn> } };
  target.location = { reload: vi.fn() };
  return target;
}

function memoryStorage(): Storage {
  const storage = new Map<string, string>();
  return {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
  } as unknown as Storage;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

/** The guard on a fake window whose server answers (or not); each missing chunk is one event. */
function guarded(serverAnswers: boolean) {
  const win = fakeWindow();
  const unreachable = vi.fn();
  const remove = installStaleBuildReload(
    win as unknown as Window,
    memoryStorage(),
    unreachable,
    async () => serverAnswers,
  );
  const missingChunk = async () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    win.dispatchEvent(event);
    await settle();
    return event;
  };
  return { win, unreachable, remove, missingChunk };
}

describe('installStaleBuildReload', () => {
  it('reloads once on a missing chunk of an older build, and not again within a minute', async () => {
    const { win, unreachable, remove, missingChunk } = guarded(true);
    await missingChunk();
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    await missingChunk();
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(unreachable).not.toHaveBeenCalled();
    remove();
  });

  it("with the server out of reach: no reload (the browser's offline page), 'Network Error' instead", async () => {
    const { win, unreachable, remove, missingChunk } = guarded(false);
    const event = await missingChunk();
    expect(win.location.reload).not.toHaveBeenCalled();
    expect(unreachable).toHaveBeenCalledTimes(1);
    // The import's own error goes on to the page's error screen.
    expect(event.defaultPrevented).toBe(false);
    remove();
  });
});
