import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers, tenantConfig } from '../../test/fixtures.tsx';
import { PromotionsBanner } from './promotions-banner.tsx';

const bank = (code: string) => ({
  code,
  name: code.toUpperCase(),
  logoUrl: null,
  primaryColor: '#000000',
  description: null,
});

function renderBanner(banks: string[] | null) {
  render(
    <MemoryRouter>
      <Providers config={banks === null ? null : tenantConfig({ banks: banks.map(bank) })}>
        <PromotionsBanner />
      </Providers>
    </MemoryRouter>,
  );
  // Go to the approval-rate promotion, the second.
  fireEvent.click(screen.getByRole('button', { name: 'Next promotion' }));
  return screen.getByRole('complementary', { name: 'Promotions' });
}

describe('promotions banner', () => {
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
  });

  it('names the HDFC Bank card where the tenant offers HDFC Bank cards, and while its banks load', () => {
    for (const banks of [['hdfc', 'axis', 'cardwise'], null]) {
      const banner = renderBanner(banks);
      expect(banner.textContent).toContain('High approval rate');
      expect(banner.textContent).toContain('Swiggy HDFC Bank Credit Card');
      cleanup();
    }
  });

  it('names no card of a bank the partner does not offer', () => {
    const banner = renderBanner(['sbi', 'axis', 'cardwise']);
    expect(banner.textContent).toContain('High approval rate');
    expect(banner.textContent).not.toContain('HDFC');
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/cards?tag=high_approval_rate');
  });
});
