import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { HttpError } from './errors.ts';

const PARSE_OPTIONS = { protoAction: 'error', constructorAction: 'error' } as const;

/**
 * JSON bodies are read as bytes and refused unless they are UTF-8: Fastify's own parser decodes
 * them without checking, so a byte that is not (a client sending Latin-1 without saying so) became
 * U+FFFD and was saved, a profile's city reading "��" after a 200. The parse is the one Fastify
 * uses (secure-json-parse, `__proto__` and `constructor.prototype` keys refused), but its refusal
 * of such a key is said as what it is: Fastify's parser called that valid JSON "Invalid JSON body.".
 * An empty or malformed body still gets Fastify's own errors, worded in errors.ts.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const fastifyParse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(
        new HttpError(
          400,
          'The request body is not valid UTF-8: send JSON text encoded as UTF-8.',
          'invalid_utf8',
        ),
        undefined,
      );
      return;
    }
    const text = bytes.toString('utf8');
    if (text.length > 0) {
      try {
        done(null, secureJson.parse(text, PARSE_OPTIONS));
        return;
      } catch (error) {
        if (error instanceof SyntaxError && /forbidden prototype property/i.test(error.message)) {
          done(
            new HttpError(
              400,
              "The JSON body has a key this API never accepts: '__proto__', or 'constructor' holding 'prototype'.",
              'forbidden_json_key',
            ),
            undefined,
          );
          return;
        }
      }
    }
    fastifyParse(request, text, done);
  });
}
