// The apply rule itself is the contract's, shared with the server.
export {
  bankApplyUrl,
  canApply,
  inProductApplyPath,
  isCompleteJourneyBank,
  ownBankApplyPath,
  parseBankList,
  WIZARD_BANK_SLUG,
} from '@cardwise/contracts';

export const NOT_AVAILABLE_TEXT = 'This card is not currently available for application';
