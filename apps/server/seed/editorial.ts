import type { Section } from '@cardwise/contracts';

/**
 * Editorial choices: tags and home-page sections. These are our picks for the demo, not facts
 * from the banks, and every pick says why. "Sponsored" cards are examples for the home page's
 * sponsored spot: the demo has no affiliate deals, so sponsored cards' affiliate link is the bank's
 * public card page. Their rationale says the spot never lifts them in a recommendation, as the
 * About page and the FAQ do.
 */
export interface Editorial {
  tags: string[];
  sections: Section[];
  rationale: string;
}

const SPONSORED_NOTE =
  'Sponsored spot: one of the cards we feature on the home page. The spot never moves it up in your recommendations, which go by your savings alone.';

export const EDITORIAL: Record<string, Editorial> = {
  // Sponsored (hero carousel) - six strong, widely available cards across segments.
  sbi_cashback: {
    tags: ['sponsored', 'featured'],
    sections: ['best_overall', 'top_cashback'],
    rationale: `${SPONSORED_NOTE} Best overall and top cashback: 5% on any online merchant up to ₹5,000 a month is the simplest high earn of the cards we list. Featured for the same reason.`,
  },
  hdfc_regalia_gold: {
    tags: ['sponsored'],
    sections: ['best_overall', 'premium_pick'],
    rationale: `${SPONSORED_NOTE} Best overall and premium pick: a mid-premium fee with flight-voucher milestones at ₹5 and ₹7.5 lakh and SmartBuy redemptions at ₹0.50 a point.`,
  },
  axis_atlas: {
    tags: ['sponsored'],
    sections: ['premium_pick'],
    rationale: `${SPONSORED_NOTE} Premium pick: 5 Miles per ₹100 on direct travel and 1:2 partner transfers make it a leading travel card at ₹5,000.`,
  },
  amazon_pay_icici: {
    tags: ['sponsored', 'high_approval_rate'],
    sections: ['best_overall', 'top_cashback'],
    rationale: `${SPONSORED_NOTE} Best overall and top cashback: lifetime free with uncapped 3-5% on Amazon and 1% elsewhere. High approval rate: lifetime free, widely issued to Amazon customers (our judgement, not a bank statistic).`,
  },
  hsbc_live_plus: {
    tags: ['sponsored'],
    sections: ['best_overall', 'top_cashback'],
    rationale: `${SPONSORED_NOTE} Best overall and top cashback: 10% on dining, food delivery and groceries (₹1,000 a cycle) plus 1.5% elsewhere suits most households.`,
  },
  scapia_federal: {
    tags: ['sponsored', 'high_approval_rate'],
    sections: ['best_overall'],
    rationale: `${SPONSORED_NOTE} Best overall: lifetime free, about 2% back in travel coins on everything, zero forex. High approval rate: lifetime free, app-based, no published income bar (our judgement).`,
  },

  // Featured strip.
  hdfc_millennia: {
    tags: ['featured'],
    sections: ['best_overall', 'top_cashback'],
    rationale:
      'Featured, best overall and top cashback: 5% on ten everyday online platforms and 1% elsewhere, with an easy ₹1 lakh fee waiver.',
  },
  swiggy_hdfc: {
    tags: ['featured', 'high_approval_rate'],
    sections: ['top_cashback'],
    rationale:
      'Featured and top cashback: 10% on Swiggy and 5% on online shopping. High approval rate: low income requirement (₹15,000 a month per CardNitty).',
  },
  axis_ace: {
    tags: ['featured'],
    sections: ['top_cashback'],
    rationale:
      'Featured and top cashback: 1.5% uncapped base with 5% on bills via Google Pay and 4% on food delivery.',
  },
  tata_neu_infinity_hdfc: {
    tags: ['featured'],
    sections: ['best_overall'],
    rationale:
      'Featured and best overall: 5% at Tata brands (BigBasket, Croma, Tata CLiQ) and 1.5% elsewhere.',
  },
  amex_mrcc: {
    tags: ['featured'],
    sections: [],
    rationale:
      'Featured: the monthly 1,000-point bonuses reward steady spenders in a way no other card here does.',
  },
  bpcl_sbi_octane: {
    tags: ['featured'],
    sections: [],
    rationale:
      'Featured: the strongest fuel card we list (6.25% at BPCL) that also pays 2.5% on dining and groceries.',
  },
  flipkart_axis: {
    tags: ['featured'],
    sections: ['top_cashback'],
    rationale:
      'Featured and top cashback: 7.5% on Myntra and 5% on Flipkart and Cleartrip for online shoppers.',
  },

  // Premium picks.
  hdfc_infinia_metal: {
    tags: [],
    sections: ['premium_pick'],
    rationale:
      'Premium pick: the reference super-premium card (3.33% at ₹1 a point on SmartBuy, unlimited lounges); invite only.',
  },
  hdfc_dcb_metal: {
    tags: [],
    sections: ['premium_pick'],
    rationale: 'Premium pick: Infinia-like earn for a ₹10,000 fee, with memberships and unlimited lounges.',
  },
  axis_magnus: {
    tags: [],
    sections: ['premium_pick'],
    rationale:
      'Premium pick: for very high spenders who transfer points to airline partners (35 points per ₹200 above ₹1.5 lakh a month).',
  },
  icici_emeralde_private_metal: {
    tags: [],
    sections: ['premium_pick'],
    rationale:
      'Premium pick: ICICI flagship with 3% value on travel redemptions, unlimited lounges and no penalty fees.',
  },
  sc_ultimate: {
    tags: [],
    sections: ['premium_pick'],
    rationale: 'Premium pick: flat 3.33% on most spends with points worth ₹1, for a ₹5,000 fee.',
  },
  amex_platinum_travel: {
    tags: [],
    sections: ['premium_pick'],
    rationale:
      'Premium pick: large milestone bonuses (travel points + Taj voucher) for ₹4 lakh annual spenders.',
  },

  // New launches and revamps 2024-2026 (per the data's as_of / launch notes).
  axis_cashback: {
    tags: ['new_launch'],
    sections: ['top_cashback'],
    rationale:
      'New launch: Axis cashback card with 2025 terms. Top cashback: up to 7% online for heavy online spenders (we count only 2%, to stay on the safe side).',
  },
  phonepe_sbi_purple: {
    tags: ['new_launch', 'high_approval_rate'],
    sections: [],
    rationale:
      'New launch: launched 22-Jul-2025. High approval rate: entry-level RuPay card with an observed ₹3 lakh income bar (our judgement).',
  },
  indigo_idfc: {
    tags: ['new_launch'],
    sections: [],
    rationale: 'New launch: IndiGo BluChip co-brand launched 18-Aug-2025.',
  },
  hdfc_pixel_play: {
    tags: ['new_launch'],
    sections: [],
    rationale: "New launch: HDFC's customisable digital card, launched on PayZapp (terms dated 2025).",
  },
  flipkart_sbi: {
    tags: ['new_launch'],
    sections: [],
    rationale: 'New launch: Flipkart co-brand from SBI Card reported at launch in 2025.',
  },
  axis_rewards: {
    tags: ['new_launch'],
    sections: [],
    rationale:
      'New launch: relaunched as an Axis card after the Citi India migration (15-Jul-2024), revised again in June 2025.',
  },

  // High approval rate: entry-level, low income bar or lifetime free (our judgement, not bank statistics).
  idfc_millennia: {
    tags: ['high_approval_rate'],
    sections: [],
    rationale: 'High approval rate: lifetime free entry card from IDFC FIRST (our judgement).',
  },
  idbi_royale_signature: {
    tags: ['high_approval_rate'],
    sections: [],
    rationale: 'High approval rate: lifetime free with no published income bar (our judgement).',
  },
  indusind_tiger: {
    tags: ['high_approval_rate'],
    sections: [],
    rationale:
      'High approval rate: lifetime free with a ₹30,000-a-month income bar (per CardNitty; our judgement).',
  },
  onecard_metal: {
    tags: ['high_approval_rate'],
    sections: [],
    rationale:
      'High approval rate: lifetime free, with an FD-backed variant for thin credit files (our judgement).',
  },
  kiwi_yes_klick: {
    tags: ['high_approval_rate'],
    sections: [],
    rationale: 'High approval rate: lifetime free, app-based RuPay card for UPI (our judgement).',
  },
  hdfc_freedom: {
    tags: ['high_approval_rate'],
    sections: [],
    rationale:
      'High approval rate: HDFC entry card with a ₹12,000-a-month income bar (per CardNitty; our judgement).',
  },
  indianoil_hdfc: {
    tags: ['high_approval_rate'],
    sections: [],
    rationale:
      'High approval rate: entry fuel card with a ₹12,000-a-month income bar (per CardNitty; our judgement).',
  },
  au_lit: {
    tags: ['high_approval_rate'],
    sections: [],
    rationale: 'High approval rate: lifetime free, pay-per-feature card (our judgement).',
  },
};
