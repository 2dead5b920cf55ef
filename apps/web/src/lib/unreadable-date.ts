import { ACCOUNT_MESSAGES } from '@cardwise/contracts';

/**
 * What a date field says when the browser cannot read its text as a date (31 Feb, a five-digit
 * year, a part left blank). Its value is then '', which forms would take as "not given": a
 * required field said 'This field is required.', an optional one was sent without the date, and
 * the profile's update call took it as "clear it" and erased the saved date of birth.
 */
export const UNREADABLE_DATE_MESSAGE = ACCOUNT_MESSAGES.unreadableDate;

/** True for a date input holding text the browser cannot read; only `validity` tells. */
export function isUnreadableDate(element: unknown): boolean {
  return (
    typeof element === 'object' &&
    element !== null &&
    'validity' in element &&
    Boolean((element as { validity?: ValidityState }).validity?.badInput)
  );
}
