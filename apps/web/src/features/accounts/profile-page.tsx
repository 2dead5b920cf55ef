import { checkProfileStateAndPincode, type Profile, profileUpdateFieldsSchema } from '@cardwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, ShieldCheck } from 'lucide-react';
import { type ChangeEvent, useEffect, useMemo, useState } from 'react';
import { type Control, type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { describeError } from '../../lib/api-errors.ts';
import { formatDayInIndia, initialsOf } from '../../lib/format.ts';
import { normaliseKeepingCaret } from '../../lib/keep-caret.ts';
import { notify } from '../../lib/notify.ts';
import { INDIA_CALLING_CODE, mobileNumberField } from '../../lib/phone-input.ts';
import { isUnreadableDate, UNREADABLE_DATE_MESSAGE } from '../../lib/unreadable-date.ts';
import {
  MY_APPLICATIONS_SECTION_ID,
  MY_APPLICATIONS_TITLE,
  MyApplicationsSection,
} from '../applications/my-applications-section.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { OWNED_CARDS_SECTION_ID, OwnedCardsSection } from '../owned-cards/owned-cards-section.tsx';
import {
  MY_CASHBACK_CLAIMS_SECTION_ID,
  MY_CASHBACK_CLAIMS_TITLE,
  MyCashbackClaimsSection,
} from '../referrals/my-cashback-claims-section.tsx';
import { accountKeys, fetchProfile, updateProfile } from './accounts-api.ts';
import { CheckboxField, Field, FormAlert, inputClass, SelectField, TextField } from './form-controls.tsx';
import {
  NOTIFICATIONS_SECTION_ID,
  NOTIFICATIONS_TITLE,
  NotificationsSection,
} from './notifications-section.tsx';
import { PageLanguageSelect } from './page-language-select.tsx';
import {
  type FieldDef,
  formFields,
  PROFILE_SECTIONS,
  type SectionDef,
  type SectionValues,
  sectionValues,
  selectOptions,
  toFormValue,
  toPayloadValue,
} from './profile-sections.ts';
import {
  REFERRED_USERS_SECTION_ID,
  REFERRED_USERS_TITLE,
  ReferredUsersSection,
} from './referred-users-section.tsx';
import { RequireSession } from './require-session.tsx';
import { updateStoredUser } from './session-store.ts';

/** /profile: the profile of spec §3, shown and edited section by section. */
export default function ProfilePage() {
  usePageTitle('Profile');
  return (
    <RequireSession>
      <ProfileView />
    </RequireSession>
  );
}

function ProfileView() {
  const query = useQuery({ queryKey: accountKeys.profile, queryFn: fetchProfile });
  if (query.isPending) {
    return (
      <section className="container-page max-w-4xl py-10" aria-busy="true">
        <div className="skeleton h-24 w-full" />
        <div className="skeleton mt-6 h-64 w-full" />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="container-page max-w-4xl py-10">
        <FormAlert message={describeError(query.error).message} />
        <button type="button" className="btn-outline mt-4" onClick={() => void query.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  const profile = query.data;
  return (
    <section className="container-page max-w-5xl py-8 sm:py-12">
      <ProfileHeader profile={profile} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[12rem_1fr]">
        <nav aria-label="Profile sections" className="hidden lg:block">
          <ul className="sticky top-24 space-y-1 text-sm">
            {[
              { id: MY_APPLICATIONS_SECTION_ID, title: MY_APPLICATIONS_TITLE },
              { id: MY_CASHBACK_CLAIMS_SECTION_ID, title: MY_CASHBACK_CLAIMS_TITLE },
              { id: OWNED_CARDS_SECTION_ID, title: 'My credit cards' },
              { id: NOTIFICATIONS_SECTION_ID, title: NOTIFICATIONS_TITLE },
              { id: REFERRED_USERS_SECTION_ID, title: REFERRED_USERS_TITLE },
              ...PROFILE_SECTIONS,
            ].map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="block rounded-lg px-3 py-2 text-muted-foreground hover:bg-muted hover:text-foreground"
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-6">
          {/* First, the applications: the application flows send people here to see them (ADR 015).
              The list is short, so the cards the home page's preferences send people here to add
              follow right after. The cashback claims sit beside the applications: the referral
              dialog sends people here to follow them. */}
          <MyApplicationsSection />
          <MyCashbackClaimsSection />
          <OwnedCardsSection />
          <NotificationsSection />
          <ReferredUsersSection referralCode={profile.referral_code} />
          {PROFILE_SECTIONS.map((section) => (
            <ProfileSection key={section.id} section={section} profile={profile} />
          ))}
        </div>
      </div>
    </section>
  );
}

function ProfileHeader({ profile }: { profile: Profile }) {
  const [copied, setCopied] = useState(false);
  const name = profile.user.full_name || profile.user.email;
  async function copyCode() {
    try {
      await navigator.clipboard.writeText(profile.referral_code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      notify('Referral code', profile.referral_code);
    }
  }
  return (
    <header className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 shadow-sm sm:flex-row sm:items-center sm:p-6">
      <span
        className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-foreground"
        aria-hidden="true"
      >
        {initialsOf(name)}
      </span>
      <div className="min-w-0 flex-1">
        {/* Wrapped, not cut short: at 320 px a long address lost its domain to an ellipsis. */}
        <h1 className="text-2xl font-bold tracking-tight break-words">{name}</h1>
        <p className="text-sm break-all text-muted-foreground">{profile.user.email}</p>
        <p className="mt-1 text-xs text-muted-foreground">
          Member since {formatDayInIndia(profile.created_at)}
          {profile.is_kyc_verified ? (
            <span className="ml-2 inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-400">
              <ShieldCheck className="size-3.5" aria-hidden="true" /> KYC verified
            </span>
          ) : null}
        </p>
      </div>
      <div className="rounded-xl bg-accent px-4 py-3">
        <p className="text-xs font-medium text-muted-foreground">Your referral code</p>
        <div className="mt-0.5 flex items-center gap-2">
          <span className="font-mono text-lg font-bold tracking-wider" data-testid="referral-code">
            {profile.referral_code}
          </span>
          <button
            type="button"
            className="btn-ghost h-8 w-8 px-0"
            onClick={() => void copyCode()}
            aria-label={copied ? 'Referral code copied' : 'Copy referral code'}
          >
            {copied ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <Copy className="size-4" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>
    </header>
  );
}

/** Validates a section with the shared update schema, on exactly the section's fields. */
function sectionResolver(section: SectionDef): Resolver<SectionValues> {
  const fields = formFields(section);
  const mask = Object.fromEntries(fields.map((f) => [f.name, true as const]));
  const schema = profileUpdateFieldsSchema.pick(mask as never).superRefine(checkProfileStateAndPincode);
  return async (values, _context, options) => {
    const payload = Object.fromEntries(fields.map((f) => [f.name, toPayloadValue(f, values[f.name] ?? '')]));
    const errors: FieldErrors<SectionValues> = {};
    // Refused before anything is sent: the update call takes its '' as "clear it".
    for (const f of fields) {
      if (f.kind === 'date' && isUnreadableDate(options.fields[f.name]?.ref))
        errors[f.name] = { type: 'badInput', message: UNREADABLE_DATE_MESSAGE };
    }
    const result = schema.safeParse(payload);
    if (result.success && Object.keys(errors).length === 0) return { values, errors: {} };
    for (const issue of result.error?.issues ?? []) {
      const key = String(issue.path[0] ?? '');
      if (key && !errors[key]) errors[key] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}

function ProfileSection({ section, profile }: { section: SectionDef; profile: Profile }) {
  const queryClient = useQueryClient();
  const defaults = useMemo(() => sectionValues(profile, section), [profile, section]);
  const resolver = useMemo(() => sectionResolver(section), [section]);
  const form = useForm<SectionValues>({ defaultValues: defaults, resolver, mode: 'onTouched' });
  const { register, handleSubmit, reset, formState, control } = form;
  const [serverError, setServerError] = useState<string | null>(null);

  // Re-sync after a save changed this section's values, not when another section saved
  // (that would throw away edits in progress here).
  const defaultsKey = JSON.stringify(defaults);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the values, not the object
  useEffect(() => reset(defaults), [defaultsKey, reset]);

  const save = useMutation({
    mutationFn: updateProfile,
    meta: { toast: false },
    onSuccess: (updated) => {
      queryClient.setQueryData(accountKeys.profile, updated);
      updateStoredUser({ name: updated.user.full_name });
      setServerError(null);
      notify('Profile updated', `${section.title} saved.`);
    },
    onError: (error) => setServerError(describeError(error).message),
  });

  const onSubmit = handleSubmit((values) => {
    // Only what changed: an untouched field is never overwritten (and Aadhaar, which the
    // page cannot know, is sent only when a new number was typed).
    const payload: Record<string, unknown> = {};
    for (const f of formFields(section)) {
      if (!formState.dirtyFields[f.name]) continue;
      const value = values[f.name] ?? '';
      if (f.writeOnly && value === '') continue;
      payload[f.name] = toPayloadValue(f, value);
    }
    if (Object.keys(payload).length === 0) return;
    save.mutate(payload);
  });

  const headingId = `${section.id}-heading`;
  return (
    <section
      id={section.id}
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {section.title}
      </h2>
      <p className="mt-0.5 text-sm text-muted-foreground">{section.description}</p>
      <form onSubmit={onSubmit} noValidate className="mt-5">
        <div className="grid gap-4 sm:grid-cols-2">
          {section.fields.map((field) => (
            <ProfileInput
              key={field.name}
              field={field}
              profile={profile}
              error={formState.errors[field.name]?.message}
              register={register}
              control={control}
            />
          ))}
        </div>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
          <FormAlert message={serverError} />
          {formState.isDirty ? (
            <button
              type="button"
              className="btn-ghost"
              onClick={() => {
                reset(defaults);
                setServerError(null);
              }}
            >
              Cancel
            </button>
          ) : null}
          <button type="submit" className="btn-primary" disabled={!formState.isDirty || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
            <span className="sr-only"> {section.title}</span>
          </button>
        </div>
      </form>
    </section>
  );
}

function ProfileInput({
  field,
  profile,
  error,
  register,
  control,
}: {
  field: FieldDef;
  profile: Profile;
  error: string | undefined;
  register: ReturnType<typeof useForm<SectionValues>>['register'];
  control: Control<SectionValues>;
}) {
  const wide = field.wide ? 'sm:col-span-2' : undefined;
  if (field.kind === 'page-language') return <PageLanguageField field={field} className={wide} />;
  const common = register(field.name);
  switch (field.kind) {
    case 'checkbox':
      return <CheckboxField label={field.label} hint={field.hint} className={wide} {...common} />;
    case 'select':
      return field.unlistedHint ? (
        <KeepUnlistedSelect
          field={field}
          saved={toFormValue(profile, field)}
          control={control}
          error={error}
          className={wide}
          registration={common}
        />
      ) : (
        <SelectField
          label={field.label}
          options={field.options ?? []}
          placeholder={field.placeholder}
          error={error}
          hint={field.hint}
          className={wide}
          {...common}
        />
      );
    case 'tristate':
      return (
        <SelectField
          label={field.label}
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          error={error}
          className={wide}
          {...common}
        />
      );
    case 'textarea':
      return (
        <Field label={field.label} error={error} hint={field.hint} className={wide}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={2}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              autoComplete={field.autoComplete}
              className={inputClass}
              {...common}
            />
          )}
        </Field>
      );
    default: {
      const hint =
        field.name === 'aadhaar_number'
          ? profile.aadhaar_last4
            ? `On file: ${profile.aadhaar_number ?? `XXXXXXXX${profile.aadhaar_last4}`}. Type a new number to replace it.`
            : '12 digits.'
          : field.hint;
      return (
        <TextField
          label={field.label}
          type={field.kind === 'date' ? 'date' : field.kind === 'tel' ? 'tel' : 'text'}
          inputMode={field.inputMode}
          autoComplete={field.autoComplete}
          placeholder={field.placeholder}
          error={error}
          hint={hint}
          className={wide}
          autoCapitalize={field.autoCapitalize}
          adornment={field.kind === 'tel' ? INDIA_CALLING_CODE : undefined}
          {...(field.kind === 'tel' ? mobileNumberField(common) : cleanedField(common, field.normalise))}
        />
      );
    }
  }
}

/**
 * A select that once was free text (the State): a saved value not in its list ("Karnatka")
 * stays an option of its own, so it is shown and saved unchanged, never blanked; while it is the
 * one chosen, the field's hint asks for one from the list. The empty choice clears, as the text
 * field's '' did.
 */
function KeepUnlistedSelect({
  field,
  saved,
  control,
  error,
  className,
  registration,
}: {
  field: FieldDef;
  saved: string | boolean;
  control: Control<SectionValues>;
  error: string | undefined;
  className: string | undefined;
  registration: ReturnType<ReturnType<typeof useForm<SectionValues>>['register']>;
}) {
  const options = selectOptions(field, saved);
  const chosen = useWatch({ control, name: field.name });
  const unlisted =
    typeof chosen === 'string' && chosen !== '' && !field.options?.some((o) => o.value === chosen);
  return (
    <SelectField
      label={field.label}
      options={options}
      placeholder={field.placeholder}
      autoComplete={field.autoComplete}
      error={error}
      hint={unlisted ? field.unlistedHint : field.hint}
      className={className}
      {...registration}
    />
  );
}

/**
 * A field whose text is cleaned as it arrives (the PAN): the input's value is normalised first,
 * caret kept, so react-hook-form reads the cleaned value from the event (as `mobileNumberField`).
 */
function cleanedField<R extends ReturnType<ReturnType<typeof useForm<SectionValues>>['register']>>(
  registration: R,
  normalise: ((raw: string) => string) | undefined,
): R {
  if (!normalise) return registration;
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      normaliseKeepingCaret(event.currentTarget, normalise, () => {});
      return registration.onChange(event);
    },
  };
}

/** The profile's 'Preferred language' is the page language: the header's and Settings' setting. */
function PageLanguageField({ field, className }: { field: FieldDef; className: string | undefined }) {
  return (
    <Field label={field.label} hint={field.hint} className={className}>
      {({ id, describedBy }) => <PageLanguageSelect id={id} describedBy={describedBy} />}
    </Field>
  );
}
