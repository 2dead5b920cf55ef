import {
  ALREADY_SUBMITTED,
  type AlreadySubmittedError,
  type Application,
  type ApplicationDocument,
  type ApplicationPrefill,
  alreadySubmittedErrorSchema,
  applicationDocumentsSchema,
  applicationPrefillSchema,
  applicationSchema,
  type ReusableDocument,
  type ReuseDocumentRequest,
  reusableDocumentsSchema,
  type StartApplicationResponse,
  startApplicationResponseSchema,
  type UploadDocumentsResponse,
  uploadDocumentsResponseSchema,
} from '@cardwise/contracts';
import { z } from 'zod';
import { apiFetch, apiRequest } from '../../lib/api-client.ts';
import { describeError, isApiError } from '../../lib/api-errors.ts';

/** The calls of application spec §7, one function each. `id` is the numeric id or the reference id. */

const leads = (id: string | number, rest: string) =>
  `leads/applications/${encodeURIComponent(String(id))}/${rest}`;

export class UnexpectedResponseError extends Error {}
/** A document's file could not be fetched: 'Failed to fetch file: {message}' (spec §8). */
export class FileFetchError extends Error {}

export async function startApplication(cardId: string): Promise<StartApplicationResponse> {
  const answer = await apiRequest('leads/applications/start_application', z.unknown(), {
    method: 'POST',
    body: { card_id: cardId },
  });
  const parsed = startApplicationResponseSchema.safeParse(answer);
  if (!parsed.success) throw new UnexpectedResponseError('Unexpected response format from server');
  return parsed.data;
}

/** The ALREADY_SUBMITTED answer of start_application, when that is what an error is. */
export function alreadySubmittedOf(error: unknown): AlreadySubmittedError | null {
  if (!isApiError(error)) return null;
  const parsed = alreadySubmittedErrorSchema.safeParse(error.body);
  return parsed.success && parsed.data.code === ALREADY_SUBMITTED ? parsed.data : null;
}

export function fetchApplication(id: string | number): Promise<Application> {
  return apiRequest(leads(id, ''), applicationSchema);
}

/** What this application's empty steps can start from (the applicant's latest other application, or profile). */
export function fetchPrefill(id: string | number): Promise<ApplicationPrefill> {
  return apiRequest(leads(id, 'prefill'), applicationPrefillSchema);
}

export function submitStep(
  id: string | number,
  body: { step: string; is_completed: boolean; reference_id?: string; data: Record<string, unknown> },
): Promise<Application> {
  return apiRequest(leads(id, 'submit_step'), applicationSchema, { method: 'POST', body });
}

export function fetchDocuments(id: string | number): Promise<ApplicationDocument[]> {
  return apiRequest(leads(id, 'upload_documents'), applicationDocumentsSchema);
}

export async function uploadDocuments(
  id: string | number,
  documents: { type: string; file: File }[],
  idempotencyKey: string,
): Promise<UploadDocumentsResponse> {
  const form = new FormData();
  documents.forEach((d, i) => {
    form.append(`documents[${i}][document_type]`, d.type);
    form.append(`documents[${i}][file]`, d.file, d.file.name);
  });
  const answer = await apiRequest(leads(id, 'upload_documents'), z.unknown(), {
    method: 'POST',
    body: form,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const parsed = uploadDocumentsResponseSchema.safeParse(answer);
  if (!parsed.success)
    throw new UnexpectedResponseError('Unexpected backend response format for document upload');
  return parsed.data;
}

/** Documents of my other applications this one's empty slots can reuse (ADR 026). */
export function fetchReusableDocuments(id: string | number): Promise<ReusableDocument[]> {
  return apiRequest(leads(id, 'reusable_documents'), reusableDocumentsSchema);
}

/** Copies a document of another of my applications into this one; answered as an upload. */
export function reuseDocument(
  id: string | number,
  body: ReuseDocumentRequest,
): Promise<UploadDocumentsResponse> {
  return apiRequest(leads(id, 'documents/reuse'), uploadDocumentsResponseSchema, { method: 'POST', body });
}

export function removeDocument(id: string | number, type: string): Promise<ApplicationDocument[]> {
  return apiRequest(leads(id, `documents/${encodeURIComponent(type)}`), applicationDocumentsSchema, {
    method: 'DELETE',
  });
}

export function submitApplication(
  id: string | number,
  body: { submitted_at: string; status: 'submitted'; reference_id: string },
  idempotencyKey: string,
): Promise<Application> {
  return apiRequest(leads(id, 'submit_application'), applicationSchema, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * Spec §7 "Fetch file": a blob with bearer token, tenant header and no-cache; the file
 * name and type are kept, a PDF is forced to application/pdf.
 */
export async function fetchDocumentFile(fileUrl: string, fileName: string, mimeType: string): Promise<File> {
  const path = fileUrl.replace(/^\/?api\//, '');
  let blob: Blob;
  try {
    const response = await apiFetch(path);
    blob = await response.blob();
  } catch (e) {
    throw new FileFetchError(`Failed to fetch file: ${describeError(e).message}`, { cause: e });
  }
  const type =
    fileName.toLowerCase().endsWith('.pdf') || mimeType === 'application/pdf'
      ? 'application/pdf'
      : blob.type || mimeType;
  return new File([blob], fileName, { type });
}
