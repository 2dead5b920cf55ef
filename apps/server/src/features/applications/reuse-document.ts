import {
  canonicalDocumentType,
  MAX_DOCUMENT_BYTES,
  REUSABLE_DOCUMENT_MAX_AGE_DAYS,
  type ReuseDocumentRequest,
  type UploadDocumentsResponse,
} from '@cardwise/contracts';
import type { Db } from '../../db/client.ts';
import { DocumentUnreadableError } from '../../plumbing/encrypted-storage.ts';
import { HttpError } from '../../plumbing/errors.ts';
import type { DocumentStorage } from '../../plumbing/storage.ts';
import { assertOpenFor, labelOf, ownedApplication } from './application-errors.ts';
import { type DocumentRow, documentsOf, type Owner } from './applications-repository.ts';
import { commitStagedDocuments, documentsAnswer } from './commit-staged-documents.ts';
import {
  type Inspection,
  inspect,
  newStorageKey,
  type StagedDocument,
  unknownDocumentType,
} from './document-upload.ts';
import { reusableSince } from './list-reusable-documents.ts';

/**
 * The stored file cannot be copied: missing from the store, failing its integrity check (ADR 022)
 * or no longer the file its row describes. No retry mends it, and it is no fault of the client's.
 */
const sourceUnreadable = () =>
  new HttpError(
    410,
    'The earlier copy of this document can no longer be read. Please upload the file again.',
    'document_unreadable',
  );

/**
 * Copies `request.document_type` from another of the owner's applications into `targetId`
 * (ADR 026), as a new row under a new storage key: the encrypted store decrypts the source and
 * seals the copy under the new key (the key is bound into each object's associated data), and the
 * two applications never share a file, so removing one leaves the other whole and the orphan
 * sweep sees every key named by a row. The copy keeps the source's upload date, so the 90 days
 * run from when the file was first uploaded, however often it is reused.
 *
 * Idempotent for a double click: when the target already holds the very same file (sha-256) of
 * that type, nothing is copied and the documents are answered as they are. Any other document of
 * the type is replaced, as an upload replaces one.
 */
export async function reuseDocument(
  db: Db,
  storage: DocumentStorage,
  owner: Owner,
  targetId: string,
  request: ReuseDocumentRequest,
  now = new Date(),
): Promise<UploadDocumentsResponse> {
  const type = canonicalDocumentType(request.document_type);
  if (!type) throw unknownDocumentType(request.document_type);
  const first = await ownedApplication(db, owner, targetId);
  assertOpenFor(first);
  const source = await ownedApplication(db, owner, String(request.from_application_id));
  if (source.id === first.id) {
    throw new HttpError(
      400,
      'A document can only be reused from another of your applications.',
      'same_application',
    );
  }
  const label = labelOf(type);
  const [doc] = (await documentsOf(db, source)).filter((d) => d.document_type === type);
  if (!doc) {
    throw new HttpError(
      400,
      `Your application ${source.reference_id} holds no ${label} to reuse.`,
      'no_such_document',
    );
  }
  if (doc.uploaded_at < reusableSince(now)) {
    throw new HttpError(
      400,
      `This ${label} was uploaded more than ${REUSABLE_DOCUMENT_MAX_AGE_DAYS} days ago. Please upload a current one.`,
      'document_too_old',
    );
  }
  const sameFile = (docs: DocumentRow[]) =>
    docs.some((d) => d.document_type === type && d.sha256 === doc.sha256);
  const alreadyHere = `${label} is already here.`;
  // A repeat (the double click) before any copy is made.
  const current = await documentsOf(db, first);
  if (sameFile(current)) {
    return documentsAnswer(current, [type], alreadyHere);
  }

  const stagingStarted = Date.now();
  const copy: StagedDocument = {
    document_type: type,
    storage_key: newStorageKey(),
    file_name: doc.file_name,
    mime_type: doc.mime_type as StagedDocument['mime_type'],
    size: doc.size,
    sha256: doc.sha256,
  };
  await copyObject(storage, doc.storage_key, copy.storage_key, doc.sha256);
  return commitStagedDocuments(db, storage, owner, targetId, [copy], {
    stagingStarted,
    tooSlow: 'Copying the document took too long. Please try again.',
    detail: `${label} reused from your application ${source.reference_id}.`,
    uploadedAt: doc.uploaded_at,
    // Two clicks at once: the second waited for the first's lock and finds its copy.
    alreadyDone: (before) => (sameFile(before) ? alreadyHere : undefined),
  });
}

/**
 * `from`'s plaintext stored again under `to`, checked on the way as an upload is (size, type by
 * content, whole structure) and against the sha-256 its row recorded: a file planted or altered in
 * the store since is not passed on to another application as the applicant's.
 */
async function copyObject(storage: DocumentStorage, from: string, to: string, sha256: string): Promise<void> {
  const object = await storage.get(from).catch((e: unknown) => {
    if (e instanceof DocumentUnreadableError) throw sourceUnreadable();
    throw e;
  });
  if (!object) throw sourceUnreadable();
  const result: Inspection = { size: 0, mime: undefined, sha256: '' };
  try {
    await storage.put(to, inspect(object.stream, result, MAX_DOCUMENT_BYTES));
  } catch (e) {
    object.stream.destroy();
    // The checks of `inspect` are HttpErrors about a client's file; here the stored file failed them.
    if (e instanceof HttpError) throw sourceUnreadable();
    throw e;
  }
  if (result.sha256 !== sha256) {
    await storage.delete(to).catch(() => {});
    throw sourceUnreadable();
  }
}
