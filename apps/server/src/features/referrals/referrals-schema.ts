import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantId, tstz } from '../../db/columns.ts';
import { users } from '../accounts/accounts-schema.ts';

/**
 * The referral / cashback-proof flow for cards applied for on the bank's own site
 * (application spec §2, §7 `cards/log-apply-redirect`): each departure to the bank's site,
 * and each proof of application uploaded to claim cashback.
 *
 * Every row carries tenant_id; a claim is read and changed only by its tenant and user.
 * The tracking PAN is stored only as an AES-256-GCM ciphertext (plumbing/crypto.ts), bound to
 * the row's reference; the proof image lives in the document store under a generated key.
 */

export const applyRedirects = pgTable(
  'apply_redirects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenant_id: tenantId(),
    /** Null for an anonymous visitor (who is warned that cashback needs a login). */
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    card_id: text('card_id').notNull(),
    customer_type: text('customer_type').notNull(),
    tracking_email: text('tracking_email'),
    tracking_phone: text('tracking_phone'),
    tracking_pan_encrypted: text('tracking_pan_encrypted'),
    referral_code: text('referral_code'),
    /** Random, shown to the user: CB-2026-XXXXXXXX. */
    application_reference: text('application_reference').notNull(),
    redirect_url: text('redirect_url').notNull(),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('apply_redirects_reference_uq').on(t.application_reference),
    index('apply_redirects_tenant_user_idx').on(t.tenant_id, t.user_id),
  ],
);

export const cashbackClaims = pgTable(
  'cashback_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenant_id: tenantId(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The departure this proof belongs to, when the client quoted its reference. */
    redirect_id: bigint('redirect_id', { mode: 'number' }).references(() => applyRedirects.id, {
      onDelete: 'set null',
    }),
    application_reference: text('application_reference').notNull(),
    card_id: text('card_id').notNull(),
    /**
     * The card's name and bank when the claim was filed, so the claim still says what it was for
     * once the catalogue renames or drops the card (ADR 010). Null on claims filed before.
     */
    card_name: text('card_name'),
    bank_name: text('bank_name'),
    customer_type: text('customer_type').notNull(),
    referral_code: text('referral_code'),
    /** Generated name in the document store; never derived from what the client sent. */
    storage_key: text('storage_key').notNull(),
    file_name: text('file_name').notNull(),
    /** From the file's first bytes, never the declared type. */
    mime_type: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** pending_review → approved | rejected (an operator's decision, `npm run referrals`). */
    status: text('status').notNull().default('pending_review'),
    created_at: tstz('created_at').notNull().defaultNow(),
    updated_at: tstz('updated_at').notNull().defaultNow(),
    decided_at: tstz('decided_at'),
  },
  (t) => [
    uniqueIndex('cashback_claims_reference_uq').on(t.application_reference),
    uniqueIndex('cashback_claims_key_uq').on(t.storage_key),
    index('cashback_claims_tenant_user_idx').on(t.tenant_id, t.user_id),
  ],
);
