import { type ContactRequest, contactResponseSchema } from '@cardwise/contracts';
import { apiRequest } from '../../lib/api-client.ts';

/** POST accounts/contact (platform spec §7): signed in or not; the server files it under the tenant. */
export function sendContactMessage(body: ContactRequest) {
  return apiRequest('accounts/contact/', contactResponseSchema, { method: 'POST', body });
}
