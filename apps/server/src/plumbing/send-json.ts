import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer prepared once and sent many times: bytes, their gzip, and an ETag. */
export interface PreparedJson {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

export function prepareJson(value: unknown): PreparedJson {
  const body = Buffer.from(JSON.stringify(value));
  return {
    body,
    gzip: gzipSync(body, { level: 6 }),
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
  };
}

const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/**
 * Sends a prepared answer without serialising it again (the route still declares its
 * response schema for the docs): 304 when the client has it, gzip when it accepts it.
 */
export function sendPreparedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedJson,
): FastifyReply {
  reply.header('etag', prepared.etag).header('vary', 'accept-encoding, x-tenant');
  if (request.headers['if-none-match'] === prepared.etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8').serializer((p) => p as string);
  if (acceptsGzip(request)) {
    // The typed reply expects the schema's object type; these bytes are that object.
    return reply.header('content-encoding', 'gzip').send(prepared.gzip as never);
  }
  return reply.send(prepared.body as never);
}
