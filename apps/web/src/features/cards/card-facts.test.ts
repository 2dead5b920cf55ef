import { describe, expect, it } from 'vitest';
import { keyBenefits } from './card-facts.ts';

describe('keyBenefits', () => {
  const card = {
    highlights: ['1,000 bonus MR points every month', '4,000 MR welcome points on ₹15,000 spend in 90 days'],
    benefits: [
      'Welcome: 4000 MR on joining fee + 15000 spend in first 90 days',
      'Fuel surcharge: 0% convenience fee at HPCL on transactions < 5000',
      'Lounges: 8 domestic visits a year, booked thr…',
      'Golf: 2 rounds a year',
    ],
    welcome_bonus: '4000 MR on joining fee + 15000 spend in first 90 days',
    lounge_access: '8 domestic visits a year, booked through the bank app',
    fuel_surcharge_waiver: '0% convenience fee at HPCL on transactions < 5000',
  };

  it('leaves out the benefits the perks panel already shows, clipped ones too, and keeps the rest', () => {
    expect(keyBenefits(card)).toEqual([...card.highlights, 'Golf: 2 rounds a year']);
  });

  it('keeps a benefit whose perk is not shown (none listed), and never lists one text twice', () => {
    const none = { ...card, welcome_bonus: null, lounge_access: null, fuel_surcharge_waiver: ' ' };
    expect(keyBenefits({ ...none, highlights: [...card.highlights, 'Golf: 2 rounds a year'] })).toEqual([
      ...card.highlights,
      'Golf: 2 rounds a year',
      ...card.benefits.slice(0, 3),
    ]);
  });
});
