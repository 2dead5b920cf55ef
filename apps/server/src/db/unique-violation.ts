/**
 * A PostgreSQL unique violation (SQLSTATE 23505) from PGlite or node-postgres, wrapped by drizzle
 * or not (the driver's error sits somewhere on the `cause` chain), optionally of one constraint.
 */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  for (
    let err = e as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
    err;
  ) {
    if (err.code === '23505') {
      return !constraint || err.constraint === constraint || (err.message ?? '').includes(constraint);
    }
    err = err.cause as typeof err;
  }
  return false;
}
