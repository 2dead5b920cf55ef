import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, toasterDidMount } from '../../lib/notify.ts';
import { useTenant } from '../tenant/tenant-context.ts';

/**
 * Below the sticky header rather than over it: spec §9 puts toasts at the top, and on a phone
 * sonner's 16 px offset laid a toast over the whole header (menu, sign-in, logo) for its 5 s.
 */
export const TOAST_TOP_OFFSET = 'calc(var(--cw-header-height) + 0.5rem)';

/**
 * On a phone a page can ask for its top controls to be left clear (`--cw-toast-below`, set by the
 * application wizard for its Back and 'Step n of 6' row): a toast laid over them hid 'Back' for
 * its 5 s. Desktop toasts are narrow and centred, clear of a row's ends, and keep TOAST_TOP_OFFSET.
 */
export const TOAST_MOBILE_TOP_OFFSET = 'calc(var(--cw-header-height) + var(--cw-toast-below, 0px) + 0.5rem)';

/** Sonner's Toaster with spec §9's settings; loaded by DeferredToaster. */
export default function AppToaster() {
  // Runs after the Toaster's own effect has subscribed to new toasts.
  useEffect(() => toasterDidMount(), []);
  // Sonner's own default is light: in dark mode its toasts stayed light. Its colours are
  // overridden for contrast in styles.css.
  const { colorMode } = useTenant();
  return (
    <Toaster
      position="top-center"
      closeButton
      duration={TOAST_DURATION_MS}
      visibleToasts={1}
      richColors
      theme={colorMode}
      offset={{ top: TOAST_TOP_OFFSET }}
      mobileOffset={{ top: TOAST_MOBILE_TOP_OFFSET }}
    />
  );
}
