import type { FastifyReply } from 'fastify';

/**
 * Sends a body that is already JSON text (a cached answer) without running the route's
 * response serialiser again. The route still declares its response schema for the docs.
 */
export function sendJsonText(reply: FastifyReply, body: string): FastifyReply {
  // The typed reply expects the schema's object type; the text is that object, serialised.
  return reply
    .type('application/json; charset=utf-8')
    .serializer((p) => p as string)
    .send(body as never);
}
