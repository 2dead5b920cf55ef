import type { AccountSpendingEntry } from '@cardwise/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantId, tstz } from '../../db/columns.ts';
import { cards } from '../../db/schema.ts';

/**
 * Accounts. Every row carries tenant_id: a user belongs to one tenant, and the same email
 * may sign up separately on two tenants (unique per (tenant_id, lower(email))).
 * PAN and Aadhaar are AES-256-GCM encrypted at rest (plumbing/crypto.ts); Aadhaar's last 4
 * digits are kept apart, the only part of it ever shown.
 */

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant_id: tenantId(),
    /** Stored trimmed and lower-cased; the unique index is on lower(email) all the same. */
    email: text('email').notNull(),
    username: text('username').notNull(),
    full_name: text('full_name').notNull(),
    /** argon2id, PHC string. */
    password_hash: text('password_hash').notNull(),
    referral_code: text('referral_code').notNull(),
    referred_by_id: uuid('referred_by_id'),
    is_active: boolean('is_active').notNull().default(true),
    last_login_at: tstz('last_login_at'),
    password_changed_at: tstz('password_changed_at').notNull().defaultNow(),
    created_at: tstz('created_at').notNull().defaultNow(),
    updated_at: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_tenant_email_uq').on(t.tenant_id, sql`lower(${t.email})`),
    uniqueIndex('users_tenant_referral_code_uq').on(t.tenant_id, t.referral_code),
    index('users_referred_by_idx').on(t.referred_by_id),
  ],
);

export const profiles = pgTable('profiles', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenant_id: tenantId(),
  phone_number: text('phone_number'),
  date_of_birth: date('date_of_birth', { mode: 'string' }),
  gender: text('gender'),
  address: text('address'),
  city: text('city'),
  state: text('state'),
  pincode: text('pincode'),
  current_address: text('current_address'),
  current_city: text('current_city'),
  current_pincode: text('current_pincode'),
  years_in_current_address: integer('years_in_current_address'),
  permanent_address_same: boolean('permanent_address_same').notNull().default(false),
  permanent_address: text('permanent_address'),
  permanent_city: text('permanent_city'),
  permanent_pincode: text('permanent_pincode'),
  existing_monthly_emi: money('existing_monthly_emi'),
  occupation: text('occupation'),
  annual_income: money('annual_income'),
  monthly_income: money('monthly_income'),
  employment_type: text('employment_type'),
  company_name: text('company_name'),
  job_title: text('job_title'),
  years_in_current_job: numeric('years_in_current_job', { precision: 5, scale: 2, mode: 'number' }),
  credit_score: integer('credit_score'),
  credit_card_limit: money('credit_card_limit'),
  credit_card_utilization: numeric('credit_card_utilization', { precision: 5, scale: 2, mode: 'number' }),
  existing_loan_emis: money('existing_loan_emis'),
  existing_loans_count: integer('existing_loans_count'),
  preferred_loan_tenure: integer('preferred_loan_tenure'),
  preferred_emi_affordability: money('preferred_emi_affordability'),
  loan_purpose: text('loan_purpose'),
  desired_loan_amount: money('desired_loan_amount'),
  /** AES-256-GCM (plumbing/crypto.ts), bound to the user id. */
  pan_encrypted: text('pan_encrypted'),
  aadhaar_encrypted: text('aadhaar_encrypted'),
  aadhaar_last4: text('aadhaar_last4'),
  is_kyc_verified: boolean('is_kyc_verified').notNull().default(false),
  kyc_verified_at: tstz('kyc_verified_at'),
  itr_filed: boolean('itr_filed'),
  gst_number: text('gst_number'),
  business_turnover: money('business_turnover'),
  consent_for_credit_check: boolean('consent_for_credit_check').notNull().default(false),
  consent_shared: boolean('consent_shared').notNull().default(false),
  marketing_consent: boolean('marketing_consent').notNull().default(false),
  language_selected: text('language_selected'),
  created_at: tstz('created_at').notNull().defaultNow(),
  updated_at: tstz('updated_at').notNull().defaultNow(),
});

/**
 * A sign-in session: one family of rotating refresh tokens. Access tokens name their
 * session (`sid`), so revoking the session ends its access tokens at once too.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant_id: tenantId(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Absolute: rotation never extends it. */
    expires_at: tstz('expires_at').notNull(),
    revoked_at: tstz('revoked_at'),
    /** logout, logout_everywhere, refresh_reuse, password_change, password_reset */
    revoked_reason: text('revoked_reason'),
    created_at: tstz('created_at').notNull().defaultNow(),
    last_used_at: tstz('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.user_id)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant_id: tenantId(),
    /** The session (token family) this token belongs to. */
    family_id: uuid('family_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 (hex) of the 32-byte random token; the token itself is never stored. */
    token_hash: text('token_hash').notNull(),
    parent_id: uuid('parent_id'),
    expires_at: tstz('expires_at').notNull(),
    /** Set when the token is exchanged (rotated); a second exchange is reuse. */
    used_at: tstz('used_at'),
    replaced_by: uuid('replaced_by'),
    revoked_at: tstz('revoked_at'),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.token_hash),
    index('refresh_tokens_family_idx').on(t.family_id),
  ],
);

/**
 * Password-reset links (ADR 024): single use, 30 minutes. Only the sha-256 of the 32-byte random
 * token is kept, as for refresh tokens. A new request revokes the user's unused ones, and a reset
 * spends its own and revokes the rest.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant_id: tenantId(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 (hex) of the token the link carries; the token itself is never stored. */
    token_hash: text('token_hash').notNull(),
    expires_at: tstz('expires_at').notNull(),
    /** Set when the link reset the password. */
    used_at: tstz('used_at'),
    /** Set when a newer link, or a reset, made this one void. */
    revoked_at: tstz('revoked_at'),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_uq').on(t.token_hash),
    index('password_reset_tokens_user_idx').on(t.tenant_id, t.user_id),
  ],
);

export const ownedCards = pgTable(
  'owned_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant_id: tenantId(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    card_id: text('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    card_number_last4: text('card_number_last4'),
    expiry_date: text('expiry_date'),
    joining_date: date('joining_date', { mode: 'string' }),
    is_active: boolean('is_active').notNull().default(true),
    created_at: tstz('created_at').notNull().defaultNow(),
    updated_at: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('owned_cards_user_card_uq').on(t.user_id, t.card_id)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant_id: tenantId(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number'),
    subject: text('subject'),
    message: text('message').notNull(),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_messages_tenant_idx').on(t.tenant_id, t.created_at)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant_id: tenantId(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    is_read: boolean('is_read').notNull().default(false),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.user_id, t.created_at)],
);

export const userPreferences = pgTable('user_preferences', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenant_id: tenantId(),
  compare_cards: jsonb('compare_cards').$type<string[]>().notNull(),
  exclude_cards: jsonb('exclude_cards').$type<string[]>().notNull(),
  owned_cards: jsonb('owned_cards').$type<string[]>().notNull(),
  desired_card_count: integer('desired_card_count').notNull().default(1),
  updated_at: tstz('updated_at').notNull().defaultNow(),
});

export const spendingEntries = pgTable(
  'spending_entries',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entry_id: text('entry_id').notNull(),
    tenant_id: tenantId(),
    position: integer('position').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    spending_mode: text('spending_mode'),
    platform_type: text('platform_type'),
    platform_name: text('platform_name'),
    spending_category: text('spending_category'),
    spending_sub_category: text('spending_sub_category'),
    product: text('product'),
    brand: text('brand'),
    frequency: text('frequency').$type<AccountSpendingEntry['frequency']>().notNull(),
    payment_method: text('payment_method').notNull().default('other'),
    transaction_type: text('transaction_type'),
    updated_at: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.entry_id] })],
);
