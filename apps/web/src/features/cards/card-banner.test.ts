import { describe, expect, it } from 'vitest';
import { networkChip } from './card-banner.tsx';

describe('networkChip', () => {
  it('prints the networks as a card face does', () => {
    expect(networkChip('Visa; Mastercard', 'HDFC Bank')).toBe('Visa / Mastercard');
    expect(networkChip('Visa; RuPay (companion)', 'IDFC FIRST Bank')).toBe('Visa / RuPay');
    expect(networkChip('Mastercard + RuPay (dual card, one limit)', 'Axis Bank')).toBe('Mastercard + RuPay');
    expect(networkChip('Visa; American Express', 'SBI Card')).toBe('Visa / Amex');
    // The issuer's own network is already on the card as its bank name.
    expect(networkChip('American Express', 'American Express')).toBe('');
  });
});
