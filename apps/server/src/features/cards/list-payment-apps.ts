import { PAYMENT_APP_KINDS, type PaymentApp, paymentAppKindSchema } from '@cardwise/contracts';
import type { CategoryRef } from '../categories/category-index.ts';
import type { CatalogView } from './catalog-store.ts';

const PLATFORM_NAME_LEVEL = 3;

/**
 * The payment apps the taxonomy knows (platform names under PAYMENT_APP_KINDS), each with this tenant's cards that reward spend made through it. Drawn from the
 * imported taxonomy rather than a list of our own, so an operator's catalogue that adds an app
 * lists it, and the ids are the ones the spending form sends.
 */
export function listPaymentApps(byId: ReadonlyMap<string, CategoryRef>, view: CatalogView): PaymentApp[] {
  const out: PaymentApp[] = [];
  for (const [id, node] of byId) {
    if (node.level !== PLATFORM_NAME_LEVEL || node.parentId === null) continue;
    const type = byId.get(node.parentId);
    const kind = paymentAppKindSchema.safeParse(type?.slug);
    if (!type || !kind.success || type.parentId === null) continue;
    const mode = byId.get(type.parentId);
    if (!mode) continue;
    // Every spend through the app is of these kinds: a rule on any of them pays on it.
    const slugs = [node.slug, type.slug, ...node.implied.values()];
    const cardIds = view.details
      .filter((d) => slugs.some((s) => view.earnSlugs.get(d.id)?.has(s)))
      .map((d) => d.id);
    out.push({
      id,
      slug: node.slug,
      name: node.name,
      kind: kind.data,
      mode: { id: type.parentId, slug: mode.slug, name: mode.name },
      platform_type: { id: node.parentId, slug: type.slug, name: type.name },
      card_ids: cardIds,
    });
  }
  // UPI apps first, then bill payment, then wallets (PAYMENT_APP_KINDS); a stable sort keeps the
  // catalogue's order of the apps under one platform type.
  return out.sort((a, b) => PAYMENT_APP_KINDS.indexOf(a.kind) - PAYMENT_APP_KINDS.indexOf(b.kind));
}
