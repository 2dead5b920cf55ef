import type { CardDetail } from '@cardwise/contracts';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantId, tstz } from '../../db/columns.ts';
import { users } from '../accounts/accounts-schema.ts';

/**
 * Card applications (the in-product wizard), their step log, KYC documents and the
 * idempotency keys of the upload and final-submit calls.
 *
 * Every row carries tenant_id, and every query is scoped by tenant_id AND user_id: the
 * numeric id is sequential, so it never grants access by itself (a miss is a 404).
 * The personal section's PAN and Aadhaar are stored only as AES-256-GCM ciphertexts
 * (plumbing/crypto.ts), bound to the application id; Aadhaar's last 4 digits sit beside.
 */

/** The personal section at rest: the contract's fields, with PAN and Aadhaar encrypted. */
export interface StoredPersonal {
  full_name?: string;
  date_of_birth?: string;
  gender?: 'MALE' | 'FEMALE' | 'OTHER';
  pan_encrypted?: string;
  aadhaar_encrypted?: string;
  aadhaar_last4?: string;
  address_line1?: string;
  address_line2?: string;
  state?: string;
  city?: string;
  pincode?: string;
  country?: string;
  email?: string;
  mobile?: string;
}

export const applications = pgTable(
  'applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenant_id: tenantId(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Random, unguessable, shown to the user: CW-2026-XXXXXXXX. */
    reference_id: text('reference_id').notNull(),
    card_id: text('card_id').notNull(),
    /** The card as it was when the application started (the catalogue may change later). */
    card_snapshot: jsonb('card_snapshot').$type<CardDetail>(),
    status: text('status').notNull().default('draft'),
    current_step: text('current_step').notNull().default('personal_details'),
    personal_details: jsonb('personal_details').$type<StoredPersonal>(),
    employment_details: jsonb('employment_details').$type<Record<string, string | number>>(),
    review_confirmed_at: tstz('review_confirmed_at'),
    submitted_at: tstz('submitted_at'),
    decided_at: tstz('decided_at'),
    created_at: tstz('created_at').notNull().defaultNow(),
    updated_at: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_reference_uq').on(t.reference_id),
    // One application per user and card: starting again resumes it, or says it was submitted.
    uniqueIndex('applications_tenant_user_card_uq').on(t.tenant_id, t.user_id, t.card_id),
    index('applications_tenant_user_idx').on(t.tenant_id, t.user_id),
  ],
);

export const applicationStepLogs = pgTable(
  'application_step_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenant_id: tenantId(),
    application_id: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    completed_at: tstz('completed_at').notNull().defaultNow(),
  },
  (t) => [index('application_step_logs_app_idx').on(t.application_id)],
);

export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenant_id: tenantId(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    application_id: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    document_type: text('document_type').notNull(),
    /** Generated name in the document store; never derived from what the client sent. */
    storage_key: text('storage_key').notNull(),
    /** The client's file name, sanitised, for the download's Content-Disposition only. */
    file_name: text('file_name').notNull(),
    /** From the file's first bytes, never the declared type. */
    mime_type: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    is_verified: boolean('is_verified').notNull().default(false),
    uploaded_at: tstz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('application_documents_type_uq').on(t.application_id, t.document_type),
    uniqueIndex('application_documents_key_uq').on(t.storage_key),
  ],
);

/**
 * Idempotency-Key records. A key is claimed (state 'pending') before the work and answered
 * ('done', with the response) after it; a repeat with the same key and request gets the
 * stored answer, the same key with another request a 422.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenant_id: tenantId(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    request_hash: text('request_hash').notNull(),
    state: text('state').notNull().default('pending'),
    response_status: integer('response_status'),
    response_body: jsonb('response_body'),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenant_id, t.user_id, t.key] })],
);
