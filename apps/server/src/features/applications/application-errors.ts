import {
  ALREADY_SUBMITTED,
  APPLICATION_MESSAGES,
  DOCUMENT_NAMES,
  DOCUMENT_TYPES,
  type DocumentType,
  documentInSentence,
  FINAL_STATUSES,
  listInWords,
  REQUIRED_DOCUMENT_TYPES,
  REUSABLE_DOCUMENT_MAX_AGE_DAYS,
} from '@cardwise/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { describeFieldErrors, HttpError, notFound, zodFieldErrors } from '../../plumbing/errors.ts';
import {
  type ApplicationRow,
  findOwned,
  type Owner,
  parseAppRef,
  type SectionProblem,
  STEP_LABELS,
} from './applications-repository.ts';

/** An id that is not the caller's is answered exactly as one that does not exist. */
export const NOT_FOUND = 'Application not found.';

export function alreadySubmitted(app: ApplicationRow): HttpError {
  return new HttpError(409, APPLICATION_MESSAGES.alreadySubmitted, ALREADY_SUBMITTED, {
    extra: {
      application_number: app.reference_id,
      reference_id: app.reference_id,
      application_id: app.id,
      status: app.status,
      submitted_at: app.submitted_at?.toISOString() ?? null,
    },
  });
}

export function invalidStep(label: string, error: z.ZodError): HttpError {
  const fieldErrors = zodFieldErrors(error);
  return new HttpError(400, describeFieldErrors(`Invalid ${label}`, fieldErrors), 'invalid', {
    extra: { errors: fieldErrors },
  });
}

/** A document type as the wizard's slot is titled, for messages ('PAN Card', 'Aadhaar Card (Front)'). */
export const labelOf = (t: DocumentType) => DOCUMENT_NAMES[t].title;

export function missingRequired(present: Iterable<string>): DocumentType[] {
  const have = new Set(present);
  return REQUIRED_DOCUMENT_TYPES.filter((t) => !have.has(t));
}

export function missingDocumentsError(missing: DocumentType[]): HttpError {
  return new HttpError(
    400,
    `Please upload the required documents: ${missing.map(labelOf).join(', ')}.`,
    'missing_documents',
    { extra: { errors: missing.map((t) => ({ path: t, message: APPLICATION_MESSAGES.required })) } },
  );
}

/**
 * Documents too old for the bank at submission (ADR 026), each named: the applicant has to
 * replace them on the KYC step, and needs to know which.
 */
export function documentsTooOldError(types: DocumentType[]): HttpError {
  // In the wizard's order, whatever order they were uploaded in.
  const ordered = DOCUMENT_TYPES.filter((t) => types.includes(t));
  const one = ordered.length === 1;
  const names = listInWords(ordered.map((t) => documentInSentence(t, 'your')));
  const detail =
    `${names.charAt(0).toUpperCase()}${names.slice(1)} ${one ? 'was' : 'were'} uploaded more than ` +
    `${REUSABLE_DOCUMENT_MAX_AGE_DAYS} days ago. Please upload ${one ? 'a current one' : 'current ones'} before submitting.`;
  return new HttpError(400, detail, 'document_too_old', {
    extra: {
      errors: ordered.map((t) => ({
        path: t,
        message: `Uploaded more than ${REUSABLE_DOCUMENT_MAX_AGE_DAYS} days ago. Please upload a current one.`,
      })),
    },
  });
}

export function incompleteSectionError(problem: SectionProblem): HttpError {
  const errors = problem.errors.map((e) => ({ path: `${problem.step}.${e.path}`, message: e.message }));
  return new HttpError(
    400,
    describeFieldErrors(
      `The ${STEP_LABELS[problem.step]} step is incomplete. Please go back to it and complete it before submitting`,
      problem.errors,
    ),
    'incomplete_section',
    { extra: { step: problem.step, current_step: problem.step, errors } },
  );
}

/**
 * Refuses a change to `row` once it is submitted or decided (409 ALREADY_SUBMITTED), or when the
 * client names another application's reference than the one its id points at.
 */
export function assertOpenFor(row: ApplicationRow, referenceId?: string): void {
  if (FINAL_STATUSES.includes(row.status as (typeof FINAL_STATUSES)[number])) throw alreadySubmitted(row);
  if (referenceId !== undefined && referenceId.toUpperCase() !== row.reference_id) {
    throw new HttpError(400, 'reference_id does not match this application.', 'reference_mismatch');
  }
}

/** The owner's application `id` (a number or its CW- reference), locked if asked; else 404 as for none. */
export async function ownedApplication(
  db: Db,
  owner: Owner,
  id: string,
  lock = false,
): Promise<ApplicationRow> {
  const row = await findOwned(db, owner, parseAppRef(id), lock);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}
