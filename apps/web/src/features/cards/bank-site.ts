/**
 * "Axis Bank's website", but "the OneCard (FPL Technologies) website": a possessive after a
 * closing parenthesis ("OneCard (FPL Technologies)'s site") reads as a typo.
 */
export function bankSite(bankName: string | undefined, noun: 'site' | 'website'): string {
  if (!bankName) return `the bank's ${noun}`;
  return bankName.trimEnd().endsWith(')') ? `the ${bankName} ${noun}` : `${bankName}'s ${noun}`;
}
