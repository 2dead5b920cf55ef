import type { UploadDocumentsResponse } from '@cardwise/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../plumbing/errors.ts';
import type { DocumentStorage } from '../../plumbing/storage.ts';
import { assertOpenFor, missingRequired, ownedApplication } from './application-errors.ts';
import { type DocumentRow, documentsOf, type Owner, toDocumentView } from './applications-repository.ts';
import { applicationDocuments, applications } from './applications-schema.ts';
import type { StagedDocument } from './document-upload.ts';
import { STAGING_DEADLINE_MS } from './orphan-sweep.ts';

/** An upload's answer: the application's documents, those of `types` among them as `uploaded`. */
export function documentsAnswer(
  docs: readonly DocumentRow[],
  types: readonly string[],
  detail: string,
): UploadDocumentsResponse {
  return {
    detail,
    uploaded: docs.filter((d) => types.includes(d.document_type)).map(toDocumentView),
    documents: docs.map(toDocumentView),
    missing_required: missingRequired(docs.map((d) => d.document_type)),
  };
}

export interface CommitOptions {
  /** `Date.now()` when the first file was put in the store: the orphan sweep's clock starts there. */
  stagingStarted: number;
  /** The 408's text when staging outlived the sweep's deadline. */
  tooSlow: string;
  /** The answer's `detail` once committed. */
  detail: string;
  /** A reused file keeps its first upload date (ADR 026); an upload is dated now. */
  uploadedAt?: Date;
  /**
   * Under the row lock, before anything changes: a detail here answers the documents as they are
   * and commits nothing (a repeat that finds its own earlier commit).
   */
  alreadyDone?: (before: DocumentRow[]) => string | undefined;
  /** Inside the transaction, with the answer: an idempotency record commits or fails with the rows. */
  record?: (tx: Db, answer: UploadDocumentsResponse) => Promise<void>;
}

/**
 * The one way staged files become an application's documents, for an upload and a reuse alike:
 * under the application's row lock, still open and staged within the sweep's deadline, each
 * staged type's earlier row is replaced by the new one in one transaction. Only once that has
 * committed are the replaced objects deleted; if anything fails, or nothing was committed, the
 * staged objects are deleted instead, so the store never holds a file no row names for longer than
 * a crash leaves to the orphan sweep.
 */
export async function commitStagedDocuments(
  db: Db,
  storage: DocumentStorage,
  owner: Owner,
  applicationId: string,
  staged: readonly StagedDocument[],
  options: CommitOptions,
): Promise<UploadDocumentsResponse> {
  const dropStaged = () => Promise.all(staged.map((s) => storage.delete(s.storage_key).catch(() => {})));
  const types = [...new Set(staged.map((s) => s.document_type))];
  let replaced: string[] = [];
  let committed = false;
  try {
    const body = await db.transaction(async (tx) => {
      const row = await ownedApplication(tx, owner, applicationId, true);
      assertOpenFor(row);
      // Past this the orphan sweep may take the staged files for a dead request's (orphan-sweep.ts).
      if (Date.now() - options.stagingStarted > STAGING_DEADLINE_MS) {
        throw new HttpError(408, options.tooSlow, 'upload_timeout');
      }
      const before = await documentsOf(tx, row);
      const answer = (after: DocumentRow[], detail: string) => documentsAnswer(after, types, detail);
      const done = options.alreadyDone?.(before);
      if (done !== undefined) return answer(before, done);

      replaced = before
        .filter((d) => (types as readonly string[]).includes(d.document_type))
        .map((d) => d.storage_key);
      await tx
        .delete(applicationDocuments)
        .where(
          and(
            eq(applicationDocuments.application_id, row.id),
            inArray(applicationDocuments.document_type, types),
          ),
        );
      await tx.insert(applicationDocuments).values(
        staged.map((s) => ({
          tenant_id: row.tenant_id,
          user_id: row.user_id,
          application_id: row.id,
          document_type: s.document_type,
          storage_key: s.storage_key,
          file_name: s.file_name,
          mime_type: s.mime_type,
          size: s.size,
          sha256: s.sha256,
          ...(options.uploadedAt ? { uploaded_at: options.uploadedAt } : {}),
        })),
      );
      await tx.update(applications).set({ updated_at: new Date() }).where(eq(applications.id, row.id));
      const response = answer(await documentsOf(tx, row), options.detail);
      await options.record?.(tx, response);
      committed = true;
      return response;
    });
    if (committed) await Promise.all(replaced.map((k) => storage.delete(k).catch(() => {})));
    else await dropStaged();
    return body;
  } catch (e) {
    // A throw after `committed` was set rolled the transaction back all the same.
    await dropStaged();
    throw e;
  }
}
