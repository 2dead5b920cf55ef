import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * Text PostgreSQL cannot store: NUL anywhere (text and jsonb refuse it), and a lone UTF-16
 * surrogate, which JSON allows ("\ud800") but jsonb refuses. Either reached the database from
 * any free-text field (a name, an address line, a spending entry's brand) and answered 500.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The path of the first string (or object key) holding unstorable text, or null. Iterative:
 * a body may be nested 400,000 levels deep within the size limit, and a recursive walk would
 * overflow the stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop() as { value: unknown; path: string };
    if (typeof v === 'string') {
      if (unstorable(v)) return path || '(body)';
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push({ value: v[i], path: `${path}[${i}]` });
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const at = path ? `${path}.${key}` : key;
        if (unstorable(key)) return at;
        stack.push({ value: child, path: at });
      }
    }
  }
  return null;
}

/**
 * Refuses such text in a JSON body, the query string or a path parameter before validation, for
 * every route: `/api/cards/x%00y` was looked up, and its 404 echoed the NUL back.
 */
export function registerTextSafety(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const at = findUnstorableText(value);
      if (at !== null) {
        return done(
          new HttpError(
            400,
            `Invalid ${part}: ${at} contains a NUL character or an unpaired surrogate, which text may not hold.`,
            'invalid_text',
          ),
        );
      }
    }
    done();
  });
}
