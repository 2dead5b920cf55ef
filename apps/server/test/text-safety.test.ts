import { describe, expect, it } from 'vitest';
import { findUnstorableText } from '../src/plumbing/text-safety.ts';

describe('findUnstorableText', () => {
  it('names the first string or key holding NUL or an unpaired surrogate', () => {
    expect(findUnstorableText({ a: 'fine', b: ['ok', 'x\u0000'] })).toBe('b[1]');
    expect(findUnstorableText({ data: { city: 'a\ud800' } })).toBe('data.city');
    expect(findUnstorableText({ data: { 'k\udc00': 1 } })).toBe('data.k\udc00');
    expect(findUnstorableText('\u0000')).toBe('(body)');
  });

  it('passes ordinary text, paired surrogates (emoji) and non-strings', () => {
    expect(findUnstorableText({ name: 'Kavya 😀 नायर', n: 5, t: true, z: null, list: [] })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
  });

  it('walks a body nested 200,000 levels deep without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^(\[0\])+$/);
  });
});
