import { type AddOwnedCard, type OwnedCard, ownedCardSchema } from '@cardwise/contracts';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

/** POST accounts/my-cards: only the last 4 digits of the number ever leave the browser. */
export function addOwnedCard(body: AddOwnedCard): Promise<OwnedCard> {
  return apiRequest('accounts/my-cards/', ownedCardSchema, { method: 'POST', body });
}

/** DELETE accounts/my-cards/{id}: 204, no body. */
export async function removeOwnedCard(id: string): Promise<void> {
  await apiRequest(`accounts/my-cards/${encodeURIComponent(id)}/`, z.null(), { method: 'DELETE' });
}
