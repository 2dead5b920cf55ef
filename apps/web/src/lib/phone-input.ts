import type { ChangeEvent, ClipboardEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { normaliseKeepingCaret } from './keep-caret.ts';

/** Shown before every mobile field, so people need not type the country code at all. */
export const INDIA_CALLING_CODE = '+91';

/**
 * How long a mobile field's value may grow while it is typed: the longest prefix
 * `mobileDigitsOf` takes off ("0091" and a trunk 0) and the 10 digits. A 10-character limit
 * refused the last two digits of "+91 98765 43210" typed key by key and kept "9198765432", a
 * wrong number that even passed the check.
 *
 * The value is cut to it once cleaned, not by the input's maxLength: that would cut a number
 * inserted in one go (autofill, a drop, an IME) before it could be cleaned, and
 * "0091 98765 43210" has 16 characters.
 */
export const MOBILE_TYPING_MAX_LENGTH = 15;

/**
 * The 10 digits of an Indian mobile number as people paste it: separators dropped, and a
 * leading country code (+91, 0091, 91) or trunk 0 dropped when what follows is 10 digits.
 * Anything else keeps its digits as they are (a field's length limit and check deal with it).
 */
export function mobileDigitsOf(text: string): string {
  return text.replace(/\D/g, '').replace(/^(?:0{0,2}91)?0?(?=\d{10}$)/, '');
}

/** A leading "+" and the digits: what a mobile field keeps of `text` before any prefix comes off. */
function keptOf(text: string): string {
  return (/^\s*\+/.test(text) ? '+' : '') + text.replace(/\D/g, '');
}

/**
 * A mobile field's value after a key, and where the caret goes in it. The value is kept as typed
 * (digits, and a leading "+") until a country code or trunk 0 is followed by exactly 10 digits;
 * then it becomes those 10 digits. So every key of "+91 98765 43210" or "098765 43210" is taken
 * and the field ends at 9876543210, and until then it holds something no field's check passes
 * ("+91987654321", "09876543" – the "+" stays so an unfinished "+91 98765 432" never reads as
 * the 10-digit 9198765432). An 11th digit that is no prefix ("98765432101") stays, refused by
 * the check rather than dropped or taken as another number.
 *
 * A prefix can come off before the number is complete ("0091 98765 4" is a trunk 0 and
 * 0919876543); the keys that follow take the rest off, so the field still ends at the 10 digits.
 */
function typedMobile(raw: string, caret: number): { value: string; caret: number } {
  const digits = raw.replace(/\D/g, '');
  const national = mobileDigitsOf(raw);
  if (national.length < digits.length) {
    const cut = digits.length - national.length;
    const before = raw.slice(0, caret).replace(/\D/g, '').length;
    return { value: national, caret: Math.max(0, before - cut) };
  }
  const value = keptOf(raw).slice(0, MOBILE_TYPING_MAX_LENGTH);
  return { value, caret: Math.min(keptOf(raw.slice(0, caret)).length, value.length) };
}

/** A mobile field's value as typed so far (see `typedMobile`). */
export function typedMobileNumber(raw: string): string {
  return typedMobile(raw, raw.length).value;
}

/**
 * `onChange` of every mobile field: the value becomes `typedMobileNumber`'s, the caret stays
 * where the person was typing. `write` stores it (see `normaliseKeepingCaret`); a field left to
 * react-hook-form's `register` stores nothing here (`mobileNumberField`).
 */
export function normaliseMobileInput(input: HTMLInputElement, write: (value: string) => void): void {
  normaliseKeepingCaret(input, typedMobileNumber, write, (raw, caret) => typedMobile(raw, caret).caret);
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
 * The pasted text is cleaned first (`mobileDigitsOf`), then inserted at the selection as
 * typing would be. The change goes through the input's own `input` event, so each field's `onChange` (`normaliseMobileInput`)
 * sees it as it sees a key: pasted after a typed "+91", the 10 digits still end alone; the
 * caret ends after the inserted digits.
 */
export function pasteMobileNumber(event: ClipboardEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
  const digits = mobileDigitsOf(event.clipboardData.getData('text'));
  event.preventDefault();
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const value = input.value.slice(0, start) + digits + input.value.slice(end);
  if (value !== input.value) {
    // The prototype's setter, not `input.value = …`: React tracks the property it defines on the
    // element, and a value set through it would not count as a change.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const at = Math.min(start + digits.length, input.value.length);
  try {
    input.setSelectionRange(at, at);
  } catch {
    // Input types without a selection (none of the callers): nothing to place.
  }
}
