import {
  APPLICATION_STATUSES,
  APPLICATION_STEPS,
  type Application,
  type ApplicationDocument,
  type ApplicationStatus,
  type ApplicationStep,
  type ApplicationSummary,
  type CardDetail,
  type CurrentStep,
  EMPLOYMENT_DEPENDENCIES,
  employmentDetailsSchema,
  type PersonalDetails,
  type PersonalDetailsView,
  personalDetailsSchema,
  snakeKeys,
} from '@cardwise/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { decryptField, encryptField, readableReference } from '../../plumbing/crypto.ts';
import { type FieldError, zodFieldErrors } from '../../plumbing/errors.ts';
import type { CatalogView } from '../cards/catalog-store.ts';
import {
  applicationDocuments,
  applicationStepLogs,
  applications,
  type StoredPersonal,
} from './applications-schema.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type DocumentRow = typeof applicationDocuments.$inferSelect;

export interface Owner {
  tenantId: string;
  userId: string;
}

/** `{id}` of a path: the numeric id, or the reference id; anything else matches nothing. */
export type AppRef = { id: number } | { reference: string } | null;

export function parseAppRef(raw: string): AppRef {
  if (/^\d{1,15}$/.test(raw)) return { id: Number(raw) };
  if (/^CW-\d{4}-[0-9A-Z]{8}$/i.test(raw)) return { reference: raw.toUpperCase() };
  return null;
}

/** CW-2026-XXXXXXXX: random, never derived from the sequential id. */
export const newReferenceId = (now = new Date()): string => readableReference('CW', now);

/** The owner's application, or undefined: scoped by tenant AND user, never by id alone. */
export async function findOwned(
  db: Db,
  owner: Owner,
  ref: AppRef,
  lock = false,
): Promise<ApplicationRow | undefined> {
  if (!ref) return undefined;
  const q = db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.tenant_id, owner.tenantId),
        eq(applications.user_id, owner.userId),
        'id' in ref ? eq(applications.id, ref.id) : eq(applications.reference_id, ref.reference),
      ),
    )
    .limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0];
}

export async function findByCard(db: Db, owner: Owner, cardId: string): Promise<ApplicationRow | undefined> {
  const rows = await db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.tenant_id, owner.tenantId),
        eq(applications.user_id, owner.userId),
        eq(applications.card_id, cardId),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * The owner's application for `card`: the one there is, or a new draft at personal details. Two
 * starts at once meet at the (tenant, user, card) unique index and get the same row.
 */
export async function findOrCreateDraft(
  db: Db,
  owner: Owner,
  card: CardDetail,
): Promise<{ row: ApplicationRow; isNew: boolean }> {
  const existing = await findByCard(db, owner, card.id);
  if (existing) return { row: existing, isNew: false };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const inserted = await db
        .insert(applications)
        .values({
          tenant_id: owner.tenantId,
          user_id: owner.userId,
          card_id: card.id,
          card_snapshot: card,
          reference_id: newReferenceId(),
          status: 'draft',
          current_step: 'personal_details',
        })
        .onConflictDoNothing({ target: [applications.tenant_id, applications.user_id, applications.card_id] })
        .returning();
      const row = inserted[0] ?? (await findByCard(db, owner, card.id));
      if (row) return { row, isNew: inserted.length > 0 };
    } catch (e) {
      // A reference id collision (about 1 in 10^12): draw another.
      if (!isUniqueViolation(e, 'applications_reference_uq')) throw e;
    }
  }
  throw new Error('could not create an application');
}

export async function documentsOf(db: Db, app: ApplicationRow): Promise<DocumentRow[]> {
  return db
    .select()
    .from(applicationDocuments)
    .where(
      and(eq(applicationDocuments.tenant_id, app.tenant_id), eq(applicationDocuments.application_id, app.id)),
    )
    .orderBy(asc(applicationDocuments.id));
}

// ---------------------------------------------------------------------------
// Steps and statuses
// ---------------------------------------------------------------------------

export const stepIndex = (step: string) => APPLICATION_STEPS.indexOf(step as ApplicationStep);
const statusIndex = (status: string) => APPLICATION_STATUSES.indexOf(status as ApplicationStatus);

/** After completing `step`: the step to do next, never moving back. */
export function nextCurrentStep(current: string, step: ApplicationStep): CurrentStep {
  const i = Math.max(stepIndex(current), Math.min(stepIndex(step) + 1, APPLICATION_STEPS.length - 1));
  return APPLICATION_STEPS[i] as CurrentStep;
}

/** After completing `step`: the status is the furthest step completed. */
export function nextStatus(status: string, step: ApplicationStep): ApplicationStatus {
  return statusIndex(step) > statusIndex(status) ? step : (status as ApplicationStatus);
}

export const STEP_LABELS: Record<ApplicationStep, string> = {
  personal_details: 'Personal Details',
  employment_details: 'Employment & Income',
  document_upload: 'KYC & Documents',
  review: 'Review & Submit',
};

// ---------------------------------------------------------------------------
// PII at rest
// ---------------------------------------------------------------------------

const panContext = (appId: number) => `application:${appId}:pan`;
const aadhaarContext = (appId: number) => `application:${appId}:aadhaar`;

/** The personal section as stored: PAN and Aadhaar as ciphertexts bound to the application. */
export function toStoredPersonal(key: Buffer, appId: number, p: Partial<PersonalDetails>): StoredPersonal {
  const { pan_number, aadhaar_number, ...rest } = p;
  const out: StoredPersonal = { ...rest };
  if (pan_number) out.pan_encrypted = encryptField(key, pan_number, panContext(appId));
  if (aadhaar_number) {
    out.aadhaar_encrypted = encryptField(key, aadhaar_number, aadhaarContext(appId));
    out.aadhaar_last4 = aadhaar_number.slice(-4);
  }
  return out;
}

/**
 * What the owner sees: PAN in full (the personal form is prefilled with it when the applicant
 * goes back to edit; the review screen masks it), Aadhaar only as its last 4 digits.
 */
export function toPersonalView(key: Buffer, appId: number, s: StoredPersonal): PersonalDetailsView {
  const { pan_encrypted, aadhaar_encrypted, aadhaar_last4, ...rest } = s;
  const view: PersonalDetailsView = { ...rest };
  if (pan_encrypted) view.pan_number = decryptField(key, pan_encrypted, panContext(appId));
  if (aadhaar_last4) {
    view.aadhaar_last4 = aadhaar_last4;
    view.aadhaar_masked = `XXXXXXXX${aadhaar_last4}`;
  }
  void aadhaar_encrypted;
  return view;
}

// ---------------------------------------------------------------------------
// Completeness of the stored sections
// ---------------------------------------------------------------------------

export interface SectionProblem {
  /** The step whose section is incomplete: the one to go back to. */
  step: 'personal_details' | 'employment_details';
  errors: FieldError[];
}

const REENTER = 'Please enter it again.';

/**
 * The personal section as stored, judged by the same schema as a completed step. The stored
 * form is the schema's output with PAN and Aadhaar replaced by ciphertexts (`toStoredPersonal`),
 * so those are decrypted back into the fields the schema reads (a ciphertext that no longer
 * decrypts is an error on its field, not a pass: Aadhaar is optional, but what a bank receives
 * must be what was entered); `aadhaar_last4` is derived and not an input.
 */
export function storedPersonalErrors(
  key: Buffer,
  appId: number,
  stored: StoredPersonal | null,
): SectionProblem['errors'] {
  const { pan_encrypted, aadhaar_encrypted, aadhaar_last4, ...rest } = stored ?? {};
  void aadhaar_last4;
  const input: Record<string, unknown> = { ...rest };
  const errors: SectionProblem['errors'] = [];
  const reveal = (field: string, ciphertext: string | undefined, context: string) => {
    if (!ciphertext) return;
    try {
      input[field] = decryptField(key, ciphertext, context);
    } catch {
      errors.push({ path: field, message: REENTER });
    }
  };
  reveal('pan_number', pan_encrypted, panContext(appId));
  reveal('aadhaar_number', aadhaar_encrypted, aadhaarContext(appId));
  const parsed = personalDetailsSchema.safeParse(input);
  if (!parsed.success) {
    for (const e of zodFieldErrors(parsed.error)) if (!errors.some((x) => x.path === e.path)) errors.push(e);
  }
  return errors;
}

/** The employment section as stored, judged by the same schema as a completed step. */
export function storedEmploymentErrors(stored: Record<string, unknown> | null): SectionProblem['errors'] {
  const parsed = employmentDetailsSchema(true).safeParse(stored ?? {});
  return parsed.success ? [] : zodFieldErrors(parsed.error);
}

/** What keeps the stored section of `step` from being complete (empty: nothing). */
export function sectionErrors(
  key: Buffer,
  app: Pick<ApplicationRow, 'id' | 'personal_details' | 'employment_details'>,
  step: SectionProblem['step'],
): SectionProblem['errors'] {
  return step === 'personal_details'
    ? storedPersonalErrors(key, app.id, app.personal_details)
    : storedEmploymentErrors(app.employment_details);
}

/** The first section (in step order) a bank could not take as it is stored, or undefined. */
export function incompleteSection(
  key: Buffer,
  app: Pick<ApplicationRow, 'id' | 'personal_details' | 'employment_details'>,
): SectionProblem | undefined {
  for (const step of ['personal_details', 'employment_details'] as const) {
    const errors = sectionErrors(key, app, step);
    if (errors.length) return { step, errors };
  }
  return undefined;
}

/**
 * A draft save of the employment section merged into what is stored (as personal drafts are):
 * the fields the draft gives replace the stored ones, fields it leaves out or leaves empty are
 * kept, and the merged section is judged by the draft schema, so what is given is checked
 * against the stored answers it depends on, a field that no longer applies is dropped and the
 * credit-card limit is "0" on NO. A stored answer depending on a field the draft changes is
 * dropped, not carried over: company details given as SALARIED are not a self-employed
 * applicant's, and the "0" limit that NO implied is not a limit for YES.
 */
export function mergeEmploymentDraft(stored: Record<string, string | number> | null, data: unknown) {
  const own = employmentDetailsSchema(false).safeParse(data);
  if (!own.success) return own;
  const given: Record<string, unknown> = {};
  const raw =
    data && typeof data === 'object' && !Array.isArray(data)
      ? snakeKeys(data as Record<string, unknown>)
      : {};
  for (const [field, value] of Object.entries(raw)) {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) continue;
    given[field] = value;
  }
  const controls = own.data as unknown as Record<string, unknown>;
  const kept: Record<string, unknown> = { ...(stored ?? {}) };
  for (const [field, rules] of Object.entries(EMPLOYMENT_DEPENDENCIES)) {
    if (rules.some((r) => r.field in controls && controls[r.field] !== kept[r.field])) delete kept[field];
  }
  return employmentDetailsSchema(false).safeParse({ ...kept, ...given });
}

/** The status once `step` is reopened: the step before it is the furthest still complete. */
export function statusBefore(step: ApplicationStep): ApplicationStatus {
  return APPLICATION_STATUSES[APPLICATION_STATUSES.indexOf(step) - 1] as ApplicationStatus;
}

// ---------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------

export function fileUrl(appId: number, documentType: string): string {
  return `/api/leads/applications/${appId}/documents/${documentType}/file`;
}

export function toDocumentView(d: DocumentRow): ApplicationDocument {
  return {
    document_type: d.document_type as ApplicationDocument['document_type'],
    file_url: fileUrl(d.application_id, d.document_type),
    file_name: d.file_name,
    mime_type: d.mime_type,
    file_size: d.size,
    sha256: d.sha256,
    uploaded_at: d.uploaded_at.toISOString(),
    is_verified: d.is_verified,
  };
}

export async function applicationView(
  db: Db,
  key: Buffer,
  app: ApplicationRow,
  catalog: CatalogView | undefined,
): Promise<Application> {
  const [docs, logs] = await Promise.all([
    documentsOf(db, app),
    db
      .select()
      .from(applicationStepLogs)
      .where(
        and(eq(applicationStepLogs.tenant_id, app.tenant_id), eq(applicationStepLogs.application_id, app.id)),
      )
      .orderBy(asc(applicationStepLogs.id)),
  ]);
  const completed = new Set(logs.map((l) => l.step));
  const card: CardDetail | null = catalog?.byId.get(app.card_id) ?? app.card_snapshot ?? null;
  return {
    id: app.id,
    reference_id: app.reference_id,
    application_number: app.reference_id,
    card: app.card_id,
    card_details: card,
    status: app.status as ApplicationStatus,
    current_step: app.current_step as CurrentStep,
    application_data: {
      personal_details: app.personal_details ? toPersonalView(key, app.id, app.personal_details) : null,
      employment_details: app.employment_details ?? null,
      kyc_documents: docs.map(toDocumentView),
    },
    created_at: app.created_at.toISOString(),
    updated_at: app.updated_at.toISOString(),
    submitted_at: app.submitted_at?.toISOString() ?? null,
    user: app.user_id,
    steps: APPLICATION_STEPS.filter((s) => completed.has(s)),
    step_logs: logs.map((l) => ({
      step: l.step as ApplicationStep,
      completed_at: l.completed_at.toISOString(),
    })),
  };
}

export async function listOwned(db: Db, owner: Owner): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(applications)
    .where(and(eq(applications.tenant_id, owner.tenantId), eq(applications.user_id, owner.userId)))
    .orderBy(desc(applications.updated_at), desc(applications.id));
}

/** One line per application: leads/my-applications and accounts/applications. */
export async function listSummaries(
  db: Db,
  owner: Owner,
  catalog: CatalogView | undefined,
): Promise<ApplicationSummary[]> {
  const rows = await listOwned(db, owner);
  return rows.map((a) => {
    const card = catalog?.byId.get(a.card_id) ?? a.card_snapshot ?? null;
    return {
      id: a.id,
      reference_id: a.reference_id,
      card: a.card_id,
      card_name: card?.name ?? null,
      bank_name: card?.bank_name ?? null,
      status: a.status as ApplicationStatus,
      current_step: a.current_step as CurrentStep,
      created_at: a.created_at.toISOString(),
      updated_at: a.updated_at.toISOString(),
      submitted_at: a.submitted_at?.toISOString() ?? null,
      decided_at: a.decided_at?.toISOString() ?? null,
    };
  });
}

/** Operator decision (CLI): only a submitted application can be approved or rejected. */
export async function setDecision(
  db: Db,
  referenceId: string,
  status: 'approved' | 'rejected',
): Promise<{ ok: true; previous: string } | { ok: false; reason: string }> {
  return db.transaction(async (tx) => {
    const [app] = await tx
      .select()
      .from(applications)
      .where(eq(applications.reference_id, referenceId.toUpperCase()))
      .limit(1)
      .for('update');
    if (!app) return { ok: false as const, reason: `No application with reference ${referenceId}.` };
    if (app.status === status) return { ok: true as const, previous: app.status };
    if (app.status !== 'submitted') {
      return {
        ok: false as const,
        reason: `Application ${app.reference_id} is '${app.status}'; only a submitted application can be ${status}.`,
      };
    }
    const now = new Date();
    await tx
      .update(applications)
      .set({ status, decided_at: now, updated_at: now })
      .where(eq(applications.id, app.id));
    return { ok: true as const, previous: app.status };
  });
}
