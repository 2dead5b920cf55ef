/**
 * The error catalogue of spec §8, as data: every failed call becomes an ApiError
 * whose title and message are what the user is shown.
 */

export type ApiErrorKind = 'network' | 'http' | 'parse';

export const NETWORK_ERROR_TITLE = 'Network Error';
export const NETWORK_ERROR_MESSAGE =
  'Unable to connect to the server. Please check your internet connection and try again.';
export const PARSE_ERROR_MESSAGE = 'Failed to parse JSON response.';

export class ApiError extends Error {
  readonly title: string;
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when no answer arrived. */
  readonly status: number | null;
  /** The parsed JSON error body, when there was one (e.g. a `code` the screen acts on). */
  readonly body: unknown;

  constructor(
    kind: ApiErrorKind,
    title: string,
    message: string,
    status: number | null,
    body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.title = title;
    this.status = status;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The `code` of the server's error body (architecture.md "Errors"), which a screen acts on; else null. */
export function apiErrorCode(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const code = (error.body as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * What a call fails with once its session could not be renewed (spec §8, 'Session Expired' /
 * 'Session Error'). The session handler has already said so in a toast and is on its way to
 * /login; a screen that catches it shows nothing of its own, because with one toast at a time
 * (spec §9) its own would cover the one that tells the user why they must sign in again.
 */
export class SessionEndedError extends ApiError {
  constructor(title: string, message: string) {
    super('http', title, message, 401);
    this.name = 'SessionEndedError';
  }
}

/** Whether `error` is that, or wraps it (a file fetch's error keeps its cause). */
export function sessionEnded(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof SessionEndedError) return true;
  return false;
}

export function networkError(): ApiError {
  return new ApiError('network', NETWORK_ERROR_TITLE, NETWORK_ERROR_MESSAGE, null);
}

export function parseError(status: number | null): ApiError {
  return new ApiError('parse', 'Error', PARSE_ERROR_MESSAGE, status);
}

const MAX_MESSAGE = 300;

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) {
    const parts = value.map(textOf).filter((p): p is string => p !== null);
    return parts.length ? parts.join(' ') : null;
  }
  if (value && typeof value === 'object') {
    // `{path, message}` items (our server) or `{field: [messages]}` maps (Django style).
    const record = value as Record<string, unknown>;
    if ('message' in record) {
      const message = textOf(record.message);
      const path = typeof record.path === 'string' && record.path ? `${record.path}: ` : '';
      return message ? `${path}${message}` : null;
    }
    const parts = Object.entries(record)
      .map(([key, v]) => {
        const t = textOf(v);
        return t ? `${key}: ${t}` : null;
      })
      .filter((p): p is string => p !== null);
    return parts.length ? parts.join(' ') : null;
  }
  return null;
}

/** The reason a JSON error object gives: its detail, message, error or errors, in that order. */
function bodyReason(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  for (const key of ['detail', 'message', 'error', 'errors'] as const) {
    const text = textOf(record[key]);
    if (text) return text;
  }
  return null;
}

/** Spec §8: the message comes from detail, message, error, errors, or the body text, in that order. */
export function messageFromBody(bodyText: string, statusText: string): string {
  let message: string | null = null;
  try {
    const body: unknown = JSON.parse(bodyText);
    message = body && typeof body === 'object' && !Array.isArray(body) ? bodyReason(body) : textOf(body);
  } catch {
    // Not JSON: an HTML error page from a proxy is noise, plain text is a message.
    const trimmed = bodyText.trim();
    message = trimmed && !trimmed.startsWith('<') ? trimmed : null;
  }
  message ??= statusText.trim() || 'The request failed.';
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
}

export function httpError(status: number, statusText: string, bodyText: string): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // Not JSON: the message above is all there is.
  }
  return new ApiError('http', `Error ${status}`, messageFromBody(bodyText, statusText), status, body);
}

/** Title and message for any thrown value, for toasts and inline error states. */
export function describeError(error: unknown): { title: string; message: string } {
  if (isApiError(error)) return { title: error.title, message: error.message };
  return { title: 'Error', message: error instanceof Error ? error.message : String(error) };
}

/**
 * The reason the server's error body gives (detail, message, error or errors, spec §8's
 * order), or null when its answer carried none (a bare 502 from a proxy, an HTML page).
 */
export function serverDetailOf(error: unknown): string | null {
  // The message was made from that reason (messageFromBody), clipped to its length limit.
  return isApiError(error) && error.kind === 'http' && bodyReason(error.body) !== null ? error.message : null;
}

/**
 * The server's own reason for refusing a request (its `detail`: "Card not found."), else
 * `fallback`: a network or parse failure, an answer without a reason (a proxy's page), or a
 * fault of the server, says the fallback.
 */
export function serverReasonOr(error: unknown, fallback: string): string {
  const detail = serverDetailOf(error);
  return detail !== null && ((error as ApiError).status ?? 500) < 500 ? detail : fallback;
}
