import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { formatPath, readableIssue } from '@cardwise/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodError, z } from 'zod';

/** An error a client caused or may see: its status and `detail` reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly code?: string,
    options: {
      /** Fields the answer carries beside `detail` and `code` (a form's per-field `errors`). */
      extra?: Record<string, unknown>;
      /** Response headers that belong to this answer (Retry-After of a 503). */
      headers?: Record<string, string>;
    } = {},
  ) {
    super(detail);
    this.extra = options.extra;
    this.headers = options.headers;
  }

  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
}

export const notFound = (detail = 'Not found.') => new HttpError(404, detail, 'not_found');
export const badRequest = (detail: string, code = 'invalid') => new HttpError(400, detail, code);
/** A 400 about one field, in the shape of a schema refusal (`errors: [{path, message}]`), so a form can place it. */
export const invalidField = (path: string, message: string, code = 'invalid') =>
  new HttpError(400, message, code, { extra: { errors: [{ path, message }] } });

export interface FieldError {
  path: string;
  message: string;
}

export function zodFieldErrors(error: ZodError): FieldError[] {
  // One value can fail several checks that share a message (a 21-digit number of years is neither
  // whole nor at most 60): the field says it once, not "x: …; x: …".
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const i of error.issues) {
    const e = { path: formatPath(i.path), message: i.message };
    const key = `${e.path}\u0000${e.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  return out;
}

/**
 * One sentence for a form's problems: "Invalid request body: password: Enter a password; name:
 * Enter your full name." Most messages are sentences of their own, so each loses its full stop
 * before the join (not "…password.; name: …") and the whole gets one.
 */
export function describeFieldErrors(prefix: string, errors: FieldError[]): string {
  const parts = errors
    .slice(0, 5)
    .map((e) => (e.path ? `${e.path}: ${e.message}` : e.message).replace(/\.+$/, ''));
  const more = errors.length > 5 ? ` (and ${errors.length - 5} more)` : '';
  return `${prefix}: ${parts.join('; ')}${more}.`;
}

const PART_NAMES: Record<string, string> = {
  body: 'Invalid request body',
  querystring: 'Invalid query parameter',
  params: 'Invalid path parameter',
  headers: 'Invalid header',
};

/**
 * A database error without its query parameters or row values, safe to log: drizzle's message
 * carries the parameters (emails, phone numbers, password hashes, step data) and PostgreSQL's
 * `detail` the row values. Every error the handler below logs goes through it, so no feature
 * needs its own handler for this.
 */
export function redactDatabaseError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof HttpError) return error;
  const isDb = error.name === 'DrizzleQueryError' || /^Failed query/.test(error.message);
  const pg = (isDb ? error.cause : error) as
    | { code?: unknown; severity?: unknown; constraint?: unknown }
    | undefined;
  if (!isDb && !(pg && typeof pg.code === 'string' && typeof pg.severity === 'string')) return error;
  const code = typeof pg?.code === 'string' ? pg.code : 'unknown';
  const constraint = typeof pg?.constraint === 'string' ? ` on ${pg.constraint}` : '';
  return new Error(`Database query failed: SQLSTATE ${code}${constraint} (parameters redacted)`);
}

/**
 * Every error leaves as `{detail, code?, errors?}`. Anything a client can send maps to a
 * 4xx with a message it can act on; only our own faults are 500, and their text is never leaked.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  // Every parse in this process (the routes' schemas and the handlers' own safeParse) words a
  // problem its schema has no message for as a sentence ("name: must be at most 150 characters",
  // "card_id: must be text, not null"), never zod's "Too big: expected string to have <=150
  // characters". A schema's own message still wins.
  z.config({ customError: readableIssue });
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    // A stream answer (a document download) that failed before its first byte has already
    // copied its headers onto the raw response, where Fastify's getHeader still finds them: the
    // `{detail}` below would go out as the file's type, which Fastify refuses with a 500 in its
    // own words. They belong to the file, not to this answer.
    if (!reply.raw.headersSent) {
      for (const name of ['content-type', 'content-length', 'content-disposition']) {
        reply.removeHeader(name);
        reply.raw.removeHeader(name);
      }
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ detail: error.detail, ...(error.code ? { code: error.code } : {}), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = (error as FastifyError).validationContext ?? 'body';
      // A value of the wrong type is said to be that, once: zod 4 still runs a length check on a
      // list sent where text goes, and `password: []` read "must be text, not a list; Password is
      // required.".
      const wrongType = new Set(
        error.validation.filter((v) => v.keyword === 'invalid_type').map((v) => v.instancePath),
      );
      const issues = error.validation.filter(
        (v) => v.keyword === 'invalid_type' || !wrongType.has(v.instancePath),
      );
      const errors = issues.map((v) => ({
        // The provider joins zod's path with '/', list indexes too: read them back as indexes, so
        // a route's paths read as the handlers' do (`spending[0].amount`, not `spending.0.amount`).
        path: formatPath(
          String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean)
            .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)),
        ),
        message: v.message ?? 'is invalid',
      }));
      return reply.status(400).send({
        detail: describeFieldErrors(PART_NAMES[part] ?? 'Invalid request', errors),
        code: 'invalid',
        errors,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ detail: 'Internal server error.', code: 'internal' });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type, ...).
      // Our own codes, not the framework's (clients match on them; a Fastify upgrade must not
      // rename them), and a detail that says what to send instead.
      const code =
        error.name === 'SyntaxError' ? 'FST_ERR_CTP_INVALID_JSON_BODY' : (error as FastifyError).code;
      const own = BODY_ERRORS.get(code);
      return reply
        .status(status)
        .send(
          own ? { detail: own[0](request), code: own[1] } : { detail: error.message, code: 'bad_request' },
        );
    }
    request.log.error({ err: redactDatabaseError(error) }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error.', code: 'internal' });
  });
}

const BODY_ERRORS = new Map<string, [detail: (request: FastifyRequest) => string, code: string]>([
  ['FST_ERR_CTP_INVALID_JSON_BODY', [() => 'Invalid JSON body.', 'invalid_json']],
  [
    'FST_ERR_CTP_EMPTY_JSON_BODY',
    [
      () => 'The request body is empty; send a JSON body, or no Content-Type header when there is none.',
      'empty_body',
    ],
  ],
  [
    'FST_ERR_CTP_BODY_TOO_LARGE',
    [
      (request) =>
        `The request body is too large (at most ${Math.floor(request.routeOptions.bodyLimit / 1024)} KB here).`,
      'body_too_large',
    ],
  ],
  [
    'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    [
      (request) =>
        `Unsupported content type '${String(request.headers['content-type'] ?? '').slice(0, 100)}': this API takes application/json, and multipart/form-data for uploads.`,
      'unsupported_media_type',
    ],
  ],
  [
    'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    [() => 'The Content-Length header does not match the body.', 'invalid_content_length'],
  ],
]);

const CLIENT_ERRORS: Record<string, [status: number, text: string, detail: string, code: string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'The request headers (or the URL) are too large.',
    'headers_too_large',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    'Request Timeout',
    'The request took too long to arrive.',
    'request_timeout',
  ],
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route runs (a raw
 * non-ASCII byte in the URL, a NUL in a header, two Content-Lengths, a bad chunk, headers over
 * the limit) also leaves as `{detail, code}`, like every other error (Fastify's default had
 * `{error, message, statusCode}`). The connection is closed, as Node does.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, detail, code] = (err.code && Object.hasOwn(CLIENT_ERRORS, err.code)
    ? CLIENT_ERRORS[err.code]
    : undefined) ?? [400, 'Bad Request', 'Malformed HTTP request.', 'bad_request'];
  const body = JSON.stringify({ detail, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * The Host header, which names the site and so the tenant (plumbing/tenancy.ts), for pages and the
 * API alike:
 * - HTTP/1.1 requires one (RFC 9112 §3.2: a request without one gets a 400). Node refuses such a
 *   request itself with an empty body unless `requireHostHeader` is off; it is off (app.ts) so
 *   that this hook, the first to run, refuses it with `{detail, code}` like every other refusal.
 *   HTTP/1.0 has no such rule: those requests go on to the default tenant, as before.
 * - Two are a 400 too (same section): Node keeps the first, and a proxy in front may have routed
 *   by the other.
 */
export function refuseBadHost(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const detail =
    request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor >= 1 && !request.headers.host
      ? 'The Host header is required.'
      : hostHeaderCount(request.raw.rawHeaders) > 1
        ? 'The request has more than one Host header.'
        : undefined;
  if (detail) {
    void reply.status(400).header('connection', 'close').send({ detail, code: 'bad_request' });
    return;
  }
  done();
}

function hostHeaderCount(raw: string[]): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'host') n++;
  return n;
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;

/**
 * A body this API would misread: Fastify's JSON parser reads every body as UTF-8 and ignores
 * Content-Encoding, so a gzip body would be parsed as its compressed bytes and a UTF-16 one as
 * garbled text (saved as U+FFFD). Both are 415 with a detail instead. Only bodies are checked.
 */
export function refuseUnreadableBody(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const encoding = String(request.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (encoding && encoding !== 'identity') {
    void reply.status(415).send({
      detail: `Compressed request bodies are not accepted (Content-Encoding: ${encoding.slice(0, 40)}): send the body as it is.`,
      code: 'unsupported_content_encoding',
    });
    return;
  }
  const type = String(request.headers['content-type'] ?? '');
  const charset = CHARSET.exec(type)?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8' && /^application\/json\b/i.test(type)) {
    void reply.status(415).send({
      detail: `The request body must be UTF-8 (charset=${charset.slice(0, 40)} given).`,
      code: 'unsupported_charset',
    });
    return;
  }
  done();
}

/**
 * Node answers an `Expect` header other than `100-continue` itself, with a 417 and no body; a
 * listener of its `checkExpectation` event answers instead, so that refusal carries
 * `{detail, code}` like every other one. No route runs: the request is not processed.
 */
export function refuseExpectation(_request: IncomingMessage, response: ServerResponse): void {
  const body = JSON.stringify({
    detail: "The Expect header is not supported (only '100-continue' is).",
    code: 'expectation_failed',
  });
  response.writeHead(417, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}

/**
 * A CONNECT request (a client taking this server for a proxy): Node emits `connect` for it, and
 * with no listener it closed the connection without a word. It is answered 405 with
 * `{detail, code}` like every other refusal, and the connection closed: no tunnel is opened.
 */
export function refuseConnect(_request: IncomingMessage, socket: Duplex): void {
  const body = JSON.stringify({
    detail: 'CONNECT is not supported: this server is not a proxy.',
    code: 'method_not_allowed',
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.end();
  socket.on('error', () => {});
}

/**
 * Fastify's `frameworkErrors`: the router's own rejections (a malformed %-escape in the path, a
 * segment over the parameter limit) bypass setErrorHandler and would leave without `detail`.
 * They run before any hook too, so they set the security headers themselves (`securityHeaders`):
 * `/api/cards/%E0%A4%A` went out without CSP, nosniff, X-Frame-Options or no-store. No route
 * matched, so there is no telling an API path from a page: a refusal is never worth caching.
 */
export function frameworkErrorHandler(headers: Readonly<Record<string, string>>) {
  return (_error: Error, _request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(headers).header('cache-control', 'no-store').status(400).send({
      detail: 'The request path is not valid (a malformed %-escape or a segment over 200 characters).',
      code: 'bad_url',
    });
  };
}
