import {
  type CashbackClaimSummary,
  type CashbackProofResponse,
  CUSTOMER_TYPE_WIRE,
  type CustomerType,
  cashbackClaimSummariesSchema,
  cashbackProofResponseSchema,
  type LogApplyRedirectResponse,
  logApplyRedirectResponseSchema,
} from '@cardwise/contracts';
import { apiRequest } from '../../lib/api-client.ts';
import { readStorage, removeStorage, STORAGE_KEYS, sessionKey, writeStorage } from '../../lib/storage.ts';

/** Application spec §7 `POST cards/log-apply-redirect`, JSON: the user leaves for the bank's site. */
export function logApplyRedirect(body: {
  card_id: string;
  customer_type: CustomerType;
  application_tracking_email?: string | undefined;
  application_tracking_phone?: string | undefined;
  application_tracking_pan?: string | undefined;
  referral_code?: string | undefined;
}): Promise<LogApplyRedirectResponse> {
  return apiRequest('cards/log-apply-redirect', logApplyRedirectResponseSchema, {
    method: 'POST',
    body: { ...body, customer_type: CUSTOMER_TYPE_WIRE[body.customer_type] },
  });
}

/** The same call, multipart: the proof image for the cashback claim (the upload path's `ecc`). */
export function uploadProof(fields: {
  card_id: string;
  customer_type: CustomerType;
  referral_code?: string | undefined;
  application_reference?: string | undefined;
  proof_image: File;
}): Promise<CashbackProofResponse> {
  const form = new FormData();
  form.append('card_id', fields.card_id);
  form.append(
    'customer_type',
    fields.customer_type === 'EXISTING_CREDIT_CARD' ? 'ecc' : CUSTOMER_TYPE_WIRE[fields.customer_type],
  );
  if (fields.referral_code) form.append('referral_code', fields.referral_code);
  if (fields.application_reference) form.append('application_reference', fields.application_reference);
  form.append('proof_image', fields.proof_image, fields.proof_image.name);
  return apiRequest('cards/log-apply-redirect', cashbackProofResponseSchema, { method: 'POST', body: form });
}

/** The signed-in user's cashback claims with their status, newest first (/profile). */
export function fetchMyCashbackClaims(): Promise<CashbackClaimSummary[]> {
  return apiRequest('accounts/cashback-claims/', cashbackClaimSummariesSchema);
}

/**
 * The departure a proof still has to follow, per card: the proof usually comes later (once
 * the bank has acknowledged the application), so the dialog opened again on the same card
 * offers to upload it under the same reference.
 */
export interface PendingClaim {
  reference: string;
  customer_type: CustomerType;
  referral_code?: string | undefined;
}

const pendingKey = (cardId: string) => sessionKey(`${STORAGE_KEYS.pendingClaimPrefix}${cardId}`);

export function readPendingClaim(cardId: string): PendingClaim | null {
  const raw = readStorage(pendingKey(cardId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingClaim>;
    if (typeof value.reference !== 'string' || typeof value.customer_type !== 'string') return null;
    return value as PendingClaim;
  } catch {
    return null;
  }
}

export function savePendingClaim(cardId: string, claim: PendingClaim): void {
  writeStorage(pendingKey(cardId), JSON.stringify(claim));
}

export function clearPendingClaim(cardId: string): void {
  removeStorage(pendingKey(cardId));
}
