import {
  type DocumentType,
  isDocumentTooOld,
  type submitApplicationRequestSchema,
  WIZARD_DOCUMENT_TYPES,
} from '@cardwise/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../plumbing/errors.ts';
import type { CatalogView } from '../cards/catalog-store.ts';
import {
  assertOpenFor,
  documentsTooOldError,
  incompleteSectionError,
  missingDocumentsError,
  missingRequired,
  ownedApplication,
} from './application-errors.ts';
import {
  type ApplicationRow,
  applicationView,
  documentsOf,
  incompleteSection,
  type Owner,
  STEP_LABELS,
} from './applications-repository.ts';
import { applications } from './applications-schema.ts';
import { completeIdempotencyKey, type IdempotencyScope } from './idempotency.ts';

/**
 * POST /leads/applications/:id/submit_application, once any Idempotency-Key is claimed: the
 * owner's application, locked, is checked whole (every section as a completed step would judge
 * it, the required documents, none of them too old for the bank) and submitted; the answer is stored under the key in the same
 * transaction, so a repeat replays it.
 */
export async function submitApplication(
  db: Db,
  key: Buffer,
  owner: Owner,
  id: string,
  body: z.output<typeof submitApplicationRequestSchema>,
  catalog: CatalogView,
  scope: IdempotencyScope | undefined,
) {
  return db.transaction(async (tx) => {
    const row = await ownedApplication(tx, owner, id, true);
    assertOpenFor(row, body.reference_id);
    if (row.status !== 'review') {
      const current = row.current_step as keyof typeof STEP_LABELS;
      throw new HttpError(
        400,
        `Please complete every step before submitting (next: ${STEP_LABELS[current] ?? row.current_step}).`,
        'incomplete_application',
        { extra: { current_step: row.current_step } },
      );
    }
    // Every section again, as a completed step would judge it: what the bank receives must
    // be complete whatever the steps' history (a draft save, a row edited by hand).
    const incomplete = incompleteSection(key, row);
    if (incomplete) throw incompleteSectionError(incomplete);
    const docs = await documentsOf(tx, row);
    const missing = missingRequired(docs.map((d) => d.document_type));
    if (missing.length) throw missingDocumentsError(missing);
    const now = new Date();
    // The age rule of a reuse again, for every document however it came (ADR 026): a draft may
    // sit for months, and the bank refuses an address or income proof that old, later and at
    // the applicant's cost.
    const tooOld = docs.filter(
      (d) =>
        (WIZARD_DOCUMENT_TYPES as readonly string[]).includes(d.document_type) &&
        isDocumentTooOld(d.uploaded_at, now),
    );
    if (tooOld.length) throw documentsTooOldError(tooOld.map((d) => d.document_type as DocumentType));
    const [updated] = await tx
      .update(applications)
      .set({ status: 'submitted', current_step: 'submitted', submitted_at: now, updated_at: now })
      .where(eq(applications.id, row.id))
      .returning();
    const answer = await applicationView(tx, key, updated as ApplicationRow, catalog);
    if (scope) await completeIdempotencyKey(tx, scope, 200, answer);
    return answer;
  });
}
