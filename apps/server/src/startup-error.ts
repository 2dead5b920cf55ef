/**
 * A reason the server cannot start that its operator fixes (a setting, a database in use or out of
 * reach, the port taken): server.ts prints the message alone and exits 1; any other error keeps its stack.
 */
export class StartupError extends Error {}

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'nothing is listening there',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  '28P01': 'the server refused the password',
  '28000': 'the server refused the user',
  '3D000': 'the database does not exist',
};

/**
 * The PostgreSQL server of DATABASE_URL could not be used, in words an operator can act on (the
 * driver's error sits somewhere on the `cause` chain of drizzle's "Failed query: CREATE SCHEMA …");
 * the URL is shown without its password. Null when `err` is no such failure.
 */
export function databaseUnreachable(err: unknown, url: string): StartupError | null {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    const reason = e.code && Object.hasOwn(UNREACHABLE, e.code) ? UNREACHABLE[e.code] : undefined;
    if (reason)
      return new StartupError(
        `Cannot use the PostgreSQL server of DATABASE_URL (${safeUrl(url)}): ${reason}.`,
      );
  }
  return null;
}

function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'not a valid URL';
  }
}

/** The port could not be taken (another server on it, or one below 1024 without the right). */
export function listenFailure(err: unknown, host: string, port: number): StartupError | null {
  const code = (err as { code?: string } | undefined)?.code;
  if (code === 'EADDRINUSE')
    return new StartupError(
      `Port ${port} on ${host} is already in use: stop what listens there, or set PORT.`,
    );
  if (code === 'EACCES')
    return new StartupError(
      `Port ${port} on ${host} needs rights this process lacks: set PORT to 1024 or above.`,
    );
  if (code === 'EADDRNOTAVAIL')
    return new StartupError(
      `${host} is no address of this machine: set HOST to one of its addresses, or 0.0.0.0.`,
    );
  return null;
}
