import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cards, catalogSource } from '../../db/schema.ts';

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
    /**
     * Records an import (`tx`: the import's own transaction) and returns the cards it retired. A
     * demo version following a demo version retires the cards the earlier one listed and this one
     * does not (a card the demo drops must not stay in lists and recommendations); nothing else is
     * retired, so an operator's own cards never are.
     */
    async record(source: CatalogSource, cardIds: string[], tx: Db = db): Promise<string[]> {
      const [previous] = await tx
        .select({ kind: catalogSource.kind, card_ids: catalogSource.card_ids })
        .from(catalogSource)
        .where(eq(catalogSource.id, 1))
        .for('update');
      const listed = new Set(cardIds);
      const dropped =
        previous?.kind === 'demo' && source.kind === 'demo'
          ? previous.card_ids.filter((id) => !listed.has(id))
          : [];
      const retired = dropped.length
        ? await tx
            .update(cards)
            .set({ is_active: false, updated_at: sql`now()` })
            .where(and(inArray(cards.id, dropped), eq(cards.is_active, true)))
            .returning({ id: cards.id })
        : [];
      const row = { ...source, card_ids: cardIds };
      await tx
        .insert(catalogSource)
        .values({ id: 1, ...row })
        .onConflictDoUpdate({ target: catalogSource.id, set: { ...row, imported_at: new Date() } });
      return retired.map((r) => r.id);
    },
  };
}
