import { DRAFT_SESSION_KEYS } from '../../lib/application-draft.ts';

/**
 * What the applicant has typed into a step and not saved yet, kept in this tab's session storage
 * (application spec §3: the application state is cached there too) under the application's
 * reference. A reload, a phone's pull-to-refresh, or a tab the phone discarded while the applicant
 * looked up their PAN in another app brought back a blank form: only a save reached the server.
 * Dropped when the step is saved, and with the rest of the draft when the session ends
 * (lib/application-draft.ts), as it holds the same personal data.
 */

export type UnsavedStep = 'personal_details' | 'employment_details';

interface Kept {
  reference_id: string;
  values: Record<string, string>;
  timestamp: number;
}

function tab(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The unsaved values of this application's step, only fields of the form and only text. */
export function readUnsaved<F extends string>(
  step: UnsavedStep,
  referenceId: string | undefined,
  fields: readonly F[],
): Partial<Record<F, string>> {
  if (!referenceId) return {};
  let kept: Partial<Kept> | null = null;
  try {
    kept = JSON.parse(tab()?.getItem(DRAFT_SESSION_KEYS.unsavedStep(step)) ?? 'null');
  } catch {
    return {};
  }
  // Another application's (another card, in this tab before): never this one's.
  if (!kept || kept.reference_id !== referenceId || typeof kept.values !== 'object' || !kept.values)
    return {};
  const out: Partial<Record<F, string>> = {};
  for (const f of fields) {
    const v = (kept.values as Record<string, unknown>)[f];
    if (typeof v === 'string') out[f] = v;
  }
  return out;
}

/**
 * Keeps the fields that differ from what is saved: a value the form filled in itself (the
 * account's mobile number) or left as saved must not later stand over a newer save made in
 * another tab. Nor does a blank in the fields of `blankIsNotTyped` stand over a saved value: a
 * date of birth the browser could not read (a part of it cleared, 31 Feb) has the value '', and a
 * reload showed the saved date of birth erased. (Other blanks stay: a city cleared because the
 * state changed must not come back with the old state's city.)
 */
export function keepUnsaved(
  step: UnsavedStep,
  referenceId: string | undefined,
  values: Record<string, unknown>,
  saved: Record<string, string>,
  blankIsNotTyped: readonly string[] = [],
): void {
  if (!referenceId) return;
  const strings: Record<string, string> = {};
  for (const [k, v] of Object.entries(values))
    if (typeof v === 'string' && v !== saved[k] && !(v === '' && saved[k] && blankIsNotTyped.includes(k)))
      strings[k] = v;
  try {
    tab()?.setItem(
      DRAFT_SESSION_KEYS.unsavedStep(step),
      JSON.stringify({ reference_id: referenceId, values: strings, timestamp: Date.now() } satisfies Kept),
    );
  } catch {
    // Storage full or disabled: the form still works, only a reload would empty it.
  }
}

export function dropUnsaved(step: UnsavedStep): void {
  try {
    tab()?.removeItem(DRAFT_SESSION_KEYS.unsavedStep(step));
  } catch {
    // Nothing to remove.
  }
}
