import { createHash } from 'node:crypto';
import {
  type CardDetail,
  type CardSummary,
  type EngineCard,
  listInWords,
  type UnofferedPreferenceCard,
} from '@cardwise/contracts';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { banks, cards, cardTags, categories, tags } from '../../db/schema.ts';
import type { PreparedJson } from '../../plumbing/send-json.ts';
import type { RequestTenant } from '../../plumbing/tenancy.ts';
import { type PlatformWords, toCardDetail, toCardSummary } from './card-dto.ts';
import { earnSlugs } from './earn-slugs.ts';

export interface CatalogView {
  details: CardDetail[];
  summaries: CardSummary[];
  byId: Map<string, CardDetail>;
  /** Slugs each card's earning rules reward (the category filter). */
  earnSlugs: Map<string, Set<string>>;
  /** Lower-cased text a free-text search looks in. */
  searchText: Map<string, string>;
  /** Prepared answers for this view, keyed by request URL. */
  responses: Map<string, PreparedJson>;
  /**
   * The engine's view of these cards, under a key that names their content, so the engine's
   * workers can keep it (ADR 021). The view is dropped whenever the catalogue is read again
   * (import, TTL); an unchanged list read again gets the same key, so the workers need not be
   * sent it again, and any change to it (a card retired, a rule edited) gets a new one.
   */
  engine: { readonly key: string; cards: EngineCard[] };
  /**
   * The tenant's cards whose points can only be spent on one platform (ADR 029), in catalogue
   * order, kept out of `engine`: each user's instance holds them as that user's spend there makes
   * them (build-instance.ts), so the shared list stays the same for everyone.
   */
  platformBound: PlatformBoundCard[];
}

/**
 * A card whose rewards can only be spent on `platforms` (platform_name or platform_type slugs;
 * ADR 029, 033).
 */
export interface PlatformBoundCard {
  card: EngineCard;
  platforms: string[];
  /**
   * What a point is worth anywhere else as a share of its value on the platform (the catalogue's
   * points_value_elsewhere_inr / reward_point_value_inr; ADR 031): 0 when it is worth nothing there.
   */
  shareElsewhere: number;
}

/** The categories below a platform (level 4) or a platform type (level 3), to say what its points buy. */
const below = alias(categories, 'below');

/** What points bound to a platform of this name buy there: fuel at a pump, else bookings. */
function spentOn(name: string, categorySlugs: Set<string>): string {
  const fuelOnly = categorySlugs.size > 0 && [...categorySlugs].every((s) => s === 'fuel');
  return `${name} ${fuelOnly ? 'fuel' : 'bookings'}`;
}

/**
 * Where a card's points can be spent, in words (ADR 033): the catalogue's own words when it gives
 * them; else one place's name and what it sells ("IRCTC bookings", "IndianOil (IOCL) fuel"), or
 * several places' names listed ("Tata CLiQ, Croma and BigBasket").
 */
export function placesInWords(
  slugs: string[],
  words: string | null,
  place: (slug: string) => { name: string; below: Set<string> } | undefined,
): PlatformWords {
  const names = slugs.map((slug) => place(slug)?.name ?? slug);
  if (words !== null) return { name: words, spent_on: words, named: false };
  if (slugs.length === 1) {
    const name = names[0] as string;
    return { name, spent_on: spentOn(name, place(slugs[0] as string)?.below ?? new Set()), named: true };
  }
  const listed = listInWords(names);
  return { name: listed, spent_on: listed, named: false };
}

const MAX_CACHED_RESPONSES = 500;

/**
 * A list's key is a digest of the cards as the engine reads them: the same rows read again
 * serialise the same, so an unchanged catalogue keeps its key. The digest (about a millisecond for
 * the demo catalogue) is taken on the key's first read, by the first recommendation on this view:
 * a view built for the card list pages never pays it.
 */
function engineList(cards: EngineCard[]): CatalogView['engine'] {
  let key: string | undefined;
  return {
    cards,
    get key() {
      key ??= createHash('sha256').update(JSON.stringify(cards)).digest('base64url');
      return key;
    },
  };
}

/**
 * The catalogue is read on nearly every request and changes only on import, so it is
 * held in memory per tenant and re-read after a short TTL (other processes may have
 * imported) or at once after an import in this process. Serialised list answers are
 * cached per query, which is what lets the list endpoint run near a bare route's speed.
 */
export function catalogStore(db: Db, ttlMs: number) {
  let loaded:
    | {
        at: number;
        all: CardDetail[];
        byId: Map<string, CardDetail>;
        earn: Map<string, Set<string>>;
        engine: Map<string, EngineCard>;
        /** Card id → the places its points can only be spent on (ADR 029, 033), and their worth elsewhere. */
        boundTo: Map<string, Omit<PlatformBoundCard, 'card'>>;
        retiredNames: Map<string, string>;
      }
    | undefined;
  let loading: Promise<NonNullable<typeof loaded>> | undefined;
  const views = new Map<string, CatalogView>();

  async function loadAll() {
    const [rows, bankRows, tagRows, links, retiredRows, platformRows] = await Promise.all([
      db.select().from(cards).where(eq(cards.is_active, true)).orderBy(asc(cards.position), asc(cards.id)),
      db.select().from(banks),
      db.select().from(tags),
      db.select().from(cardTags),
      db.select({ id: cards.id, name: cards.name }).from(cards).where(eq(cards.is_active, false)),
      // The names of the platforms (or platform types, ADR 033) some card's points are bound to,
      // for its page and reasons, and the categories below them (a platform with only fuel below it
      // is a pump: "IndianOil fuel").
      db
        .selectDistinct({
          slug: categories.slug,
          level: categories.level,
          name: categories.name,
          category: below.slug,
        })
        .from(categories)
        .leftJoin(below, eq(below.parent_id, categories.id))
        .innerJoin(
          cards,
          and(
            isNotNull(cards.points_redeemable_only_on),
            sql`${categories.slug} = ANY(${cards.points_redeemable_only_on})`,
          ),
        )
        .where(inArray(categories.level, [2, 3])),
    ]);
    // A slug of both levels is read as the platform's (level 3), the narrower.
    const platformCategories = new Map<string, { name: string; level: number; below: Set<string> }>();
    for (const p of platformRows) {
      let known = platformCategories.get(p.slug);
      if (!known || known.level < p.level) {
        known = { name: p.name, level: p.level, below: new Set<string>() };
        platformCategories.set(p.slug, known);
      }
      if (known.level === p.level && p.category !== null) known.below.add(p.category);
    }
    const platformWords = (slugs: string[], words: string | null): PlatformWords =>
      placesInWords(slugs, words, (slug) => platformCategories.get(slug));
    const bankBy = new Map(bankRows.map((b) => [b.code, b]));
    const tagBy = new Map(tagRows.map((t) => [t.slug, { slug: t.slug, name: t.name, icon: t.icon }]));
    const tagsOf = new Map<string, { slug: string; name: string; icon: string | null }[]>();
    for (const l of links) {
      const t = tagBy.get(l.tag_slug);
      if (t) tagsOf.set(l.card_id, [...(tagsOf.get(l.card_id) ?? []), t]);
    }
    const all = rows.map((r) =>
      toCardDetail(r, bankBy.get(r.bank_code), tagsOf.get(r.id) ?? [], platformWords),
    );
    // From the rules rather than the stored earn_slugs: a catalogue imported before exclusions
    // were subtracted keeps its old column (start-up does not re-import an unchanged file).
    const earn = new Map(rows.map((r) => [r.id, new Set(earnSlugs(r))]));
    const engine = new Map<string, EngineCard>(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          name: r.name,
          issuer: r.issuer,
          annual_fee: r.annual_fee,
          fee_frequency: r.fee_frequency as EngineCard['fee_frequency'],
          fee_waiver_annual_spend: r.fee_waiver_annual_spend,
          milestones: r.milestones,
          rules: r.rules,
          cap_groups: r.cap_groups,
          joining_fee: r.joining_fee,
        },
      ]),
    );
    const boundTo = new Map(
      rows.flatMap((r) =>
        r.points_redeemable_only_on?.length
          ? [
              [
                r.id,
                {
                  platforms: r.points_redeemable_only_on,
                  // The schema holds it below a known value on the platform (ADR 031).
                  shareElsewhere:
                    r.points_value_elsewhere_inr && r.reward_point_value_inr
                      ? r.points_value_elsewhere_inr / r.reward_point_value_inr
                      : 0,
                },
              ] as const,
            ]
          : [],
      ),
    );
    const retiredNames = new Map(retiredRows.map((r) => [r.id, r.name]));
    return {
      at: Date.now(),
      all,
      byId: new Map(all.map((d) => [d.id, d])),
      earn,
      engine,
      boundTo,
      retiredNames,
    };
  }

  async function current() {
    if (loaded && Date.now() - loaded.at < ttlMs) return loaded;
    loading ??= loadAll().finally(() => {
      loading = undefined;
    });
    const next = await loading;
    if (next !== loaded) {
      loaded = next;
      views.clear();
    }
    return next;
  }

  return {
    async view(tenant: RequestTenant): Promise<CatalogView> {
      const snap = await current();
      const cached = views.get(tenant.id);
      if (cached) return cached;
      const allowed = tenant.bankCodes.length ? new Set(tenant.bankCodes) : undefined;
      const details = allowed ? snap.all.filter((d) => allowed.has(d.bank)) : snap.all;
      const engineCards = details
        .map((d) => snap.engine.get(d.id))
        .filter((c): c is EngineCard => c !== undefined);
      const view: CatalogView = {
        details,
        summaries: details.map(toCardSummary),
        byId: new Map(details.map((d) => [d.id, d])),
        earnSlugs: snap.earn,
        searchText: new Map(
          details.map((d) => [
            d.id,
            [d.name, d.bank_name, d.issuer_name, d.network ?? '', ...d.highlights].join(' ').toLowerCase(),
          ]),
        ),
        responses: new Map(),
        engine: engineList(engineCards.filter((c) => !snap.boundTo.has(c.id))),
        platformBound: engineCards.flatMap((card) => {
          const binding = snap.boundTo.get(card.id);
          return binding ? [{ card, ...binding }] : [];
        }),
      };
      views.set(tenant.id, view);
      return view;
    },
    /** The tenant's view if it is loaded and fresh, without waiting: the hot path's shortcut. */
    peekView(tenant: RequestTenant): CatalogView | undefined {
      if (!loaded || Date.now() - loaded.at >= ttlMs) return undefined;
      return views.get(tenant.id);
    },
    /** The engine's view of the tenant's active cards, one array and key per loaded catalogue. */
    async engineCards(tenant: RequestTenant): Promise<CatalogView['engine']> {
      return (await this.view(tenant)).engine;
    },
    /**
     * Every active card of the whole catalogue, as the engine sees it, as a list under its key: the
     * default site's list, which has the same cards in the same order, so the same key (and, as
     * there, without the cards bound to one platform).
     */
    async allEngineCards(): Promise<CatalogView['engine']> {
      const snap = await current();
      return engineList([...snap.engine.values()].filter((c) => !snap.boundTo.has(c.id)));
    },
    /** Any active card of the whole catalogue (owned cards count even where a tenant does not list them). */
    anyEngineCard(id: string): PlatformBoundCard | { card: EngineCard; platforms?: undefined } | undefined {
      const card = loaded?.engine.get(id);
      if (!card) return undefined;
      const binding = loaded?.boundTo.get(id);
      return binding ? { card, ...binding } : { card };
    },
    anyCardDetail(id: string): CardDetail | undefined {
      return loaded?.byId.get(id);
    },
    /**
     * What the shared catalogue says of a card a site does not offer, for the user who chose it
     * (a saved preference, a compare list): retired by an import (kept, inactive), active but of a
     * bank that site does not list, or unknown. Only its public name, never a tenant's data.
     */
    describeUnoffered(id: string): UnofferedPreferenceCard {
      const retired = loaded?.retiredNames.get(id);
      if (retired !== undefined) return { id, name: retired, reason: 'retired' };
      const elsewhere = loaded?.byId.get(id)?.name;
      if (elsewhere !== undefined) return { id, name: elsewhere, reason: 'not_on_this_site' };
      return { id, name: null, reason: 'unknown' };
    },
    cacheResponse(view: CatalogView, key: string, body: PreparedJson): void {
      if (view.responses.size >= MAX_CACHED_RESPONSES) view.responses.clear();
      view.responses.set(key, body);
    },
    invalidate(): void {
      loaded = undefined;
      views.clear();
    },
  };
}
export type CatalogStore = ReturnType<typeof catalogStore>;
