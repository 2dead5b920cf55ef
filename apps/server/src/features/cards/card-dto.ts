import {
  type CardDetail,
  type CardSummary,
  type FeeFrequency,
  issuedByInvitation,
  type Section,
  type TagDto,
} from '@cardwise/contracts';
import type { banks, cards } from '../../db/schema.ts';

type CardRow = typeof cards.$inferSelect;
type BankRow = typeof banks.$inferSelect;

const DEFAULT_BANK_COLOR = '#F97316';

/** Where a card's points can be spent, in words: its name, and what points spent there buy (ADR 033). */
export interface PlatformWords {
  name: string;
  spent_on: string;
  /** The name is one platform's ("IRCTC"), as against words for several places. */
  named: boolean;
}

/** Without the taxonomy: the slugs themselves. */
const slugWords = (slugs: string[], words: string | null): PlatformWords => ({
  name: words ?? slugs.join(', '),
  spent_on: words ?? `${slugs.join(', ')} bookings`,
  named: words === null && slugs.length === 1,
});

/**
 * `platform`: the taxonomy's words for where the card's points can be spent (its
 * points_redeemable_only_on slugs and its own words for them, ADR 033), the slugs themselves when
 * the taxonomy has none.
 */
export function toCardDetail(
  row: CardRow,
  bank: BankRow | undefined,
  tags: TagDto[],
  platform: (slugs: string[], words: string | null) => PlatformWords = slugWords,
): CardDetail {
  const summary: CardSummary = {
    id: row.id,
    name: row.name,
    bank: row.bank_code,
    bank_name: bank?.name ?? row.issuer,
    issuer_name: row.issuer,
    bank_color: bank?.primary_color ?? DEFAULT_BANK_COLOR,
    network: row.network,
    fee: row.annual_fee,
    annual_fee: row.annual_fee,
    fee_frequency: row.fee_frequency as FeeFrequency,
    joining_fee: row.joining_fee,
    image_url: row.image_url,
    apply_url: row.apply_url,
    affiliated_url: row.bank_site_closed ? false : row.affiliated_url,
    highlights: row.highlights,
    tags,
    sections: row.sections as Section[],
    status: row.status,
    card_type: row.card_type,
    is_active: row.is_active,
    by_invitation: issuedByInvitation(row.eligibility),
  };
  return {
    ...summary,
    fee_waiver_annual_spend: row.fee_waiver_annual_spend,
    waiver_condition: row.waiver_condition,
    milestones: row.milestones,
    rules: row.rules,
    cap_groups: row.cap_groups,
    interest_rate: row.interest_rate,
    min_income: row.min_income,
    credit_score: row.credit_score,
    bank_page_url: row.bank_page_url,
    know_more_urls: row.know_more_urls,
    benefits: row.benefits,
    description: row.description,
    eligibility: row.eligibility,
    welcome_bonus: row.welcome_bonus,
    lounge_access: row.lounge_access,
    fuel_surcharge_waiver: row.fuel_surcharge_waiver,
    reward_point_value_inr: row.reward_point_value_inr,
    points_redeemable_only_on: row.points_redeemable_only_on?.length
      ? {
          slugs: row.points_redeemable_only_on,
          ...platform(row.points_redeemable_only_on, row.points_redeemable_only_on_words),
        }
      : null,
    points_value_elsewhere_inr: row.points_value_elsewhere_inr,
    forex_markup_rate: row.forex_markup_rate,
    reward_type: row.reward_type,
    editorial_rationale: row.editorial_rationale,
    sources: row.sources,
    as_of: row.as_of,
    uncertain: row.uncertain,
  };
}

export function toCardSummary(d: CardDetail): CardSummary {
  return {
    id: d.id,
    name: d.name,
    bank: d.bank,
    bank_name: d.bank_name,
    issuer_name: d.issuer_name,
    bank_color: d.bank_color,
    network: d.network,
    fee: d.fee,
    annual_fee: d.annual_fee,
    fee_frequency: d.fee_frequency,
    joining_fee: d.joining_fee,
    image_url: d.image_url,
    apply_url: d.apply_url,
    affiliated_url: d.affiliated_url,
    // Tiles show 3 key benefits and the hero 2: lists carry 3, the card page all of them.
    highlights: d.highlights.slice(0, 3),
    tags: d.tags,
    sections: d.sections,
    status: d.status,
    card_type: d.card_type,
    is_active: d.is_active,
    by_invitation: d.by_invitation,
  };
}

/**
 * The fee a user pays in a year, before GST: the fee filter compares on this. A fee paid once
 * counts in full, as it is paid in the year one joins: counted as 0, a ₹9,999 one-time card
 * (IndusInd Legend) was listed under 'Free (no annual fee)'.
 */
export function yearlyFee(d: Pick<CardDetail, 'annual_fee' | 'fee_frequency'>): number {
  if (d.fee_frequency === 'MONTHLY') return d.annual_fee * 12;
  if (d.fee_frequency === 'YEARLY' || d.fee_frequency === 'ONE_TIME') return d.annual_fee;
  return 0;
}
