import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer prepared once and sent many times: bytes, their gzip, and an ETag. */
export interface PreparedJson {
  body: Buffer;
  gzip: Buffer;
  /**
   * Weak, because one tag stands for the plain and the gzipped bytes (RFC 9110 §8.8.3:
   * a strong tag would have to differ per content coding); If-None-Match compares weakly.
   */
  etag: string;
}

export function prepareJson(value: unknown): PreparedJson {
  const body = Buffer.from(JSON.stringify(value));
  return {
    body,
    gzip: gzipSync(body, { level: 9 }),
    etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
  };
}

/**
 * Whether an Accept-Encoding value allows gzip: named (or `x-gzip`, or `*`) with a q-value
 * above 0. Browsers send the same value on every request, so the last answer is remembered.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  if (header === lastHeader) return lastAnswer;
  let gzip: boolean | undefined;
  let star = false;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const allowed = q === undefined || Number(q) > 0;
    if (name === 'gzip' || name === 'x-gzip') gzip = allowed;
    else if (name === '*') star = allowed;
  }
  lastHeader = header;
  lastAnswer = gzip ?? star;
  return lastAnswer;
}
let lastHeader: string | undefined;
let lastAnswer = false;

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
 * Sends a prepared answer without serialising it again (the route still declares its
 * response schema for the docs): 304 when the client has it, gzip when it accepts it.
 * Buffers skip Fastify's serialiser, so nothing per request is built beyond the headers.
 */
export function sendPreparedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedJson,
): FastifyReply {
  reply.header('etag', prepared.etag).header('vary', 'accept-encoding, x-tenant');
  if (matchesEtag(request.headers['if-none-match'], prepared.etag)) return reply.status(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  // The typed reply expects the schema's object type; these bytes are that object.
  if (acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(prepared.gzip as never);
  }
  return reply.send(prepared.body as never);
}
