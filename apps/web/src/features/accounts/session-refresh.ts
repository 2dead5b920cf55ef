import { toast } from 'sonner';
import { buildUrl, requestHeaders, setUnauthorizedHandler } from '../../lib/api-client.ts';
import { SessionEndedError } from '../../lib/api-errors.ts';
import { TOAST_DURATION_MS } from '../../lib/notify.ts';
import { readStorage, STORAGE_KEYS, sessionKey } from '../../lib/storage.ts';
import { clearSession, dropHalfSession, storeTokens } from './session-store.ts';

/** Spec §8 "401 with a refresh token stored". */
export const SESSION_EXPIRED = {
  title: 'Session Expired',
  message: 'Your session has expired. Please log in again.',
} as const;
export const SESSION_ERROR = {
  title: 'Session Error',
  message: 'An error occurred while refreshing your session. Please log in again.',
} as const;

/** Calls whose 401 means "wrong credentials or token", never "renew and retry". */
const AUTH_PATHS = /^\/?accounts\/(login|signup|token\/refresh|logout)\/?$/;

type Outcome = 'renewed' | 'expired' | 'error';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long an exchange (request and answer, its one repeat included) may take before it counts as failed. */
const REFRESH_TIMEOUT_MS = 15_000;
/** The pause before the one repeat of an exchange that got no answer (or a 5xx). */
export const REFRESH_RETRY_DELAY_MS = 1000;

async function exchangeRefreshToken(): Promise<Outcome> {
  const refresh = readStorage(sessionKey(STORAGE_KEYS.refreshToken));
  if (!refresh) return 'expired';
  const headers = requestHeaders({});
  headers.delete('Authorization');
  let response: Response | null = null;
  // A dropped connection or a gateway's 5xx is tried once more: the server answers a repeated
  // exchange of the same token, within its grace period, with the same new token (ADR 001), so
  // an exchange that reached it but whose answer was lost costs nothing. One deadline covers
  // both attempts, since every tab's renewal waits on this one.
  const deadline = AbortSignal.timeout(REFRESH_TIMEOUT_MS);
  for (let attempt = 1; attempt <= 2; attempt++) {
    if (attempt > 1) await sleep(REFRESH_RETRY_DELAY_MS);
    if (deadline.aborted) break;
    try {
      response = await fetch(buildUrl('accounts/token/refresh/'), {
        method: 'POST',
        headers,
        body: JSON.stringify({ refresh }),
        signal: deadline,
      });
    } catch {
      response = null;
      if (deadline.aborted) break;
      continue;
    }
    if (response.status < 500) break;
  }
  if (response === null) return 'error';
  if (response.status === 401 || response.status === 400) return 'expired';
  if (!response.ok) return 'error';
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return 'error';
  }
  const answer = body as { access?: unknown; refresh?: unknown } | null;
  if (!answer || typeof answer.access !== 'string' || !answer.access) return 'error';
  // Rotation: the server spends the old refresh token and hands out a new one.
  storeTokens(answer.access, typeof answer.refresh === 'string' ? answer.refresh : undefined);
  return 'renewed';
}

/** After renewing, a tab keeps the lock this long: its writes reach the other tabs' storage. */
const HANDOFF_MS = 400;
/** A tab that waited for the lock looks this long for the other tab's new pair to arrive. */
const HANDOFF_WAIT_MS = 1500;

/**
 * One exchange at a time across every tab of this origin: the tabs share the stored tokens, and
 * a second exchange of a spent refresh token looks like token theft to the server and ends the
 * session, unless it comes within its grace period and before the new token was used
 * (docs/decisions/001). A tab that waited for another's exchange uses the pair that
 * tab stored. localStorage reaches other tabs a moment after a write (Chromium applies it in
 * each renderer asynchronously; the browser journey saw a waiting tab read the old token after
 * the lock passed to it), so the renewing tab holds the lock a little longer, and a tab that
 * waited looks for the new pair before spending the token it saw. Web Locks exist only in
 * secure contexts (HTTPS, localhost): served over plain HTTP elsewhere, the guard is this tab's
 * alone, and what keeps two tabs renewing at the same moment signed in is the server's answer
 * to a repeated exchange (the same new token, within 30 s; ADR 001).
 */
async function exchangeOnce(): Promise<Outcome> {
  const key = sessionKey(STORAGE_KEYS.refreshToken);
  const seen = readStorage(key);
  if (!seen) return 'expired';
  const locks = globalThis.navigator?.locks;
  if (!locks) return exchangeRefreshToken();
  const name = `cardwise:token-refresh:${key}`;
  return new Promise<Outcome>((resolve) => {
    const run = async (waited: boolean) => {
      let now = readStorage(key);
      for (let ms = 0; waited && now === seen && ms < HANDOFF_WAIT_MS; ms += 50) {
        await sleep(50);
        now = readStorage(key);
      }
      // Another tab signed out, or its exchange was refused and it cleared the session.
      if (!now) return resolve('expired');
      // Another tab renewed: its new pair is stored.
      if (now !== seen) return resolve('renewed');
      const outcome = await exchangeRefreshToken();
      resolve(outcome);
      if (outcome === 'renewed') await sleep(HANDOFF_MS);
    };
    locks
      .request(name, { ifAvailable: true }, (lock) =>
        lock ? run(false) : locks.request(name, () => run(true)),
      )
      .catch(() => resolve('error'));
  });
}

// Within a tab, concurrent 401s share one exchange.
let inFlight: Promise<Outcome> | null = null;

export function refreshSession(): Promise<Outcome> {
  inFlight ??= exchangeOnce().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

export interface SessionRefreshOptions {
  /** Client-side navigation (the router's), used to go to /login. */
  navigate: (to: string) => void;
  /** Forget what belonged to the user (cached queries, preferences). */
  onSignedOut?: () => void;
}

/**
 * Installs the api-client's 401 handler: with a refresh token stored, renew the session and
 * retry the request once; when renewal fails, clear the session, say why, go to /login.
 */
export function installSessionRefresh(options: SessionRefreshOptions): () => void {
  dropHalfSession();
  setUnauthorizedHandler(async ({ path }) => {
    if (AUTH_PATHS.test(path)) return false;
    if (!readStorage(sessionKey(STORAGE_KEYS.refreshToken))) return false;
    const outcome = await refreshSession();
    if (outcome === 'renewed') return true;
    const { title, message } = outcome === 'expired' ? SESSION_EXPIRED : SESSION_ERROR;
    clearSession();
    options.onSignedOut?.();
    // Same id as the query cache's error toast for the error thrown below: one toast, not two.
    toast.error(title, { description: message, id: `${title}|${message}`, duration: TOAST_DURATION_MS });
    options.navigate('/login');
    throw new SessionEndedError(title, message);
  });
  return () => setUnauthorizedHandler(null);
}
