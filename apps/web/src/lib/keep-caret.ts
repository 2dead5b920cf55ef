/**
 * Rewrites an input's value as a field's rule wants it (upper-cased, refused characters
 * dropped) and puts the caret back where the person was typing. Setting `value` sends the caret
 * to the end, so the next key of a correction made inside the value landed at its end
 * ("ABCE1234FD" for "ABCDE1234F").
 *
 * `write` stores the new value (react-hook-form's setValue puts it in the input at once; a
 * controlled input's state update belongs inside `flushSync`, so React has rendered it when the
 * caret is placed). The caret goes where the text before it lands once normalised, or where
 * `caretAt` says when normalising the start alone cannot tell (a mobile number's country code
 * comes off only once the whole number is there).
 */
export function normaliseKeepingCaret(
  input: HTMLInputElement,
  normalise: (raw: string) => string,
  write: (value: string) => void,
  caretAt: (raw: string, caret: number) => number = (raw, caret) => normalise(raw.slice(0, caret)).length,
): void {
  const raw = input.value;
  const caret = input.selectionStart;
  const value = normalise(raw);
  write(value);
  // A refused character leaves the stored value as it was: nothing re-renders, and React would put
  // the old value back after this handler, caret at the end. Put back here, the caret can follow.
  if (input.value !== value) input.value = value;
  if (caret === null || document.activeElement !== input) return;
  const at = Math.min(caretAt(raw, caret), value.length);
  try {
    input.setSelectionRange(at, at);
  } catch {
    // Input types without a selection (none of the callers): nothing to keep.
  }
}
