import {
  type AccountSpendingEntry,
  type EngineCard,
  type EngineEntry,
  FREQUENCY_FACTOR,
  type Instance,
  isExclusion,
  joinSpendLabel,
  type RecommendRequest,
  UNNAMED_SPEND_LABEL,
} from '@cardwise/contracts';
import { HttpError } from '../../plumbing/errors.ts';
import type { PlatformBoundCard } from '../cards/catalog-store.ts';
import { brandSlug, platformPathOfBrand } from '../categories/brand-platforms.ts';
import type { CategoryRef } from '../categories/category-index.ts';
import { LEVEL_FIELDS, resolveSpendingLevels } from '../categories/resolve-spending-levels.ts';

export interface BuiltEntry {
  entry: EngineEntry;
  label: string;
}

/**
 * Resolves category node ids to slugs (resolveSpendingLevels: an unknown id, one of the wrong
 * level or one off the path of the level above is the client's error). Deeper levels the user
 * left open are filled in where the taxonomy leaves only one possibility
 * (CategoryRef.implied): spend at Offline › Fuel station › IndianOil is fuel, so a card that
 * excludes fuel must not earn on it. Where it leaves several, the entry carries them all
 * (`open`, CategoryRef.open): a card paying on every category but bills pays on Amazon.in,
 * whatever was bought there (ADR 018). The label keeps what the user chose.
 */
export function toEngineEntries(
  spending: AccountSpendingEntry[],
  byId: Map<string, CategoryRef>,
): BuiltEntry[] {
  return spending.map((s, i) => {
    const entry: EngineEntry = {
      id: s.id,
      label: null,
      amount: s.amount,
      frequency: s.frequency,
      mode: null,
      platform_type: null,
      platform_name: null,
      category: null,
      sub_category: null,
      product: null,
      brand: brandSlug(s.brand),
    };
    const names: string[] = [];
    let deepest: CategoryRef | undefined;
    let deepestId: string | null = null;
    for (const { field, node } of resolveSpendingLevels(s, `spending[${i}]`, byId)) {
      entry[field[1]] = node.slug;
      names.push(node.name);
      deepest = node;
      deepestId = s[field[0]] ?? null;
    }
    // A brand that spells a platform ("Indian Oil") on an entry left above the platform level is
    // that platform: the user named the merchant in the free-text field instead of the select.
    if (s.brand && entry.platform_name === null) {
      for (const node of platformPathOfBrand(s.brand, deepestId, byId)) {
        const field = LEVEL_FIELDS[node.level - 1];
        if (field && entry[field[1]] === null) {
          entry[field[1]] = node.slug;
          deepest = node;
        }
      }
    }
    if (deepest)
      for (const [, engineField, level] of LEVEL_FIELDS) {
        if (level <= deepest.level || entry[engineField] !== null) continue;
        const slug = deepest.implied.get(level);
        if (slug !== undefined) {
          entry[engineField] = slug;
          continue;
        }
        const open = deepest.open.get(level);
        if (open) entry.open = { ...entry.open, [engineField]: [...open] };
      }
    const label = joinSpendLabel(names, s.brand) || UNNAMED_SPEND_LABEL;
    entry.label = label;
    return { entry, label };
  });
}

/** The cap group id a platform-bound card's rules gain (ADR 029); no catalogue id starts with `~`. */
export const PLATFORM_CAP_GROUP = '~platform';

/**
 * The user's monthly spend on `places` (ADR 029, 033): the entries whose platform name or platform
 * type is one of them, each once, as monthly amounts. An entry left open above the level a place
 * is named at may be anything, so it is not counted.
 */
export function monthlySpendOn(places: readonly string[], entries: EngineEntry[]): number {
  const within = new Set(places);
  return entries
    .filter(
      (e) =>
        (e.platform_name !== null && within.has(e.platform_name)) ||
        (e.platform_type !== null && within.has(e.platform_type)),
    )
    .reduce((sum, e) => sum + e.amount * FREQUENCY_FACTOR[e.frequency], 0);
}

/**
 * A card whose points can only be spent on one platform (IRCTC tickets) is worth at most what the
 * user spends there: the reward model counts a point at its statement-credit value, and ticket-only
 * credit is worth nothing to someone who buys no tickets (ADR 029). With no spend there its earning
 * rules pay nothing and its milestones go (exclusions and fee stay: the engine may still hold it for
 * nothing). With a monthly spend X there, every earning rule joins one card-wide cap of X, and each
 * milestone's bonus counts up to 12·X a year. Rules and milestones may still add up to more than X
 * between them: an upper bound, never more generous than the catalogue.
 *
 * `shareElsewhere`: what a point is worth anywhere else as a share of its value on the platform
 * (IndianOil HDFC's Fuel Points, ₹0.20 as cashback against ₹0.96 on fuel; ADR 031). With no spend
 * there every point is worth that, exactly: each rate, each cap group's rupees (its points at the
 * platform's value) and each milestone bonus is scaled by it. With spend there the bound above
 * stands: points past X would be worth the lesser value each but are not counted (an instance has
 * one value a point), so it never counts more than the truth.
 */
export function boundToPlatform(card: EngineCard, monthlySpend: number, shareElsewhere = 0): EngineCard {
  if (monthlySpend <= 0) {
    // Every point is worth its value elsewhere: a share of it (ADR 031), or nothing (ADR 029),
    // when its rates pay nothing and its milestones go rather than be reached for ₹0.
    const k = shareElsewhere;
    return {
      ...card,
      rules: card.rules.map((r) => (isExclusion(r) ? r : { ...r, rate: r.rate * k })),
      cap_groups:
        k > 0
          ? card.cap_groups.map((g) =>
              g.monthly_cap_inr === null ? g : { ...g, monthly_cap_inr: g.monthly_cap_inr * k },
            )
          : card.cap_groups,
      milestones: k > 0 ? card.milestones.map((m) => ({ ...m, bonus_inr: m.bonus_inr * k })) : [],
    };
  }
  return {
    ...card,
    rules: card.rules.map((r) =>
      isExclusion(r) ? r : { ...r, cap_groups: [...r.cap_groups, PLATFORM_CAP_GROUP] },
    ),
    cap_groups: [...card.cap_groups, { id: PLATFORM_CAP_GROUP, monthly_cap_inr: monthlySpend }],
    milestones: card.milestones.map((m) => ({ ...m, bonus_inr: Math.min(m.bonus_inr, 12 * monthlySpend) })),
  };
}

/**
 * The engine's instance: the tenant's cards as candidates, plus any owned card the user
 * holds even if this tenant does not list its bank (what they hold still earns for them).
 * The tenant's cards come as the shared list (its objects, unchanged, so the workers keep it,
 * ADR 021) followed by the cards bound to one platform as this user's spend there makes them.
 */
export function buildInstance(
  body: RecommendRequest,
  entries: BuiltEntry[],
  tenantCards: EngineCard[],
  anyCard: (
    id: string,
  ) => { card: EngineCard; platforms?: string[] | undefined; shareElsewhere?: number } | undefined,
  accountOwned: string[],
  platformBound: PlatformBoundCard[] = [],
): Instance {
  const engineEntries = entries.map((e) => e.entry);
  const bound = (c: EngineCard, platforms: string[] | undefined, shareElsewhere = 0) =>
    platforms === undefined
      ? c
      : boundToPlatform(c, monthlySpendOn(platforms, engineEntries), shareElsewhere);
  const cards = new Map(tenantCards.map((c) => [c.id, c]));
  for (const { card, platforms, shareElsewhere } of platformBound)
    cards.set(card.id, bound(card, platforms, shareElsewhere));
  const owned = [...new Set([...body.preferences.ownedCards, ...accountOwned])];
  owned.forEach((id) => {
    if (cards.has(id)) return;
    const found = anyCard(id);
    if (!found) {
      const i = body.preferences.ownedCards.indexOf(id);
      throw new HttpError(400, `preferences.ownedCards[${i}]: unknown card id '${id}'.`, 'invalid');
    }
    cards.set(id, bound(found.card, found.platforms, found.shareElsewhere));
  });
  // Cards were validated by the catalogue schema on import and entries just now: no re-parse.
  return {
    cards: [...cards.values()],
    entries: engineEntries,
    ownedCards: owned,
    compareCards: body.preferences.compareCards,
    excludeCards: body.preferences.excludeCards,
    desiredCardCount: body.preferences.desiredCardCount,
  };
}
