import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isBlank, REQUIRED } from './step-form.tsx';

type Target = { value: string; validity?: ValidityState };

/**
 * A content step's field: changing it clears its error message (spec §4), and a required field
 * left empty says so when it is left (the gated button never lets the submit-time check run;
 * ADR 015). A step wraps `onChange` for what a change of its own fields sets in motion.
 */
export function registerStepField<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'getValues' | 'setError' | 'clearErrors'>,
  name: Path<T>,
  required: boolean,
  /** The field's own reading of what was left (a date the browser could not read), said first. */
  blurMessage?: (target: Target) => string | undefined,
) {
  const r = form.register(name);
  return {
    ...r,
    required,
    onChange: async (e: { target: { value: string } }) => {
      form.clearErrors(name);
      await r.onChange(e as never);
    },
    onBlur: async (e: { target: Target }) => {
      await r.onBlur(e as never);
      const message = blurMessage?.(e.target);
      if (message !== undefined) form.setError(name, { message });
      else if (required && isBlank(form.getValues(name))) form.setError(name, { message: REQUIRED });
    },
  };
}
