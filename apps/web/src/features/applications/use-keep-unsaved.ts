import { useEffect } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { keepUnsaved, type UnsavedStep } from './unsaved-input.ts';

/**
 * Keeps what is typed into a step's form and not saved yet (unsaved-input.ts). It watches from
 * when its effect runs, so a step calls it after its own effects: the personal step's account
 * mobile number, filled in on arrival by an earlier effect, is then set before the watch begins.
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
