import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/plumbing/errors.ts';
import { inFlightLimit } from '../src/plumbing/in-flight-limit.ts';

describe('inFlightLimit', () => {
  it('lets a client have `max` runs at once, answers 429 past it, and frees a place when a run ends', () => {
    const limit = inFlightLimit(2);
    const a1 = limit.acquire('ip:a');
    limit.acquire('ip:a');
    const err = (() => {
      try {
        limit.acquire('ip:a');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(429);
    expect((err as HttpError).code).toBe('too_many_in_flight');
    // Another client is not affected.
    limit.acquire('ip:b');
    a1();
    a1(); // releasing twice frees one place only
    expect(limit.count('ip:a')).toBe(1);
    limit.acquire('ip:a');
    expect(limit.count('ip:a')).toBe(2);
  });
});
