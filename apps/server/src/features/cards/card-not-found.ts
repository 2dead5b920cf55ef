import { HttpError, notFound } from '../../plumbing/errors.ts';
import type { CatalogStore } from './catalog-store.ts';

/**
 * 404 for a card this tenant does not show, saying why when the card is known: a link shared from
 * another partner's site, or a bookmark of a card since withdrawn (the catalogue is public, and the
 * answers for preferences name such cards the same way). An id nobody knows is said to be one.
 * Call after `store.view()`, which loads what this reads.
 */
export function cardNotFound(store: CatalogStore, id: string): HttpError {
  const known = store.describeUnoffered(id);
  if (known.reason === 'not_on_this_site')
    return new HttpError(404, `${known.name} is not offered on this site.`, 'not_offered');
  if (known.reason === 'retired') return new HttpError(404, `${known.name} is no longer offered.`, 'retired');
  return notFound(`No card with id '${id}'.`);
}
