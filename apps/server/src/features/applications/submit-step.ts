import {
  employmentDetailsSchema,
  personalDetailsDraftSchema,
  personalDetailsSchema,
  reviewStepDataSchema,
  type submitStepRequestSchema,
} from '@cardwise/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../plumbing/errors.ts';
import type { CatalogView } from '../cards/catalog-store.ts';
import {
  assertOpenFor,
  invalidStep,
  missingDocumentsError,
  missingRequired,
  ownedApplication,
} from './application-errors.ts';
import {
  type ApplicationRow,
  applicationView,
  documentsOf,
  mergeEmploymentDraft,
  nextCurrentStep,
  nextStatus,
  type Owner,
  STEP_LABELS,
  sectionErrors,
  statusBefore,
  stepIndex,
  toStoredPersonal,
} from './applications-repository.ts';
import { applicationStepLogs, applications } from './applications-schema.ts';

/**
 * POST /leads/applications/:id/submit_step: saves one step of the owner's application, in full
 * (the step validated, current_step moves on) or as a draft (merged, and a completed section it
 * leaves incomplete reopens its step; ADR 006). `catalog` is read before the transaction opens:
 * on the embedded database a catalogue reload inside it would wait for itself.
 */
export async function submitStep(
  db: Db,
  key: Buffer,
  owner: Owner,
  id: string,
  { step, is_completed: complete, data, reference_id }: z.output<typeof submitStepRequestSchema>,
  catalog: CatalogView,
) {
  return db.transaction(async (tx) => {
    const row = await ownedApplication(tx, owner, id, true);
    assertOpenFor(row, reference_id);
    if (stepIndex(step) > stepIndex(row.current_step)) {
      const current = row.current_step as keyof typeof STEP_LABELS;
      throw new HttpError(409, `Please complete ${STEP_LABELS[current]} first.`, 'step_out_of_order', {
        extra: { current_step: row.current_step },
      });
    }
    const patch: Partial<typeof applications.$inferInsert> = { updated_at: new Date() };
    if (step === 'personal_details') {
      const parsed = (complete ? personalDetailsSchema : personalDetailsDraftSchema).safeParse(data);
      if (!parsed.success) throw invalidStep('personal details', parsed.error);
      const stored = toStoredPersonal(key, row.id, parsed.data);
      // A draft save merges into what is there; a completed step replaces it.
      patch.personal_details = complete ? stored : { ...(row.personal_details ?? {}), ...stored };
    } else if (step === 'employment_details') {
      // A draft save merges into what is there (never empties a completed section); a
      // completed step replaces it.
      const parsed = complete
        ? employmentDetailsSchema(true).safeParse(data)
        : mergeEmploymentDraft(row.employment_details, data);
      if (!parsed.success) throw invalidStep('employment details', parsed.error);
      patch.employment_details = parsed.data as unknown as Record<string, string | number>;
    } else if (step === 'document_upload' && complete) {
      const missing = missingRequired((await documentsOf(tx, row)).map((d) => d.document_type));
      if (missing.length) throw missingDocumentsError(missing);
    } else if (step === 'review' && complete) {
      const parsed = reviewStepDataSchema.safeParse(data);
      if (!parsed.success) throw invalidStep('review', parsed.error);
      patch.review_confirmed_at = new Date();
    }
    if (complete) {
      patch.current_step = nextCurrentStep(row.current_step, step);
      patch.status = nextStatus(row.status, step);
      await tx.insert(applicationStepLogs).values({ tenant_id: row.tenant_id, application_id: row.id, step });
    } else if (
      (step === 'personal_details' || step === 'employment_details') &&
      stepIndex(row.current_step) > stepIndex(step) &&
      sectionErrors(key, { ...row, ...patch }, step).length > 0
    ) {
      // A draft that leaves a completed section incomplete reopens its step (ADR 006): the
      // wizard goes back there, and the steps after it (review included) are done again.
      patch.current_step = step;
      patch.status = statusBefore(step);
    }
    const [updated] = await tx
      .update(applications)
      .set(patch)
      .where(and(eq(applications.id, row.id), eq(applications.tenant_id, row.tenant_id)))
      .returning();
    return applicationView(tx, key, updated as ApplicationRow, catalog);
  });
}
