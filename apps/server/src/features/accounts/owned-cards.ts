import type { OwnedCard } from '@cardwise/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CatalogView } from '../cards/catalog-store.ts';
import { ownedCards } from './accounts-schema.ts';

type Row = typeof ownedCards.$inferSelect;

function toDto(r: Row, view: CatalogView): OwnedCard {
  const card = view.byId.get(r.card_id);
  const summary = card ? (view.summaries.find((s) => s.id === r.card_id) ?? null) : null;
  return {
    id: r.id,
    credit_card_details: summary,
    card_id: r.card_id,
    card_number_last4: r.card_number_last4,
    expiry_date: r.expiry_date,
    joining_date: r.joining_date,
    is_active: r.is_active,
    user: r.user_id,
  };
}

export interface OwnedCardInput {
  card_number_last4?: string | null | undefined;
  expiry_date?: string | null | undefined;
  joining_date?: string | null | undefined;
  is_active?: boolean | undefined;
}

/** A user's owned cards ("my cards"); every query scoped by tenant and user. */
export function ownedCardsRepository(db: Db) {
  const scope = (tenantId: string, userId: string) =>
    and(eq(ownedCards.tenant_id, tenantId), eq(ownedCards.user_id, userId));
  return {
    async list(tenantId: string, userId: string, view: CatalogView): Promise<OwnedCard[]> {
      const rows = await db
        .select()
        .from(ownedCards)
        .where(scope(tenantId, userId))
        .orderBy(asc(ownedCards.created_at), asc(ownedCards.id));
      return rows.map((r) => toDto(r, view));
    },
    async add(
      tenantId: string,
      userId: string,
      cardId: string,
      input: OwnedCardInput,
      view: CatalogView,
    ): Promise<OwnedCard> {
      const [row] = await db
        .insert(ownedCards)
        .values({
          tenant_id: tenantId,
          user_id: userId,
          card_id: cardId,
          card_number_last4: input.card_number_last4 ?? null,
          expiry_date: input.expiry_date ?? null,
          joining_date: input.joining_date ?? null,
          is_active: input.is_active ?? true,
        })
        .returning();
      return toDto(row!, view);
    },
    async update(
      tenantId: string,
      userId: string,
      id: string,
      input: OwnedCardInput,
      view: CatalogView,
    ): Promise<OwnedCard | undefined> {
      const set: Partial<typeof ownedCards.$inferInsert> = { updated_at: new Date() };
      for (const [k, v] of Object.entries(input)) {
        if (v !== undefined) (set as Record<string, unknown>)[k] = v;
      }
      const [row] = await db
        .update(ownedCards)
        .set(set)
        .where(and(scope(tenantId, userId), eq(ownedCards.id, id)))
        .returning();
      return row ? toDto(row, view) : undefined;
    },
    /** Ids of the cards the account records as held now (inactive records are past cards). */
    async activeCardIds(tenantId: string, userId: string): Promise<string[]> {
      const rows = await db
        .select({ card_id: ownedCards.card_id })
        .from(ownedCards)
        .where(and(scope(tenantId, userId), eq(ownedCards.is_active, true)));
      return [...new Set(rows.map((r) => r.card_id))];
    },
    async remove(tenantId: string, userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(ownedCards)
        .where(and(scope(tenantId, userId), eq(ownedCards.id, id)))
        .returning({ id: ownedCards.id });
      return rows.length > 0;
    },
  };
}
