import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogSource } from '../../db/schema.ts';

/** Where the catalogue came from: the demo catalogue the code ships, or an operator's file. */
export interface CatalogSource {
  kind: 'demo' | 'file';
  /** SHA-256 (hex) of the imported file's bytes. */
  digest: string;
}

export const digestOf = (text: string): string => createHash('sha256').update(text).digest('hex');

export function catalogSourceRepository(db: Db) {
  return {
    /** The one source row; null on a database whose catalogue predates the record. */
    async read(): Promise<CatalogSource | null> {
      const [row] = await db
        .select({ kind: catalogSource.kind, digest: catalogSource.digest })
        .from(catalogSource)
        .where(eq(catalogSource.id, 1));
      return row ?? null;
    },
    /** Records the source of an import; `tx` is the import's own transaction. */
    async record(source: CatalogSource, tx: Db = db): Promise<void> {
      await tx
        .insert(catalogSource)
        .values({ id: 1, ...source })
        .onConflictDoUpdate({ target: catalogSource.id, set: { ...source, imported_at: new Date() } });
    },
  };
}
