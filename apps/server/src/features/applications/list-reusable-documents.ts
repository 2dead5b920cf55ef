import {
  type DocumentType,
  documentCurrentSince,
  FINAL_STATUSES,
  type ReusableDocument,
} from '@cardwise/contracts';
import { and, desc, eq, gte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CatalogView } from '../cards/catalog-store.ts';
import { type ApplicationRow, documentsOf, type Owner } from './applications-repository.ts';
import { applicationDocuments, applications } from './applications-schema.ts';

/** The earliest upload time a document may have to be offered again (ADR 026). */
export const reusableSince = documentCurrentSince;

/**
 * What `target`'s empty document slots could take from the applicant's other applications
 * (ADR 026): per type it does not hold, the latest document of that type uploaded within the
 * last 90 days, from any other application of the same user in the same tenant (a submitted or
 * decided one included: its files are the applicant's own). Most recent first. A final target
 * can take nothing, so it is offered nothing. Reads only; the copy is `reuseDocument`.
 */
export async function listReusableDocuments(
  db: Db,
  owner: Owner,
  target: ApplicationRow,
  catalog: CatalogView | undefined,
  now = new Date(),
): Promise<ReusableDocument[]> {
  if ((FINAL_STATUSES as readonly string[]).includes(target.status)) return [];
  const held = new Set((await documentsOf(db, target)).map((d) => d.document_type));
  const rows = await db
    .select({ doc: applicationDocuments, app: applications })
    .from(applicationDocuments)
    .innerJoin(applications, eq(applications.id, applicationDocuments.application_id))
    .where(
      and(
        // Both tables bound to the caller: a document row's owner is its application's.
        eq(applications.tenant_id, owner.tenantId),
        eq(applications.user_id, owner.userId),
        eq(applicationDocuments.tenant_id, owner.tenantId),
        eq(applicationDocuments.user_id, owner.userId),
        ne(applications.id, target.id),
        gte(applicationDocuments.uploaded_at, reusableSince(now)),
      ),
    )
    .orderBy(desc(applicationDocuments.uploaded_at), desc(applicationDocuments.id));
  const offers: ReusableDocument[] = [];
  const seen = new Set<string>();
  for (const { doc, app } of rows) {
    if (held.has(doc.document_type) || seen.has(doc.document_type)) continue;
    seen.add(doc.document_type);
    const card = catalog?.byId.get(app.card_id) ?? app.card_snapshot ?? null;
    offers.push({
      document_type: doc.document_type as DocumentType,
      from_application_id: app.id,
      from_reference_id: app.reference_id,
      card_name: card?.name ?? null,
      file_name: doc.file_name,
      mime_type: doc.mime_type,
      file_size: doc.size,
      uploaded_at: doc.uploaded_at.toISOString(),
    });
  }
  return offers;
}
