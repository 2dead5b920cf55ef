import { describe, expect, it } from 'vitest';
import { readableReference } from '../src/plumbing/crypto.ts';

describe('readableReference', () => {
  it('is the prefix, the year and eight characters that cannot be misread over the phone', () => {
    const ref = readableReference('CW', new Date('2026-06-15T10:00:00Z'));
    expect(ref).toMatch(/^CW-2026-[2-9A-HJKMNP-Z]{8}$/);
  });

  it("carries India's year, not UTC's, around the new year", () => {
    // 19:00 UTC on 31 December is 00:30 on 1 January in India.
    expect(readableReference('CB', new Date('2026-12-31T19:00:00Z'))).toMatch(/^CB-2027-/);
    // 18:00 UTC is 23:30 in India: still the old year.
    expect(readableReference('CB', new Date('2026-12-31T18:00:00Z'))).toMatch(/^CB-2026-/);
  });

  it('differs between calls (random, not a counter)', () => {
    const refs = new Set(Array.from({ length: 50 }, () => readableReference('CW')));
    expect(refs.size).toBe(50);
  });
});
