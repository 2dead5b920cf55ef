import { createHash } from 'node:crypto';
import { brotliCompress, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer prepared once and sent many times: its bytes, their gzip, their brotli once
 * the answer has proved popular (see `queueBrotli`), and an ETag.
 */
export interface PreparedJson {
  body: Buffer;
  gzip: Buffer;
  /** Set in the background after the answer's second send to a client that takes br. */
  br: Buffer | undefined;
  /**
   * Weak, because one tag stands for the plain, gzip and brotli bytes (RFC 9110 §8.8.3: a
   * strong tag would have to differ per content coding); If-None-Match compares weakly.
   */
  etag: string;
  /** Sends so far, counted until brotli is queued. */
  sends: number;
  brotliQueued: boolean;
}

export function prepareJson(value: unknown): PreparedJson {
  const body = Buffer.from(JSON.stringify(value));
  return {
    body,
    gzip: gzipSync(body, { level: 9 }),
    br: undefined,
    etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
    sends: 0,
    brotliQueued: false,
  };
}

/** q-values a client gives brotli and gzip (0: not acceptable). */
export interface AcceptedCodings {
  br: number;
  gzip: number;
}
const NONE: AcceptedCodings = Object.freeze({ br: 0, gzip: 0 });

/**
 * Parses Accept-Encoding: a coding is acceptable when named (gzip also as x-gzip) or
 * covered by `*` with a q-value above 0. Browsers send the same value on every request,
 * so the last answer is remembered.
 */
export function acceptedCodings(header: string | undefined): AcceptedCodings {
  if (!header) return NONE;
  if (header === lastHeader) return lastCodings;
  let br: number | undefined;
  let gzip: number | undefined;
  let star = 0;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    const qParam = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const q = qParam === undefined ? 1 : Math.min(1, Number(qParam) || 0);
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = q;
    else if (name === '*') star = q;
  }
  lastHeader = header;
  lastCodings = Object.freeze({ br: br ?? star, gzip: gzip ?? star });
  return lastCodings;
}
let lastHeader: string | undefined;
let lastCodings = NONE;

/** If-None-Match against our weak tag: `*`, or a list naming it (weak comparison, W/ ignored). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === opaque;
  });
}

/**
 * Brotli at its best quality makes the card list about 15% smaller than gzip -9, but costs
 * tens of milliseconds for 50 kB. So it runs off the event loop (zlib's thread pool), one
 * answer at a time, only for answers sent twice, and within a budget of thread time that
 * refills at BROTLI_BUDGET_MS_PER_S (a crawler walking many filter URLs cannot make it use a
 * core). An answer it skips stays gzip and is queued again on a later send.
 */
const BROTLI_BUDGET_MS_PER_S = 50;
const BROTLI_BUDGET_CAP_MS = 2000;
const MAX_BROTLI_QUEUE = 16;
const brotliQueue: PreparedJson[] = [];
let brotliRunning = false;
let budgetMs = BROTLI_BUDGET_CAP_MS;
let budgetAt = Date.now();

function queueBrotli(prepared: PreparedJson): void {
  if (brotliQueue.length >= MAX_BROTLI_QUEUE) return;
  prepared.brotliQueued = true;
  brotliQueue.push(prepared);
  runBrotliQueue();
}

function runBrotliQueue(): void {
  if (brotliRunning) return;
  const now = Date.now();
  budgetMs = Math.min(BROTLI_BUDGET_CAP_MS, budgetMs + ((now - budgetAt) * BROTLI_BUDGET_MS_PER_S) / 1000);
  budgetAt = now;
  const next = brotliQueue.shift();
  if (!next) return;
  if (budgetMs <= 0) {
    // Over budget: forget the queue (a later send queues an answer again).
    for (const p of [next, ...brotliQueue]) {
      p.brotliQueued = false;
      p.sends = 0;
    }
    brotliQueue.length = 0;
    return;
  }
  brotliRunning = true;
  const started = performance.now();
  brotliCompress(
    next.body,
    {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: next.body.length,
      },
    },
    (err, out) => {
      budgetMs -= performance.now() - started;
      brotliRunning = false;
      if (!err && out.length < next.gzip.length) next.br = out;
      runBrotliQueue();
    },
  );
}

/**
 * Sends a prepared answer without serialising it again (the route still declares its
 * response schema for the docs): 304 when the client has it, else the smallest coding it
 * takes. Buffers skip Fastify's serialiser, so nothing per request is built beyond headers.
 */
export function sendPreparedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedJson,
): FastifyReply {
  // Public and the same for everyone of the tenant, but always revalidated (it changes on import).
  reply
    .header('etag', prepared.etag)
    .header('vary', 'accept-encoding, x-tenant')
    .header('cache-control', 'no-cache');
  if (matchesEtag(request.headers['if-none-match'], prepared.etag)) return reply.status(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  const codings = acceptedCodings(request.headers['accept-encoding']);
  if (codings.br > 0 && prepared.br === undefined && !prepared.brotliQueued && ++prepared.sends >= 2) {
    queueBrotli(prepared);
  }
  // The typed reply expects the schema's object type; these bytes are that object.
  if (prepared.br !== undefined && codings.br > 0 && codings.br >= codings.gzip) {
    return reply.header('content-encoding', 'br').send(prepared.br as never);
  }
  if (codings.gzip > 0) return reply.header('content-encoding', 'gzip').send(prepared.gzip as never);
  if (prepared.br !== undefined && codings.br > 0) {
    return reply.header('content-encoding', 'br').send(prepared.br as never);
  }
  return reply.send(prepared.body as never);
}
