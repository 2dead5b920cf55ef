import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { whenIdle } from '../../lib/idle.ts';
import { ensureToaster, isToasterWanted, subscribeToasterWanted } from '../../lib/notify.ts';

const AppToaster = lazy(() => import('./app-toaster.tsx'));

/**
 * The toast area, mounted once the page is idle, on the first key or pointer press, or
 * with the first toast (lib/notify.ts) — whichever comes first — instead of with the
 * first render: sonner stays out of the first script.
 */
export function DeferredToaster() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);

  useEffect(() => {
    if (wanted) return;
    const want = () => void ensureToaster();
    const cancelIdle = whenIdle(want);
    window.addEventListener('pointerdown', want, { once: true, capture: true });
    window.addEventListener('keydown', want, { once: true, capture: true });
    return () => {
      cancelIdle();
      window.removeEventListener('pointerdown', want, { capture: true });
      window.removeEventListener('keydown', want, { capture: true });
    };
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
