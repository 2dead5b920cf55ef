import { APPLICATION_MESSAGES, type Application, fieldApplies, toSnakeCase } from '@cardwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { isApiError } from '../../lib/api-errors.ts';
import { useArrivalFocus } from '../../lib/arrival-focus.ts';
import { toastCallFailure, toastError } from '../../lib/failure-toast.ts';
import { TOAST_DURATION_MS } from '../../lib/notify.ts';
import { INDIA_CALLING_CODE, normaliseMobileInput, pasteMobileNumber } from '../../lib/phone-input.ts';
import { randomUuid } from '../../lib/random-uuid.ts';
import { isUnreadableDate, UNREADABLE_DATE_MESSAGE } from '../../lib/unreadable-date.ts';
import { adornedInputClass, InputAdornment, inputClass } from '../accounts/form-controls.tsx';
import { storedApplicationId, storedReferenceId } from '../applications/application-storage.ts';
import { fetchApplication, submitApplication, submitStep } from '../applications/applications-api.ts';
import { applicationKey } from '../applications/wizard-context.ts';
import { Notice } from '../layout/notice.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import {
  DEFAULT_PAGE,
  type FieldConfig,
  FORM_NAV_DELAY_MS,
  formPageOf,
  type PageConfig,
  pageIdOf,
} from './form-config.ts';

type Values = Record<string, string | boolean>;

const blank = (v: string | boolean | undefined) =>
  v === undefined || v === false || (typeof v === 'string' && !v.trim());

/** The values under the contracts' snake-case names, which dependency rules and schemas use. */
const snakeValues = (values: Values) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [toSnakeCase(k), v]));

/** Whether a field applies to the values given (spec §4 "Field dependencies"). */
const applies = (field: FieldConfig, values: Values) => fieldApplies(field.dependsOn, snakeValues(values));

/** A select's options: its own list, or the ones its controlling field's value gives (a state's cities). */
const optionsOf = (field: FieldConfig, values: Values): readonly string[] | undefined => {
  if (!field.optionsFrom) return field.options;
  const v = values[field.optionsFrom.field];
  return field.optionsFrom.options(typeof v === 'string' ? v : undefined);
};

/**
 * The values after one field changed: a field set by that change takes its value (the credit
 * limit is "0" once the answer is NO), and a field that no longer applies loses its value, so
 * nothing hidden behind a disabled control is ever sent; neither does a choice the change
 * took away (a city of the state chosen before).
 */
export function applyChange(
  fields: readonly FieldConfig[],
  values: Values,
  name: string,
  value: string | boolean,
) {
  const next: Values = { ...values, [name]: value };
  for (const f of fields) if (f.name !== name && f.dependsOn && !applies(f, next)) delete next[f.name];
  for (const f of fields) {
    const v = next[f.name];
    if (f.optionsFrom?.field === name && typeof v === 'string' && !optionsOf(f, next)?.includes(v))
      delete next[f.name];
  }
  for (const f of fields) {
    if (f.setBy?.field !== name) continue;
    if (f.setBy.value === value) next[f.name] = f.setBy.to;
    // The value set for that answer is not the person's for another one (a limit of "0" after NO
    // is not a limit once the answer is YES).
    else if (values[name] === f.setBy.value && next[f.name] === f.setBy.to) delete next[f.name];
  }
  return next;
}

/** The saved section of a step's page, as the server returns it (personal or employment). */
function savedSection(
  app: Application,
  step: NonNullable<PageConfig['step']>,
): Record<string, unknown> | null {
  if (step === 'personal_details') return app.application_data.personal_details ?? null;
  if (step === 'employment_details') return app.application_data.employment_details ?? null;
  return null;
}

/** The step's payload: the fields that apply and are filled, under snake-case keys. */
function payloadOf(fields: readonly FieldConfig[], values: Values) {
  return Object.fromEntries(
    fields
      .filter((f) => !blank(values[f.name]) && applies(f, values))
      .map((f) => [toSnakeCase(f.name), f.type === 'number' ? Number(values[f.name]) : values[f.name]]),
  );
}

/** Per field, the first message of the step's contract schema (under the fields' own names). */
function schemaErrors(page: PageConfig, data: Record<string, unknown>): Record<string, string> {
  if (!page.schema) return {};
  const parsed = page.schema.safeParse(data);
  if (parsed.success) return {};
  const byKey = new Map(page.fields.map((f) => [toSnakeCase(f.name), f.name]));
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = byKey.get(String(issue.path[0]));
    if (name !== undefined && out[name] === undefined) out[name] = issue.message;
  }
  return out;
}

/** /form-example?page={id}: the generic config-driven form page (application spec §2). */
export default function FormPage() {
  const [params] = useSearchParams();
  const pageId = pageIdOf(params.get('page') ?? DEFAULT_PAGE);
  const page = formPageOf(pageId);
  usePageTitle(page?.title ?? 'Form');
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10">
      {page ? (
        <ConfiguredForm key={pageId} page={page} />
      ) : (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          Form/page config not found.
        </p>
      )}
    </div>
  );
}

function ConfiguredForm({ page }: { page: PageConfig }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [saved, setSaved] = useState(false);
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const applicationId = page.step ? storedApplicationId() : null;
  const previous = page.previous && formPageOf(pageIdOf(page.previous)) ? pageIdOf(page.previous) : null;
  const heading = useArrivalFocus<HTMLHeadingElement>();
  const queryClient = useQueryClient();
  // A page of a step already saved (reached by Back) starts from what the server holds, as the
  // wizard's steps do: the same application's query, so a page visited twice asks once.
  const saved0 = useQuery({
    queryKey: applicationKey(applicationId ?? ''),
    queryFn: () => fetchApplication(applicationId as string),
    enabled:
      applicationId !== null && (page.step === 'personal_details' || page.step === 'employment_details'),
    meta: { toast: false },
  });
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !saved0.data || !page.step) return;
    prefilled.current = true;
    const section = savedSection(saved0.data, page.step);
    if (!section) return;
    const filled: Values = {};
    for (const f of page.fields) {
      const v = section[toSnakeCase(f.name)];
      if (typeof v === 'string' || typeof v === 'number') filled[f.name] = String(v);
    }
    // What the person typed meanwhile wins over what was saved.
    setValues((typed) => ({ ...filled, ...typed }));
  }, [saved0.data, page]);

  /** The messages under their fields, and focus (and the view) on the first field with one. */
  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    const first = page.fields.find((f) => found[f.name] !== undefined);
    if (first) requestAnimationFrame(() => document.getElementById(`form-field-${first.name}`)?.focus());
  };

  const go = (to: string) => {
    timer.current = setTimeout(() => navigate(to), FORM_NAV_DELAY_MS);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const unreadable = page.fields.filter(
      (f) => f.type === 'date' && isUnreadableDate(document.getElementById(`form-field-${f.name}`)),
    );
    const missing = page.fields.filter(
      (f) => f.required && applies(f, values) && blank(values[f.name]) && !unreadable.includes(f),
    );
    if (missing.length || unreadable.length) {
      showErrors({
        ...Object.fromEntries(missing.map((f) => [f.name, APPLICATION_MESSAGES.required])),
        ...Object.fromEntries(unreadable.map((f) => [f.name, UNREADABLE_DATE_MESSAGE])),
      });
      return;
    }
    const invalid = schemaErrors(page, payloadOf(page.fields, values));
    if (Object.keys(invalid).length) {
      showErrors(invalid);
      return;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      if (page.step) {
        if (!applicationId) {
          toastError('Application ID is missing.', 'No application ID found');
          return;
        }
        const data = payloadOf(page.fields, values);
        const reference = storedReferenceId() ?? undefined;
        try {
          const stored = await submitStep(applicationId, {
            step: page.step,
            is_completed: true,
            reference_id: reference,
            data,
          });
          // The pages read the application from this cache: Back must find what was just saved.
          queryClient.setQueryData(applicationKey(applicationId), stored);
        } catch (e) {
          toastCallFailure(
            e,
            'Failed to submit step',
            isApiError(e) ? e.message : 'An unexpected error occurred.',
          );
          return;
        }
        if (page.completes) {
          try {
            const app = await submitApplication(
              applicationId,
              { submitted_at: new Date().toISOString(), status: 'submitted', reference_id: reference ?? '' },
              randomUuid(),
            );
            toast.success('Application Submitted', {
              description: `Reference ID: ${app.reference_id}`,
              duration: TOAST_DURATION_MS,
            });
          } catch (e) {
            toastCallFailure(
              e,
              'Failed to submit application',
              isApiError(e) ? e.message : 'An unexpected error occurred.',
            );
            return;
          }
        }
      }
      if (page.next) go(`/form-example?page=${encodeURIComponent(pageIdOf(page.next))}`);
      else if (page.onSuccess) go(page.onSuccess);
      else setSaved(true);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  if (saved) {
    return (
      <div className="rounded-2xl border border-border bg-card p-8 text-center" role="status">
        <CheckCircle2 className="mx-auto size-10 text-emerald-600" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold">Form Saved!</h1>
        <p className="mt-1 text-sm text-muted-foreground">You can now proceed to the next step.</p>
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
        {page.title}
      </h1>
      <p className="mt-1 mb-6 text-sm text-muted-foreground">{page.intro}</p>
      {page.step && !applicationId ? (
        <Notice as="div" tone="error" role="alert" className="mb-6">
          <p className="font-semibold">Application ID is missing.</p>
          <p>
            No application ID found. Start an application from a{' '}
            <Link to="/cards" className="underline">
              card page
            </Link>{' '}
            first.
          </p>
        </Notice>
      ) : null}
      <div className="grid gap-4">
        {page.fields.map((f) => (
          <Field
            key={f.name}
            field={f}
            value={values[f.name]}
            error={errors[f.name]}
            disabled={!applies(f, values)}
            options={optionsOf(f, values)}
            onChange={(raw) => {
              const v = f.normalise && typeof raw === 'string' ? f.normalise(raw) : raw;
              setValues((all) => applyChange(page.fields, all, f.name, v));
              setErrors(({ [f.name]: _, ...rest }) => rest);
            }}
          />
        ))}
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-between">
        {previous ? (
          <Link to={`/form-example?page=${previous}`} className="btn-outline">
            Back
          </Link>
        ) : (
          // Keeps 'Save & Continue' on the right beside nothing; a phone's stack needs no gap for it.
          <span className="hidden sm:block" />
        )}
        <button
          type="submit"
          className="btn-primary"
          disabled={submitting || Boolean(page.step && !applicationId)}
        >
          {submitting ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {submitting ? 'Processing...' : 'Save & Continue'}
        </button>
      </div>
    </form>
  );
}

function Field({
  field,
  value,
  error,
  disabled,
  options,
  onChange,
}: {
  field: FieldConfig;
  value: string | boolean | undefined;
  error: string | undefined;
  disabled: boolean;
  options: readonly string[] | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const id = `form-field-${field.name}`;
  // An error takes the hint's place: a field says one thing at a time (as form-controls.tsx).
  const hintId = field.hint && !error ? `${id}-hint` : '';
  const described = [error ? `${id}-error` : '', hintId].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {field.label}
      {field.required && !disabled ? <span className="text-red-600 dark:text-red-400"> *</span> : null}
    </>
  );
  let control: React.ReactNode;
  if (field.type === 'checkbox') {
    return (
      <div>
        <label htmlFor={id} className="flex items-start gap-2 text-sm touch:min-h-11 touch:items-center">
          <input
            id={id}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 touch:mt-0"
            checked={value === true}
            aria-invalid={Boolean(error)}
            aria-describedby={described}
            onChange={(e) => onChange(e.target.checked)}
          />
          <span>{label}</span>
        </label>
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  if (field.type === 'select') {
    control = (
      <select
        id={id}
        className={inputClass}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">
          {disabled && field.disabledPlaceholder ? field.disabledPlaceholder : 'Select…'}
        </option>
        {options?.map((o) => (
          <option key={o} value={o}>
            {o.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
    );
  } else if (field.inputMode === 'tel') {
    control = (
      <InputAdornment text={INDIA_CALLING_CODE}>
        <input
          id={id}
          className={adornedInputClass}
          type={field.type}
          inputMode="tel"
          onPaste={pasteMobileNumber}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={described}
          onChange={(e) => normaliseMobileInput(e.currentTarget, (v) => flushSync(() => onChange(v)))}
        />
      </InputAdornment>
    );
  } else {
    control = (
      <input
        id={id}
        className={inputClass}
        type={field.type}
        inputMode={field.inputMode ?? (field.type === 'number' ? 'numeric' : undefined)}
        maxLength={field.maxLength}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {control}
      {hintId ? (
        <p id={hintId} className="mt-1 text-xs text-muted-foreground">
          {field.hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
