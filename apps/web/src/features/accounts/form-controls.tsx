import { PASSWORD_MIN_LENGTH } from '@cardwise/contracts';
import { AlertCircle } from 'lucide-react';
import { type ComponentProps, type FormEvent, forwardRef, type ReactNode, useId } from 'react';
import { Notice } from '../layout/notice.tsx';

/** Labelled inputs with their error wired for screen readers (aria-invalid + aria-describedby). */

// min-h: a <select> drew 2 px shorter than the text inputs beside it (Chromium sizes its line
// box itself); 2.625rem is an input's own height, so the two line up in a row.
export const inputClass =
  'block w-full rounded-lg border border-border bg-card px-3 py-2.5 text-sm min-h-[2.625rem] touch:min-h-11 text-foreground shadow-sm placeholder:text-muted-foreground/70 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-red-500 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  /** Marks the label with a red * (the control's own `required` tells assistive technology). */
  required?: boolean | undefined;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

export function Field({ label, error, hint, className, required, children }: FieldProps) {
  const id = useId();
  // An error takes the hint's place: a field says one thing at a time. Under each other,
  // 'You must be at least 18 years old' and 'You must be at least 18 years old to apply.' (or a
  // PAN's example and its format message) read as two problems.
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      {required ? (
        // The * stays outside the label: the field's name is its label alone ("required" is
        // the control's own attribute).
        <div className="mb-1.5 flex gap-1 text-sm font-medium">
          <label htmlFor={id}>{label}</label>
          <span aria-hidden="true" className="text-red-600 dark:text-red-400">
            *
          </span>
        </div>
      ) : (
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
          {label}
        </label>
      )}
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hintId ? (
        <p id={hintId} className="mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {sentenceStart(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An error under its field starts as a sentence: the shared schemas word a number's limits for
 * the API's "credit_score: must be at most 900", which under the field read "must be at most 900".
 */
export function sentenceStart(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/**
 * A fixed text shown inside the start of an input, outside its value (the "+91" of a mobile
 * number). Hidden from assistive technology: the field's label and hint say what to type.
 */
export function InputAdornment({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-0 flex items-center border-r border-border pr-2.5 pl-3 text-sm text-muted-foreground"
      >
        {text}
      </span>
      {children}
    </div>
  );
}

/** `inputClass` with room on the left for an `InputAdornment` of up to three characters. */
export const adornedInputClass = `${inputClass} pl-14`;

type InputProps = ComponentProps<'input'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** A fixed text before the value (`InputAdornment`). */
  adornment?: string | undefined;
};

export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField(
  { label, error, hint, className, adornment, ...rest },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} className={className} required={rest.required}>
      {({ id, describedBy, invalid }) => {
        const input = (
          <input
            ref={ref}
            id={id}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className={adornment ? adornedInputClass : inputClass}
            {...rest}
          />
        );
        return adornment ? <InputAdornment text={adornment}>{input}</InputAdornment> : input;
      }}
    </Field>
  );
});

type SelectProps = ComponentProps<'select'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
};

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, hint, className, options, placeholder = 'Not set', ...rest },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} className={className} required={rest.required}>
      {({ id, describedBy, invalid }) => (
        <select
          ref={ref}
          id={id}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={inputClass}
          {...rest}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
});

type CheckboxProps = ComponentProps<'input'> & { label: string; hint?: ReactNode };

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxProps>(function CheckboxField(
  { label, hint, className, ...rest },
  ref,
) {
  const id = useId();
  // The box sits inside its label, so the whole row takes a tap: 44 px tall on phones and
  // touch screens (a fingertip's target), where the 16 px box alone would be too small.
  return (
    <div className={className}>
      <label className="flex cursor-pointer items-start gap-3 text-sm font-medium touch:min-h-11 touch:items-center">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-border accent-[var(--cw-primary)] touch:mt-0"
          aria-describedby={hint ? `${id}-hint` : undefined}
          {...rest}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="pl-7 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
});

/** A form-level error (server answer), announced when it appears. */
export function FormAlert({
  message,
  action,
}: {
  message: string | null | undefined;
  /** What to do about it, after the message (a link). */
  action?: ReactNode;
}) {
  if (!message) return null;
  return (
    <Notice tone="error" role="alert" icon={AlertCircle}>
      {message}
      {action ? <> {action}</> : null}
    </Notice>
  );
}

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="container-page flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1.5 text-sm text-muted-foreground">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

/**
 * A form's submit button, busy while its request runs. Not `disabled` then: a focused button
 * that becomes disabled drops keyboard focus to the page, so after a refused sign-in the next
 * Tab landed in the footer. `aria-disabled` keeps it focused and says it cannot be pressed; a
 * press while busy does nothing (the form's own submit is guarded by `unlessBusy`).
 */
export function SubmitButton({
  busy,
  className,
  children,
}: {
  busy: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={className}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}

/**
 * A form's onSubmit that ignores Enter in a field while the last submit is still running.
 * `clearServerError` runs at every attempt, before the fields are checked: the server's answer to
 * the last one ("Your current password is incorrect.") stayed beside the new attempt's own
 * problems ("Passwords do not match."), after the current password had been corrected.
 */
export function unlessBusy(
  busy: boolean,
  submit: (event: FormEvent<HTMLFormElement>) => unknown,
  clearServerError?: () => void,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    clearServerError?.();
    void submit(event);
  };
}

type PasswordInput = Omit<InputProps, 'type' | 'autoComplete' | 'hint'>;

/**
 * A new password and its confirmation, with the rules' hint: sign-up, a reset and a change of
 * password ask for one the same way (each had its own copy of the pair).
 */
export function NewPasswordFields({
  password,
  confirm,
}: {
  password: PasswordInput;
  confirm: PasswordInput;
}) {
  return (
    <>
      <TextField
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Avoid common passwords.`}
        {...password}
      />
      <TextField type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}

/** An account's email, as sign-in, sign-up and a password reset ask for it (each had its own copy). */
export const EmailField = forwardRef<HTMLInputElement, Omit<InputProps, 'type' | 'label'>>(
  function EmailField(props, ref) {
    return (
      <TextField ref={ref} label="Email" type="email" autoComplete="email" inputMode="email" {...props} />
    );
  },
);
