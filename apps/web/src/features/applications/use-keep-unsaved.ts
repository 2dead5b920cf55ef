import { useEffect } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { keepUnsaved, type UnsavedStep } from './unsaved-input.ts';

/**
 * Keeps what is typed into a step's form and not saved yet (unsaved-input.ts), on every change
 * of a field, so that a reload can bring it back (the step reads it with `readUnsaved` into its
 * form's default values).
 */
export function useKeepUnsaved<T extends FieldValues>(
  watch: UseFormWatch<T>,
  step: UnsavedStep,
  referenceId: string,
  /** What the server holds: a value left as it is was not typed. */
  saved: Record<string, string>,
  /** A module constant (a new array each render would subscribe again each render). */
  blankIsNotTyped?: readonly string[],
): void {
  useEffect(() => {
    const typed = watch((all, { name }) => {
      if (name) keepUnsaved(step, referenceId, all, saved, blankIsNotTyped);
    });
    return () => typed.unsubscribe();
  }, [watch, step, referenceId, saved, blankIsNotTyped]);
}
