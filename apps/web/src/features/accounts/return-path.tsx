import { Notice } from '../layout/notice.tsx';

/**
 * Where to go once signed in: back where the user came from (the history entry's `from`, as
 * RequireSession and the wizard put it), never off-site and never the sign-in forms themselves.
 * Sign-up carries it on too, so a newcomer sent to sign in by the wizard is brought back as well.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    from !== '/login' &&
    from !== '/register'
    ? from
    : '/';
}

/** The `from` to hand on to the other sign-in form, or none. */
export function carriedFrom(state: unknown): { from?: string } {
  const to = returnPath(state);
  return to === '/' ? {} : { from: to };
}

/**
 * Said above the sign-in and sign-up forms when the application wizard sent the person there:
 * the form is not a wall between them and the card they chose, and they will be taken back.
 */
export function ApplicationReturnNote({ state, action }: { state: unknown; action: string }) {
  if (!returnPath(state).startsWith('/cards/apply/')) return null;
  return (
    <Notice className="mb-4" data-testid="apply-sign-in-note">
      {action} to continue your card application. You will go straight back to it.
    </Notice>
  );
}
