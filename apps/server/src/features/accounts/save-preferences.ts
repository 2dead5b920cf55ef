import type {
  AccountPreferences,
  SavedPreferencesResponse,
  UnofferedPreferenceCard,
} from '@cardwise/contracts';
import { invalidField } from '../../plumbing/errors.ts';
import type { CatalogView } from '../cards/catalog-store.ts';
import type { AccountsRepository } from './accounts-repository.ts';
import { dropHeldCards } from './drop-held-cards.ts';
import type { ownedCardsRepository } from './owned-cards.ts';
import { withUnofferedCards } from './unoffered-preference-cards.ts';

/** PUT /accounts/preferences: the three card lists and the card count, checked against the tenant's catalogue. */
export async function savePreferences(
  deps: {
    repo: AccountsRepository;
    owned: ReturnType<typeof ownedCardsRepository>;
    describeUnoffered: (id: string) => UnofferedPreferenceCard;
  },
  me: { tenantId: string; id: string },
  view: CatalogView,
  p: AccountPreferences,
): Promise<SavedPreferencesResponse> {
  const { repo, owned, describeUnoffered } = deps;
  // A card saved before it was retired (or before this site stopped listing its bank) comes
  // back in every later save of the whole lists: refused, the user could change nothing else
  // until they found and removed it. It is kept where it was until they remove it; the panel
  // shows it by name as no longer offered. A new id this site does not offer is still refused.
  const before = await repo.preferences(me.tenantId, me.id);
  const wasSaved = new Set(
    before ? [...before.compareCards, ...before.excludeCards, ...before.ownedCards] : [],
  );
  for (const key of ['compareCards', 'excludeCards', 'ownedCards'] as const) {
    const unknown = p[key].filter((id) => !view.byId.has(id) && !wasSaved.has(id));
    if (unknown.length > 0) {
      throw invalidField(key, `Unknown card id(s): ${unknown.slice(0, 5).join(', ')}.`, 'unknown_card');
    }
  }
  // A card in two lists of the body was refused by its schema; one the account holds and the
  // body compares or excludes is dropped from that list, with a warning (ADR 015).
  const settled = dropHeldCards(
    p,
    await owned.activeCardIds(me.tenantId, me.id),
    (id) => view.byId.get(id)?.name,
  );
  await repo.savePreferences(me.tenantId, me.id, settled.preferences);
  return {
    ...withUnofferedCards(settled.preferences, (id) => view.byId.has(id), describeUnoffered),
    warnings: settled.warnings,
  };
}
