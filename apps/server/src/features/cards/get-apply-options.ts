import {
  bankApplyUrl,
  type CardApplyOptions,
  type CardDetail,
  inProductApplyPath,
  isCompleteJourneyBank,
} from '@cardwise/contracts';

/**
 * How a card is applied for under a tenant's complete-journey setting: the same rule the
 * application start (`leads/applications/start_application`) and the departure log
 * (`cards/log-apply-redirect`) enforce, so what the client is told it can do is what the
 * server then accepts.
 */
export function getApplyOptions(card: CardDetail, completeJourneyBanks: string): CardApplyOptions {
  const inProduct = isCompleteJourneyBank(card, completeJourneyBanks);
  const bankUrl = bankApplyUrl(card);
  return {
    card_id: card.id,
    name: card.name,
    bank: card.bank,
    bank_name: card.bank_name,
    issuer_name: card.issuer_name,
    image_url: card.image_url,
    fee: card.fee,
    annual_fee: card.annual_fee,
    fee_frequency: card.fee_frequency,
    joining_fee: card.joining_fee,
    can_apply: inProduct || bankUrl !== null,
    in_product: inProduct,
    in_product_path: inProduct ? inProductApplyPath(card) : null,
    bank_url: bankUrl,
    bank_page_url: card.bank_page_url,
  };
}
