import {
  CATEGORY_LEVELS,
  type CatalogFile,
  catalogFileSchema,
  pointsPlaces,
  readableIssue,
} from '@cardwise/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banks, cards, cardTags, categories, tags } from '../../db/schema.ts';
import { type FieldError, zodFieldErrors } from '../../plumbing/errors.ts';
import { findUnstorableText } from '../../plumbing/text-safety.ts';
import { earnSlugs } from '../cards/earn-slugs.ts';
import { type CatalogSource, catalogSourceRepository } from './catalog-source.ts';

export type ImportResult =
  | {
      ok: true;
      counts: { banks: number; tags: number; categories: number; cards: number };
      /** Cards a new version of the demo catalogue no longer lists, now inactive (catalog-source.ts). */
      retired: string[];
    }
  | { ok: false; errors: FieldError[] };

interface FlatCategory {
  id: string;
  parent_id: string | null;
  slug: string;
  name: string;
  level: number;
  position: number;
  /** Where the node sits in the file (`categories[0].children[2]`), for error messages. */
  at: string;
}

function flatten(
  nodes: CatalogFile['categories'],
  parent: string | null,
  level: number,
  out: FlatCategory[],
  path = 'categories',
) {
  nodes.forEach((n, position) => {
    const at = `${path}[${position}]`;
    out.push({ id: n.id, parent_id: parent, slug: n.slug, name: n.name, level, position, at });
    if (n.children) flatten(n.children, n.id, level + 1, out, `${at}.children`);
  });
}

/**
 * Validates the whole file first and writes nothing unless all of it is valid; then
 * upserts everything by id in one transaction, so a re-import is idempotent and a
 * failure half-way leaves the catalogue as it was. `source`, when given, is recorded in the
 * same transaction (catalog-source.ts).
 */
export async function importCatalog(db: Db, input: unknown, source?: CatalogSource): Promise<ImportResult> {
  // PostgreSQL's text and jsonb cannot hold a NUL or a lone surrogate: such a file used to pass
  // validation and then fail half-way through the transaction with a raw SQL error and no path.
  const unstorable = findUnstorableText(input);
  if (unstorable !== null) {
    return {
      ok: false,
      errors: [
        {
          path: unstorable === '(body)' ? '' : unstorable,
          message: 'contains a NUL character or an unpaired surrogate, which text may not hold',
        },
      ],
    };
  }
  // The server's wording for the CLI too, which runs without the app's global zod config.
  const parsed = catalogFileSchema.safeParse(input, { error: readableIssue });
  if (!parsed.success) return { ok: false, errors: zodFieldErrors(parsed.error) };
  const file = parsed.data;

  const flat: FlatCategory[] = [];
  flatten(file.categories, null, 1, flat);
  const errors: FieldError[] = [];
  // Reported at the node's own JSON path (the tree has 1,200 nodes; "categories" alone says
  // nothing about where to look).
  const catIds = new Map<string, string>();
  for (const c of flat) {
    const prev = catIds.get(c.id);
    if (prev !== undefined)
      errors.push({ path: `${c.at}.id`, message: `duplicate category id '${c.id}' (also at ${prev})` });
    else catIds.set(c.id, c.at);
    if (c.level > 6) errors.push({ path: c.at, message: `category '${c.id}' is deeper than 6 levels` });
  }

  const fileBanks = new Set(file.banks.map((b) => b.code));
  const fileTags = new Set(file.tags.map((t) => t.slug));
  const wantedBanks = [...new Set(file.cards.map((c) => c.bank))].filter((b) => !fileBanks.has(b));
  const wantedTags = [...new Set(file.cards.flatMap((c) => c.tags))].filter((t) => !fileTags.has(t));
  const knownBanks = wantedBanks.length
    ? new Set(
        (await db.select({ code: banks.code }).from(banks).where(inArray(banks.code, wantedBanks))).map(
          (r) => r.code,
        ),
      )
    : new Set<string>();
  const knownTags = wantedTags.length
    ? new Set(
        (await db.select({ slug: tags.slug }).from(tags).where(inArray(tags.slug, wantedTags))).map(
          (r) => r.slug,
        ),
      )
    : new Set<string>();
  file.cards.forEach((card, i) => {
    if (!fileBanks.has(card.bank) && !knownBanks.has(card.bank))
      errors.push({ path: `cards[${i}].bank`, message: `unknown bank '${card.bank}'` });
    card.tags.forEach((t, j) => {
      if (!fileTags.has(t) && !knownTags.has(t))
        errors.push({ path: `cards[${i}].tags[${j}]`, message: `unknown tag '${t}'` });
    });
  });
  errors.push(...(await unknownRuleSlugs(db, file, flat)));
  if (errors.length) return { ok: false, errors };
  const positions = await cardPositions(db, file);

  let retired: string[] = [];
  await db.transaction(async (tx) => {
    for (const b of file.banks) {
      const row = {
        code: b.code,
        name: b.name,
        logo_url: b.logo_url,
        primary_color: b.primary_color,
        description: b.description,
        website: b.website,
      };
      await tx
        .insert(banks)
        .values(row)
        .onConflictDoUpdate({ target: banks.code, set: { ...row, updated_at: sql`now()` } });
    }
    for (const t of file.tags) {
      await tx
        .insert(tags)
        .values(t)
        .onConflictDoUpdate({ target: tags.slug, set: { name: t.name, icon: t.icon } });
    }
    for (let i = 0; i < flat.length; i += 500) {
      const chunk = flat.slice(i, i + 500);
      await tx
        .insert(categories)
        .values(chunk.map(({ at: _at, ...row }) => row))
        .onConflictDoUpdate({
          target: categories.id,
          set: {
            parent_id: sql`excluded.parent_id`,
            slug: sql`excluded.slug`,
            name: sql`excluded.name`,
            level: sql`excluded.level`,
            position: sql`excluded.position`,
          },
        });
    }
    for (const c of file.cards) {
      const position = positions.get(c.id) ?? 0;
      const row = {
        id: c.id,
        bank_code: c.bank,
        name: c.name,
        issuer: c.issuer,
        network: c.network,
        annual_fee: c.annual_fee,
        fee_frequency: c.fee_frequency,
        joining_fee: c.joining_fee,
        fee_waiver_annual_spend: c.fee_waiver_annual_spend,
        waiver_condition: c.waiver_condition,
        rules: c.rules,
        cap_groups: c.cap_groups,
        milestones: c.milestones,
        earn_slugs: earnSlugs(c),
        interest_rate: c.interest_rate,
        min_income: c.min_income,
        credit_score: c.credit_score,
        image_url: c.image_url,
        apply_url: c.apply_url,
        affiliated_url: c.affiliated_url === false ? null : c.affiliated_url,
        bank_site_closed: c.affiliated_url === false,
        bank_page_url: c.bank_page_url,
        know_more_urls: c.know_more_urls,
        highlights: c.highlights,
        benefits: c.benefits,
        description: c.description,
        eligibility: c.eligibility,
        welcome_bonus: c.welcome_bonus,
        lounge_access: c.lounge_access,
        fuel_surcharge_waiver: c.fuel_surcharge_waiver,
        reward_point_value_inr: c.reward_point_value_inr,
        points_redeemable_only_on:
          c.points_redeemable_only_on === null ? null : pointsPlaces(c.points_redeemable_only_on),
        points_redeemable_only_on_words: c.points_redeemable_only_on_words,
        points_value_elsewhere_inr: c.points_value_elsewhere_inr,
        forex_markup_rate: c.forex_markup_rate,
        reward_type: c.reward_type,
        card_type: c.card_type,
        status: c.status,
        is_active: c.is_active,
        sections: c.sections,
        editorial_rationale: c.editorial_rationale,
        sources: c.sources,
        as_of: c.as_of,
        uncertain: c.uncertain,
        position,
      };
      const { id: _id, ...set } = row;
      await tx
        .insert(cards)
        .values(row)
        .onConflictDoUpdate({ target: cards.id, set: { ...set, updated_at: sql`now()` } });
      await tx.delete(cardTags).where(sql`${cardTags.card_id} = ${c.id}`);
      if (c.tags.length)
        await tx.insert(cardTags).values(c.tags.map((t) => ({ card_id: c.id, tag_slug: t })));
    }
    if (source)
      retired = await catalogSourceRepository(db).record(
        source,
        file.cards.map((c) => c.id),
        tx,
      );
  });
  return {
    ok: true,
    counts: {
      banks: file.banks.length,
      tags: file.tags.length,
      categories: flat.length,
      cards: file.cards.length,
    },
    retired,
  };
}

/**
 * Matching is exact slug equality (catalog-format.md), so a rule on a slug that no category of
 * its level has can never match an entry: a misspelt `dinning` would import fine and silently
 * earn (or exclude) nothing. The taxonomy is the file's nodes and those already stored. Brands
 * are free text on entries and have no level to check against.
 */
async function unknownRuleSlugs(db: Db, file: CatalogFile, flat: FlatCategory[]): Promise<FieldError[]> {
  const inFile = new Set(flat.map((c) => `${c.level}:${c.slug}`));
  const uses: { path: string; level: number; slug: string; why?: string; alsoLevel?: number }[] = [];
  file.cards.forEach((card, i) => {
    card.rules.forEach((rule, j) => {
      CATEGORY_LEVELS.forEach((field, index) => {
        (rule.conditions[field] ?? []).forEach((slug, k) => {
          uses.push({ path: `cards[${i}].rules[${j}].conditions.${field}[${k}]`, level: index + 1, slug });
        });
      });
    });
    // No entry could name another place, so its points would count as worth nothing to everyone.
    // Each place is a platform name or a platform type (ADR 033).
    const places = card.points_redeemable_only_on;
    if (places !== null)
      pointsPlaces(places).forEach((slug, k) => {
        uses.push({
          path: `cards[${i}].points_redeemable_only_on${typeof places === 'string' ? '' : `[${k}]`}`,
          level: CATEGORY_LEVELS.indexOf('platform_name') + 1,
          alsoLevel: CATEGORY_LEVELS.indexOf('platform_type') + 1,
          slug,
          why: 'so no spend could ever be there',
        });
      });
  });
  const known = (keys: Set<string>, u: (typeof uses)[number]) =>
    keys.has(`${u.level}:${u.slug}`) || (u.alsoLevel !== undefined && keys.has(`${u.alsoLevel}:${u.slug}`));
  const missing = uses.filter((u) => !known(inFile, u));
  if (missing.length === 0) return [];
  const stored = new Set(
    (
      await db
        .select({ level: categories.level, slug: categories.slug })
        .from(categories)
        .where(inArray(categories.slug, [...new Set(missing.map((u) => u.slug))]))
    ).map((r) => `${r.level}:${r.slug}`),
  );
  const levelWords = (level: number) => CATEGORY_LEVELS[level - 1]?.replace('_', ' ');
  return missing
    .filter((u) => !known(stored, u))
    .map((u) => ({
      path: u.path,
      message: `no ${levelWords(u.level)}${u.alsoLevel === undefined ? '' : ` or ${levelWords(u.alsoLevel)}`} in the category tree is '${u.slug}', ${u.why ?? 'so this rule could never match'}`,
    }));
}

/**
 * Where each card of the file goes in the catalogue's order. A file that names every stored card
 * (a whole catalogue, as `export` writes it) sets the order. One that names only some (an update
 * of a few cards) used to move them to the top, as positions 0, 1, …: the cards it names keep
 * their places, and new ones follow the last stored card in the file's order.
 */
async function cardPositions(db: Db, file: CatalogFile): Promise<Map<string, number>> {
  const stored = await db.select({ id: cards.id, position: cards.position }).from(cards);
  const named = new Set(file.cards.map((c) => c.id));
  if (stored.every((c) => named.has(c.id))) return new Map(file.cards.map((c, position) => [c.id, position]));
  const kept = new Map(stored.map((c) => [c.id, c.position]));
  let next = Math.max(...stored.map((c) => c.position)) + 1;
  return new Map(file.cards.map((c) => [c.id, kept.get(c.id) ?? next++]));
}
