import { describe, expect, it } from 'vitest';
import { mobileDigitsOf } from './phone-input.ts';

describe('mobileDigitsOf', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['0091 98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['+91 098765 43210', '9876543210'],
    ['(+91) 98765-43210', '9876543210'],
  ])('%s → %s', (pasted, digits) => expect(mobileDigitsOf(pasted)).toBe(digits));

  it('keeps a number that only starts like a country code, and partial numbers, as they are', () => {
    expect(mobileDigitsOf('9123456789')).toBe('9123456789');
    expect(mobileDigitsOf('0123456789')).toBe('0123456789');
    expect(mobileDigitsOf('98765')).toBe('98765');
    expect(mobileDigitsOf('+91 98765')).toBe('9198765');
    expect(mobileDigitsOf('not a number')).toBe('');
  });
});
