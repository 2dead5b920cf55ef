import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, toasterDidMount } from '../../lib/notify.ts';
import { useTenant } from '../tenant/tenant-context.ts';

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
    />
  );
}
