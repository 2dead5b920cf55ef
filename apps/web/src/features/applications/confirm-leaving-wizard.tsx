import { useLayoutEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { returnFocusTo } from '../../lib/return-focus.ts';
import { ModalDialog } from '../layout/modal-dialog.tsx';

export const LEAVE_TITLE = 'Leave this application?';
export const LEAVE_WITH_CHOSEN_FILES =
  'The documents you chose have not been uploaded yet. Leave this application and lose them?';
export const STAY = 'Stay and upload';
export const LEAVE = 'Leave without uploading';

/**
 * Another page of the product (a header link, the browser's Back out of the wizard) ends the
 * wizard, and the chosen, unsent files it keeps with it: asked first, as a reload is, in the
 * product's own dialog (ADR 017). The browser's `confirm` could not be themed and offered only
 * 'OK' and 'Cancel' for a choice that loses identity documents. Staying is the default: it is
 * the first button, so the focused one, and Escape or a click outside also stay.
 *
 * The wizard's own steps are not asked about (the files stay), nor is the sign-in page a session
 * that ended sends the applicant to. Only with the app's data router (useBlocker needs one).
 *
 * `stayFocus`: where focus goes after staying when nothing had it before (Safari does not focus
 * a clicked link; the browser's Back focuses nothing), usually the step's heading.
 */
export function ConfirmLeavingWizard({
  base,
  stayFocus,
}: {
  base: string;
  stayFocus?: () => HTMLElement | null | undefined;
}) {
  const blocker = useBlocker(
    ({ nextLocation: { pathname } }) =>
      pathname !== base && !pathname.startsWith(`${base}/`) && pathname !== '/login',
  );
  const leaving = useRef(false);
  /** What had the focus when the navigation was stopped (the header's link, in Chrome). */
  const opener = useRef<HTMLElement | null>(null);
  const blocked = blocker.state === 'blocked';
  // Before the dialog's own effects move the focus into it.
  useLayoutEffect(() => {
    if (!blocked) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [blocked]);

  const stay = () => {
    leaving.current = false;
    blocker.reset?.();
  };
  const leave = () => {
    leaving.current = true;
    blocker.proceed?.();
  };
  const restoreFocus = returnFocusTo(
    // Only while it is drawn: a header link hidden since (the window narrowed to the phone
    // layout, whose links are in the menu) takes no focus, which then fell to <body>.
    () => (opener.current?.checkVisibility?.() === false ? null : opener.current),
    // Leaving, the wizard goes: focus is the next page's (as after any header link), not a
    // heading about to be removed.
    () => (leaving.current ? null : stayFocus?.()),
  );

  return (
    <ModalDialog
      open={blocked}
      onOpenChange={(open) => {
        if (!open) stay();
      }}
      onCloseAutoFocus={restoreFocus}
      // md wrapped both buttons' names onto two lines side by side at 1280 px.
      width="lg"
      title={LEAVE_TITLE}
      description={LEAVE_WITH_CHOSEN_FILES}
    >
      {/* Stay first: Radix focuses the first control, and on phones it stacks on top. */}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-primary" onClick={stay}>
          {STAY}
        </button>
        <button type="button" className="btn-outline text-red-700 dark:text-red-400" onClick={leave}>
          {LEAVE}
        </button>
      </div>
    </ModalDialog>
  );
}
