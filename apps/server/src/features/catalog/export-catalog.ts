import type { CatalogFileInput, CategoryNodeInput } from '@cardwise/contracts';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banks, cards, cardTags, categories, tags } from '../../db/schema.ts';

/** The whole catalogue in the import format: export, then import, changes nothing. */
export async function exportCatalog(db: Db): Promise<CatalogFileInput> {
  const [bankRows, tagRows, catRows, cardRows, linkRows] = await Promise.all([
    db.select().from(banks).orderBy(asc(banks.code)),
    db.select().from(tags).orderBy(asc(tags.slug)),
    db.select().from(categories).orderBy(asc(categories.level), asc(categories.position)),
    db.select().from(cards).orderBy(asc(cards.position), asc(cards.id)),
    db.select().from(cardTags),
  ]);
  const nodes = new Map<string, CategoryNodeInput & { children: CategoryNodeInput[] }>();
  const roots: CategoryNodeInput[] = [];
  for (const c of catRows) nodes.set(c.id, { id: c.id, slug: c.slug, name: c.name, children: [] });
  for (const c of catRows) {
    const node = nodes.get(c.id)!;
    const parent = c.parent_id ? nodes.get(c.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  for (const n of nodes.values()) if (n.children.length === 0) delete (n as CategoryNodeInput).children;
  const tagsByCard = new Map<string, string[]>();
  for (const l of linkRows)
    tagsByCard.set(l.card_id, [...(tagsByCard.get(l.card_id) ?? []), l.tag_slug].sort());
  return {
    version: 1,
    banks: bankRows.map((b) => ({
      code: b.code,
      name: b.name,
      logo_url: b.logo_url,
      primary_color: b.primary_color,
      description: b.description,
      website: b.website,
    })),
    tags: tagRows,
    categories: roots,
    cards: cardRows.map((c) => ({
      id: c.id,
      name: c.name,
      issuer: c.issuer,
      bank: c.bank_code,
      network: c.network,
      annual_fee: c.annual_fee,
      fee_frequency: c.fee_frequency as 'YEARLY',
      joining_fee: c.joining_fee,
      fee_waiver_annual_spend: c.fee_waiver_annual_spend,
      waiver_condition: c.waiver_condition,
      milestones: c.milestones,
      rules: c.rules,
      cap_groups: c.cap_groups,
      interest_rate: c.interest_rate,
      min_income: c.min_income,
      credit_score: c.credit_score,
      image_url: c.image_url,
      apply_url: c.apply_url,
      affiliated_url: c.bank_site_closed ? false : c.affiliated_url,
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
      // One place is written as its slug, as catalogues have always given it (ADR 033).
      points_redeemable_only_on:
        c.points_redeemable_only_on === null || c.points_redeemable_only_on.length === 0
          ? null
          : c.points_redeemable_only_on.length === 1
            ? (c.points_redeemable_only_on[0] as string)
            : c.points_redeemable_only_on,
      points_redeemable_only_on_words: c.points_redeemable_only_on_words,
      points_value_elsewhere_inr: c.points_value_elsewhere_inr,
      forex_markup_rate: c.forex_markup_rate,
      reward_type: c.reward_type as 'cashback',
      card_type: c.card_type,
      status: c.status as 1,
      is_active: c.is_active,
      tags: tagsByCard.get(c.id) ?? [],
      sections: c.sections as ('best_overall' | 'premium_pick' | 'top_cashback')[],
      editorial_rationale: c.editorial_rationale,
      sources: c.sources,
      as_of: c.as_of,
      uncertain: c.uncertain,
    })),
  };
}
