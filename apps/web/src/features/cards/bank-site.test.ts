import { describe, expect, it } from 'vitest';
import { bankSite } from './bank-site.ts';

describe('bankSite', () => {
  it("writes a bank's site as a possessive", () => {
    expect(bankSite('Axis Bank', 'website')).toBe("Axis Bank's website");
    expect(bankSite('IDFC FIRST Bank', 'site')).toBe("IDFC FIRST Bank's site");
  });

  it('puts "the" before a name that ends in parentheses instead of ")\'s"', () => {
    expect(bankSite('OneCard (FPL Technologies)', 'site')).toBe('the OneCard (FPL Technologies) site');
    expect(bankSite('BOBCARD (Bank of Baroda)', 'website')).toBe('the BOBCARD (Bank of Baroda) website');
  });

  it("falls back to the bank's site when the name is not known", () => {
    expect(bankSite(undefined, 'website')).toBe("the bank's website");
  });
});
