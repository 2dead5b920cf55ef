import type { ChangeEvent, ClipboardEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { normaliseKeepingCaret } from './keep-caret.ts';

/** Shown before every mobile field, so people need not type the country code at all. */
export const INDIA_CALLING_CODE = '+91';

/**
 * Under every mobile field: what the contracts' Indian mobile rule accepts. Sign-up and contact
 * said only "10 digits", so a number starting 1–5 was refused with nothing having said why.
 */
export const MOBILE_HINT = '10 digits starting 6–9; +91 is optional.';

/**
 * How long a mobile field's value may grow while it is typed: the 10 digits and the "91" and
 * trunk 0 someone may type before them without a "+" ("910 98765 43210"), which cannot come off
 * until the whole number is there (see `typedMobileState`). A 10-character limit refused the last
 * two digits of "91 98765 43210" typed key by key and kept "9198765432", a wrong number that even
 * passed the check.
 *
 * The value is cut to it once cleaned, not by the input's maxLength: that would cut a number
 * inserted in one go (autofill, a drop, an IME) before it could be cleaned, and
 * "0091 98765 43210" has 16 characters.
 */
export const MOBILE_TYPING_MAX_LENGTH = 13;

/**
 * The 10 digits of an Indian mobile number as people paste it: separators dropped, and a
 * leading country code (+91, 0091, 91) or trunk 0 dropped when what follows is 10 digits.
 * Anything else keeps its digits as they are (a field's length limit and check deal with it).
 */
export function mobileDigitsOf(text: string): string {
  return text.replace(/\D/g, '').replace(/^(?:0{0,2}91)?0?(?=\d{10}$)/, '');
}

/** A leading "+" and the digits: what a mobile field reads of `text` before any prefix comes off. */
function keptOf(text: string): string {
  return (/^\s*\+/.test(text) ? '+' : '') + text.replace(/\D/g, '');
}

/**
 * "91" set apart at the start ("91 98765…", "91-98765…") is the country code written without its
 * "+": a mobile number's own digits are grouped 5 and 5 ("91234 56789"). Marked with the "+" it
 * left out, it comes off as "+91" does, as soon as the separator is typed.
 */
function countryCodeMarked(text: string): string {
  return /^\s*91[\s-]/.test(text) ? `+${text.trimStart()}` : text;
}

/** The starts of "+91" and "0091" (and a trunk "0"): typed, they are not yet known to be a prefix. */
const PREFIX_STARTS = new Set(['+', '+9', '0', '00', '009']);

/**
 * A mobile field's value after a key, the prefix typed so far that it holds back, and where the
 * caret goes. The field shows a fixed "+91" before it (ADR 015), so what is typed of a prefix
 * is never shown beside it: "+91 | 91987…" read as a number beginning 91.
 *
 * - A "+" or "00" opens a country code: "+", "+9", "00", "009" are held back (`pending`, the field
 *   empty), and once "+91" or "0091" is complete it comes off; "+" before anything else is
 *   dropped (the field takes Indian numbers only, and the check refuses what is left).
 * - A leading 0 is a trunk 0 (no Indian mobile number starts with 0): it never shows.
 * - "91" typed without a "+" comes off once a space or "-" sets it apart ("91 98765…"). Typed
 *   straight on ("919876…") it may be the start of the number itself (91234 56789), so it stays
 *   until 10 digits follow it; then the field becomes those 10 digits, as with any prefix.
 *
 * An 11th digit that is no prefix ("98765432101") stays, refused by the check rather than dropped
 * or taken as another number.
 */
export function typedMobileState(
  raw: string,
  pending = '',
  caret: number = raw.length,
): { value: string; pending: string; caret: number } {
  const kept = keptOf(countryCodeMarked(pending + raw));
  if (PREFIX_STARTS.has(kept)) return { value: '', pending: kept, caret: 0 };
  const international = /^(?:\+91|0091|\+)/.exec(kept)?.[0] ?? '';
  const national = kept.slice(international.length).replace(/^0+/, '');
  const digits = mobileDigitsOf(national);
  const value = digits.slice(0, MOBILE_TYPING_MAX_LENGTH);
  // What came off came off the front (the length cut is at the end).
  const front = kept.length - digits.length;
  const before = keptOf(countryCodeMarked(pending + raw.slice(0, caret))).length;
  return { value, pending: '', caret: Math.min(Math.max(0, before - front), value.length) };
}

/** A mobile field's value once `raw` is typed or inserted in one go (see `typedMobileState`). */
export function typedMobileNumber(raw: string): string {
  return typedMobileState(raw).value;
}

/** The prefix each mobile field holds back while it shows nothing (`typedMobileState`). */
const pendingPrefixes = new WeakMap<HTMLInputElement, string>();

/**
 * `onChange` of every mobile field: the value becomes `typedMobileState`'s, the caret stays
 * where the person was typing. `write` stores it (see `normaliseKeepingCaret`); a field left to
 * react-hook-form's `register` stores nothing here (`mobileNumberField`). A prefix held back is
 * forgotten when the field is left, so a "+" typed and abandoned does not join a later number.
 */
export function normaliseMobileInput(input: HTMLInputElement, write: (value: string) => void): void {
  const pending = pendingPrefixes.get(input) ?? '';
  const next = typedMobileState(input.value, pending, input.selectionStart ?? input.value.length);
  if (next.pending) {
    if (!pendingPrefixes.has(input))
      input.addEventListener('blur', () => pendingPrefixes.delete(input), { once: true });
    pendingPrefixes.set(input, next.pending);
  } else pendingPrefixes.delete(input);
  normaliseKeepingCaret(
    input,
    () => next.value,
    write,
    () => next.caret,
  );
}

/**
 * A react-hook-form `register(…)` of a mobile field, typed and pasted as every mobile field is:
 * the input's value is normalised first, so the form reads the normalised value from the event.
 */
export function mobileNumberField<R extends UseFormRegisterReturn>(registration: R) {
  return {
    ...registration,
    onPaste: pasteMobileNumber,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      normaliseMobileInput(event.currentTarget, () => {});
      return registration.onChange(event);
    },
  };
}

/**
 * `onPaste` of every mobile-number field (sign-up, profile, contact, the application's personal
 * step, the referral dialog, the generic form). Left to the browser, a field's maxLength (they
 * had one then) cut the raw text before anything could clean it: "+91 98765 43210" in a 10-character field
 * became "+91 98765 " (or "9198765432" once the referral dialog kept its digits), "098765
 * 43210" became "0987654321".
 *
 * The pasted text is cleaned first (`mobileDigitsOf`; at the start of the field a partial
 * "+91 98765" keeps its "+"), then inserted at the selection as typing would be. The change goes
 * through the input's own `input` event, so each field's `onChange` (`normaliseMobileInput`)
 * sees it as it sees a key: pasted after a typed "+91", the 10 digits still end alone, and no
 * prefix shows beside the field's fixed "+91"; the caret ends after the inserted digits.
 */
export function pasteMobileNumber(event: ClipboardEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
  const text = event.clipboardData.getData('text');
  event.preventDefault();
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  // At the start of the field a pasted "+91 98765" keeps its "+", so the typing rules take the
  // country code off even before the number is whole; elsewhere only its digits go in.
  const digits =
    start === 0 && mobileDigitsOf(text).length !== 10
      ? keptOf(countryCodeMarked(text))
      : mobileDigitsOf(text);
  const value = input.value.slice(0, start) + digits + input.value.slice(end);
  if (value !== input.value) {
    // The prototype's setter, not `input.value = …`: React tracks the property it defines on the
    // element, and a value set through it would not count as a change.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  // Where the end of the insertion lands once a prefix before it came off.
  const at = Math.min(typedMobileState(value, '', start + digits.length).caret, input.value.length);
  try {
    input.setSelectionRange(at, at);
  } catch {
    // Input types without a selection (none of the callers): nothing to place.
  }
}
