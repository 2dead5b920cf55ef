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
