import type { Application } from '@cardwise/contracts';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'sonner';
import type { z } from 'zod';
import { toastCallFailure } from '../../lib/failure-toast.ts';
import { TOAST_DURATION_MS } from '../../lib/notify.ts';
import { submitStep } from './applications-api.ts';
import {
  errorsByField,
  isAlreadySubmitted,
  isStepOutOfOrder,
  REQUIRED,
  SAVE_NAV_DELAY_MS,
  serverIssues,
} from './step-form.tsx';
import { dropUnsaved } from './unsaved-input.ts';
import { useTrackLeaving } from './use-track-leaving.ts';
import { useApplication } from './wizard-context.ts';

interface StepSubmitOptions<F extends string> {
  step: 'personal_details' | 'employment_details';
  fields: readonly F[];
  setError: (field: F, error: { message: string }, options?: { shouldFocus: boolean }) => void;
  saved: { title: string; description: string };
  /** The failure toast's description (its title is the spec's 'Error saving details'). */
  failedDescription: string;
  /** Where to go once saved, about 300 ms after the toast (spec §2). */
  onSaved: (app: Application) => void;
}

/**
 * One content step's save: required fields and the contract schema first (errors shown on
 * their fields), then submit_step; a second submit while one is running is ignored (spec §4).
 */
export function useStepSubmit<F extends string>(opts: StepSubmitOptions<F>) {
  // Mounted with the form, once the step has the application: it reads the step's answer.
  const { id, query, update } = useApplication({ nested: true });
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  /**
   * The applicant left the step while its save was on its way (the header's links, Back): the
   * answer must not pull them from where they went back into the wizard's next step.
   */
  const left = useTrackLeaving();

  /**
   * Each field's first message, and focus on the first such field in the form's order: on a
   * phone the button is at the bottom and the errors above the fold, so without it a refused
   * save looked like a button that did nothing.
   */
  const showErrors = (byField: Partial<Record<F, string>>) => {
    let focused = false;
    for (const f of opts.fields) {
      const message = byField[f];
      if (message === undefined) continue;
      opts.setError(f, { message }, { shouldFocus: !focused });
      focused = true;
    }
  };
  const showIssues = (issues: { path: string; message: string }[]) =>
    showErrors(errorsByField(issues, opts.fields) as Partial<Record<F, string>>);

  async function save(
    data: Record<string, unknown>,
    missing: readonly F[],
    schema: z.ZodType,
  ): Promise<void> {
    if (busy.current) return;
    const parsed = schema.safeParse(data);
    if (missing.length || !parsed.success) {
      const issues = parsed.success
        ? []
        : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      const byField = errorsByField(issues, opts.fields) as Partial<Record<F, string>>;
      for (const f of missing) byField[f] = REQUIRED;
      showErrors(byField);
      return;
    }
    busy.current = true;
    setSubmitting(true);
    let saved = false;
    try {
      const app = await submitStep(id as string, {
        step: opts.step,
        is_completed: true,
        reference_id: query.data?.reference_id,
        data,
      });
      update(app);
      dropUnsaved(opts.step);
      toast.success(opts.saved.title, { description: opts.saved.description, duration: TOAST_DURATION_MS });
      saved = true;
      // The submission lasts until the step is left: released before the ~300 ms wait, the
      // second click of a double-click saved again, toasted again and pushed the next step twice.
      setTimeout(() => {
        busy.current = false;
        if (left.current) return;
        setSubmitting(false);
        opts.onSaved(app);
      }, SAVE_NAV_DELAY_MS);
    } catch (e) {
      // The fields are open again before an error focuses the first at fault (a disabled field
      // takes no focus).
      flushSync(() => setSubmitting(false));
      if (isStepOutOfOrder(e) || isAlreadySubmitted(e)) {
        void query.refetch();
        return;
      }
      showIssues(serverIssues(e));
      toastCallFailure(e, 'Error saving details', opts.failedDescription);
    } finally {
      if (!saved) {
        busy.current = false;
        setSubmitting(false);
      }
    }
  }

  return { submitting, save, referenceId: query.data?.reference_id ?? '' };
}
