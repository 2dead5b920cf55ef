import type { ClipboardEvent } from 'react';

/**
 * The 10 digits of an Indian mobile number as people paste it: separators dropped, and a
 * leading country code (+91, 0091, 91) or trunk 0 dropped when what follows is 10 digits.
 * Anything else keeps its digits as they are (a field's length limit and check deal with it).
 */
export function mobileDigitsOf(text: string): string {
  return text.replace(/\D/g, '').replace(/^(?:0{0,2}91)?0?(?=\d{10}$)/, '');
}

/**
 * `onPaste` of every mobile-number field (sign-up, profile, contact, the application's personal
 * step, the referral dialog, the generic form). Left to the browser, a field's maxLength cut
 * the raw text before anything could clean it: "+91 98765 43210" in a 10-character field
 * became "+91 98765 " (or "9198765432" once the referral dialog kept its digits), "098765
 * 43210" became "0987654321".
 *
 * The pasted text is cleaned first (`mobileDigitsOf`), then inserted at the selection as
 * typing would be, as much of it as the field's maxLength leaves room for, so typing stays
 * limited as before. The change goes through the input's own `input` event, so each form's
 * `onChange` (react-hook-form's, the referral dialog's digits-only rule) sees it as it sees a
 * key; the caret ends after the inserted digits.
 */
export function pasteMobileNumber(event: ClipboardEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
  const digits = mobileDigitsOf(event.clipboardData.getData('text'));
  event.preventDefault();
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const kept = input.value.length - (end - start);
  const room = input.maxLength >= 0 ? Math.max(0, input.maxLength - kept) : digits.length;
  const inserted = digits.slice(0, room);
  const value = input.value.slice(0, start) + inserted + input.value.slice(end);
  if (value !== input.value) {
    // The prototype's setter, not `input.value = …`: React tracks the property it defines on the
    // element, and a value set through it would not count as a change.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const at = Math.min(start + inserted.length, input.value.length);
  try {
    input.setSelectionRange(at, at);
  } catch {
    // Input types without a selection (none of the callers): nothing to place.
  }
}
