import { ALREADY_SUBMITTED, APPLICATION_MESSAGES, toSnakeCase } from '@cardwise/contracts';
import { Loader2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorCode, isApiError } from '../../lib/api-errors.ts';
import { useArrivalFocus } from '../../lib/arrival-focus.ts';

/** Shared bits of the personal and employment screens. */

export const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Form values (camelCase keys) → the payload's snake_case keys (spec §7). */
export function toPayload(values: Record<string, unknown>, keep: (field: string) => boolean = () => true) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (keep(k)) out[toSnakeCase(k)] = v;
  return out;
}

/** Issues with snake_case paths (contracts or server) → messages by form field. */
export function errorsByField(
  issues: readonly { path: string; message: string }[],
  fields: readonly string[],
): Record<string, string> {
  const bySnake = new Map(fields.map((f) => [toSnakeCase(f), f]));
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = bySnake.get(issue.path.split('.')[0] ?? '');
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}

/** A 400's `errors` list, when the server sent one. */
export function serverIssues(error: unknown): { path: string; message: string }[] {
  if (!isApiError(error)) return [];
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors)
    ? errors.filter(
        (e): e is { path: string; message: string } =>
          typeof e?.path === 'string' && typeof e?.message === 'string',
      )
    : [];
}

export const REQUIRED = APPLICATION_MESSAGES.required;

/**
 * The server refused a step because the application is at an earlier one (another tab went
 * back, say): its words say which. Reading the application again lets the wizard's gate
 * (unless-submitted.tsx) take the user there.
 */
export function isStepOutOfOrder(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && apiErrorCode(error) === 'step_out_of_order';
}

/**
 * The server refused because the application was submitted meanwhile (in another tab, on another
 * device). Reading it again lets the gate (unless-submitted.tsx) put the already-submitted panel in
 * place of the step: the form stayed, and every retry met the same refusal.
 */
export function isAlreadySubmitted(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && apiErrorCode(error) === ALREADY_SUBMITTED;
}

export function StepHeader({ title, intro }: { title: string; intro: string }) {
  const heading = useArrivalFocus<HTMLHeadingElement>();
  return (
    <div className="mb-6">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
        {title}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
    </div>
  );
}

/**
 * A step's fields, held while its save is on its way: an edit made meanwhile was not in what was
 * sent, and the step moved on without it.
 */
export function StepFieldset({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={submitting} className="grid min-w-0 gap-4 sm:grid-cols-2">
      {children}
    </fieldset>
  );
}

/**
 * The accessible name of a step's own 'Back' under its form, distinct from the header's (which
 * names the step or page it goes to, headerBackLabel): two buttons both named 'Back' read as one.
 */
export const PREVIOUS_STEP_LABEL = 'Back to the previous step';

/**
 * 'Save & Continue' ('Processing...' while submitting) and 'Back'. While required fields are
 * empty the button is disabled (spec §9) and says which, beside it and to screen readers: a
 * disabled button alone left a ten-field form's user to find the one empty field by its asterisk.
 */
export function StepButtons({
  backTo,
  backState,
  submitting,
  disabled,
  missing = [],
  submitLabel = 'Save & Continue',
  backLabel = PREVIOUS_STEP_LABEL,
}: {
  backTo: string;
  /** The accessible name of 'Back' (its visible text stays 'Back'): the header has a 'Back' too. */
  backLabel?: string;
  backState?: unknown;
  submitting: boolean;
  disabled: boolean;
  /** The labels of the required fields still empty. */
  missing?: readonly string[];
  submitLabel?: string;
}) {
  const navigate = useNavigate();
  const hintId = useId();
  const hint = !disabled || submitting || missing.length === 0 ? '' : missingHint(missing);
  return (
    <div className="mt-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <button
          type="button"
          className="btn-outline"
          onClick={() => navigate(backTo, { replace: true, state: backState })}
          aria-label={backLabel}
        >
          Back
        </button>
        <button
          type="submit"
          className="btn-primary"
          disabled={disabled || submitting}
          aria-describedby={hint ? hintId : undefined}
        >
          {submitting ? (
            <>
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              Processing...
            </>
          ) : (
            submitLabel
          )}
        </button>
      </div>
      {hint ? (
        <p id={hintId} className="mt-2 text-sm text-muted-foreground sm:text-right">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A few fields by name; more (a form just opened) by count, not as a list as long as the form. */
export function missingHint(missing: readonly string[]): string {
  return missing.length <= 3
    ? `To continue, fill in: ${missing.join(', ')}.`
    : `To continue, fill in the ${missing.length} required fields still empty (marked *).`;
}

/**
 * A wizard step whose application cannot be read (another account's, an old link, a server
 * fault): said once, instead of the form (whose own read of the same application retried it
 * without end, thousands of requests a minute).
 */
export const APPLICATION_UNREADABLE =
  "We couldn't load this application. It may belong to another account, or its link is out of date. Please start again from the card page.";

export function RedError({ children }: { children: string }) {
  return (
    <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}

/** Spec §9: navigation after a save waits about 300 ms (the toast is seen first). */
export const SAVE_NAV_DELAY_MS = 300;
