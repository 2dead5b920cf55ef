import type { CapGroup, Milestone, Rule } from '@cardwise/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The catalogue (banks, themes, categories, cards, tags) is platform data shared by
 * every tenant; what a tenant sees of it is decided by its bank list (tenant_banks).
 * Rows a tenant owns carry tenant_id and every query of them is scoped by it.
 */

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const themes = pgTable('themes', {
  name: text('name').primaryKey(),
  description: text('description').notNull(),
  primary_color: text('primary_color').notNull(),
  light: jsonb('light').$type<Record<string, string>>().notNull(),
  dark: jsonb('dark').$type<Record<string, string>>().notNull(),
});

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  company_name: text('company_name').notNull(),
  logo: text('logo'),
  custom_css: text('custom_css').notNull().default(''),
  description: text('description').notNull().default(''),
  theme: text('theme')
    .notNull()
    .references(() => themes.name),
  support_email: text('support_email').notNull(),
  /** Comma-separated bank names/codes with a complete in-product journey (spec §4). */
  complete_journey_banks: text('complete_journey_banks').notNull().default(''),
  is_default: boolean('is_default').notNull().default(false),
  is_active: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  logo_url: text('logo_url'),
  primary_color: text('primary_color').notNull(),
  description: text('description'),
  website: text('website'),
  ...timestamps,
});

/** A tenant's bank list: which banks (and so which cards) its users see, in its order. */
export const tenantBanks = pgTable(
  'tenant_banks',
  {
    tenant_id: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    bank_code: text('bank_code')
      .notNull()
      .references(() => banks.code, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenant_id, t.bank_code] })],
);

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    parent_id: text('parent_id'),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** 1 mode, 2 platform type, 3 platform name, 4 category, 5 sub category, 6 product. */
    level: integer('level').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parent_id), index('categories_slug_idx').on(t.slug)],
);

export const tags = pgTable('tags', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon'),
});

export const cards = pgTable(
  'cards',
  {
    id: text('id').primaryKey(),
    bank_code: text('bank_code')
      .notNull()
      .references(() => banks.code),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    network: text('network'),
    annual_fee: money('annual_fee').notNull(),
    fee_frequency: text('fee_frequency').notNull().default('YEARLY'),
    joining_fee: money('joining_fee').notNull().default(0),
    fee_waiver_annual_spend: money('fee_waiver_annual_spend'),
    waiver_condition: text('waiver_condition'),
    // Earn rules, cap groups and milestones are one value of the card: always read and
    // written whole, validated by the contract schema on import, consumed whole by the engine.
    rules: jsonb('rules').$type<Rule[]>().notNull(),
    cap_groups: jsonb('cap_groups').$type<CapGroup[]>().notNull(),
    milestones: jsonb('milestones').$type<Milestone[]>().notNull(),
    /** Slugs the card's earning (non-base) rules reward: the category filter's index. */
    earn_slugs: text('earn_slugs').array().notNull().default(sql`'{}'::text[]`),
    interest_rate: text('interest_rate'),
    min_income: money('min_income'),
    credit_score: integer('credit_score'),
    image_url: text('image_url'),
    apply_url: text('apply_url'),
    /** The affiliate link; null when there is none (see bank_site_closed for which "none"). */
    affiliated_url: text('affiliated_url'),
    /**
     * The catalogue's `affiliated_url: false`: the bank's site takes no application for the card
     * (spec §4 disables Apply unless the bank has the in-product journey). A card with no
     * affiliate link (`null`) is still applied for at its apply URL, so the two must not share null.
     */
    bank_site_closed: boolean('bank_site_closed').notNull().default(false),
    bank_page_url: text('bank_page_url'),
    know_more_urls: jsonb('know_more_urls').$type<string[]>().notNull(),
    highlights: jsonb('highlights').$type<string[]>().notNull(),
    benefits: jsonb('benefits').$type<string[]>().notNull(),
    description: text('description'),
    eligibility: text('eligibility'),
    welcome_bonus: text('welcome_bonus'),
    lounge_access: text('lounge_access'),
    fuel_surcharge_waiver: text('fuel_surcharge_waiver'),
    reward_point_value_inr: numeric('reward_point_value_inr', { precision: 8, scale: 4, mode: 'number' }),
    /**
     * The slugs (platform names or platform types) of where the card's rewards can only be spent
     * (ADR 029, 033: one for IRCTC, several for a group of merchants); null: anywhere.
     */
    points_redeemable_only_on: text('points_redeemable_only_on').array(),
    /** Where those points can be spent, in the catalogue's words (ADR 033); null: the taxonomy's names. */
    points_redeemable_only_on_words: text('points_redeemable_only_on_words'),
    /** What those points are worth elsewhere, below reward_point_value_inr (ADR 031); null: nothing. */
    points_value_elsewhere_inr: numeric('points_value_elsewhere_inr', {
      precision: 8,
      scale: 4,
      mode: 'number',
    }),
    /** The card's markup on foreign-currency spend before GST (ADR 034); null: not known. */
    forex_markup_rate: numeric('forex_markup_rate', { precision: 6, scale: 4, mode: 'number' }),
    reward_type: text('reward_type').notNull().default('cashback'),
    card_type: text('card_type').notNull().default('CREDIT_CARD'),
    status: integer('status').notNull().default(1),
    is_active: boolean('is_active').notNull().default(true),
    sections: text('sections').array().notNull().default(sql`'{}'::text[]`),
    editorial_rationale: text('editorial_rationale'),
    sources: jsonb('sources').$type<string[]>().notNull(),
    as_of: text('as_of').notNull(),
    uncertain: jsonb('uncertain').$type<{ field: string; note: string }[]>().notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('cards_bank_idx').on(t.bank_code)],
);

export const cardTags = pgTable(
  'card_tags',
  {
    card_id: text('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    tag_slug: text('tag_slug')
      .notNull()
      .references(() => tags.slug, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.card_id, t.tag_slug] }), index('card_tags_tag_idx').on(t.tag_slug)],
);

/**
 * Where the catalogue came from, one row: the demo catalogue the code ships (seeded on an empty
 * database and brought to the shipped version at every start, so a fix to its facts reaches
 * databases seeded before it), or an operator's file (`npm run catalog -- import`), which start-up
 * never touches. `digest` is the SHA-256 of the imported file.
 */
export const catalogSource = pgTable(
  'catalog_source',
  {
    id: integer('id').primaryKey().default(1),
    kind: text('kind').$type<'demo' | 'file'>().notNull(),
    digest: text('digest').notNull(),
    /** The file's card ids: a later demo version retires the cards it no longer lists. */
    card_ids: text('card_ids').array().notNull().default(sql`'{}'::text[]`),
    imported_at: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('catalog_source_one_row', sql`${t.id} = 1`),
    check('catalog_source_kind', sql`${t.kind} in ('demo', 'file')`),
  ],
);
