import { describe, expect, it } from 'vitest';
import {
  MOBILE_TYPING_MAX_LENGTH,
  mobileDigitsOf,
  typedMobileNumber,
  typedMobileState,
} from './phone-input.ts';

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

/** What the field shows after each key of `typed` (caret at the end), with the prefix it holds back. */
function shownWhileTyping(typed: string): string[] {
  const shown: string[] = [];
  let state = { value: '', pending: '' };
  for (const key of typed) {
    state = typedMobileState(state.value + key, state.pending);
    shown.push(state.value);
  }
  return shown;
}
const afterTyping = (typed: string) => shownWhileTyping(typed).at(-1) ?? '';

describe('typedMobileNumber (a mobile number typed key by key)', () => {
  it.each([
    '9876543210',
    '98765 43210',
    '+91 98765 43210',
    '+91-98765-43210',
    '+919876543210',
    '91 98765 43210',
    '098765 43210',
    '0 98765 43210',
    '0091 98765 43210',
    '+91 0 98765 43210',
  ])('%s ends as 9876543210', (typed) => expect(afterTyping(typed)).toBe('9876543210'));

  it('ends at the 10 digits typed after any prefix, whatever they start with', () => {
    const numbers = ['9123456789', '9191919191', '9100000000', '6000000000', '7091009100', '8009100910'];
    const prefixes = ['', '+91', '+91 ', '91', '0', '0091', '+910', '00910', '+91 0'];
    for (const n of numbers) for (const p of prefixes) expect(afterTyping(p + n), p + n).toBe(n);
  });

  it('holds something no check passes while the number is unfinished', () => {
    // An unfinished "+91 98765 432" is not the 10-digit 9198765432.
    expect(afterTyping('+91 98765 432')).toBe('98765432');
    expect(afterTyping('+91 98765 4321')).toBe('987654321');
    expect(afterTyping('91 98765 4321')).toBe('987654321');
    expect(afterTyping('9198765 4321')).toBe('91987654321');
    expect(afterTyping('0 98765 432')).toBe('98765432');
  });

  // The field shows a fixed "+91" before it: what is typed of a "+91", "0091" or trunk 0 never
  // shows beside it ("+91 | +91987…", "+91 | 0091987…"), at any key, only the number's own digits.
  it.each(['+91 98765 43210', '+919876543210', '0091 98765 43210', '098765 43210', '+91 0 98765 43210'])(
    '%s never shows its prefix while typed',
    (typed) => {
      const number = '9876543210';
      for (const shown of shownWhileTyping(typed)) expect(number.startsWith(shown), shown).toBe(true);
    },
  );

  it('takes "91" set apart by a space or "-" as the country code as soon as it is', () => {
    expect(shownWhileTyping('91 98765')).toEqual(['9', '91', '', '9', '98', '987', '9876', '98765']);
    expect(afterTyping('91-98765-43210')).toBe('9876543210');
    // Typed straight on, "91" may begin the number itself.
    expect(afterTyping('91234 56789')).toBe('9123456789');
    expect(afterTyping('9198765')).toBe('9198765');
  });

  it('keeps an 11th digit that is no prefix, so the number is refused, not taken as another one', () => {
    expect(afterTyping('98765432101')).toBe('98765432101');
    expect(afterTyping('9876543210 1')).toBe('98765432101');
  });

  it('takes a number inserted in one go (autofill, a drop) as its 10 digits, however long as written', () => {
    expect(typedMobileNumber('0091 98765 43210')).toBe('9876543210');
    expect(typedMobileNumber('+91 (0) 98765-43210')).toBe('9876543210');
  });

  it('keeps digits only, and no more than a prefix and 10 digits', () => {
    expect(typedMobileNumber('98a76-5')).toBe('98765');
    expect(typedMobileNumber('98+765')).toBe('98765');
    expect(typedMobileNumber('+44 7700 900123')).toBe('447700900123');
    expect(typedMobileNumber('1234567890123456789')).toBe(
      '1234567890123456789'.slice(0, MOBILE_TYPING_MAX_LENGTH),
    );
  });
});
