import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';

/** Spec §9 tooltip delays (Radix's defaults, stated so they cannot drift). */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Wraps each lazily loaded page that shows tooltips, rather than the whole app, so
 * Radix Tooltip stays out of the entry chunk.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </Tooltip.Provider>
  );
}
