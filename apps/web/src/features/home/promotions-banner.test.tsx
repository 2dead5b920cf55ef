import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers, tenantConfig } from '../../test/fixtures.tsx';
import { PROMOTION_ROTATE_MS, PromotionsBanner } from './promotions-banner.tsx';

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
      // The spec's claim, said as the promoter's: nothing we hold sources it.
      expect(banner.textContent).toContain('90% approval rate (the promoter’s figure, not ours)');
      cleanup();
    }
  });

  it('names no card of a bank the partner does not offer', () => {
    const banner = renderBanner(['sbi', 'axis', 'cardwise']);
    expect(banner.textContent).toContain('High approval rate');
    expect(banner.textContent).not.toContain('HDFC');
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/cards?tag=high_approval_rate');
  });

  it('hands the focus on to what follows the banner when the last promotion is dismissed (WCAG 2.4.3)', () => {
    render(
      <MemoryRouter>
        <Providers config={null}>
          <PromotionsBanner />
          <section aria-label="Spending and recommendations">next</section>
        </Providers>
      </MemoryRouter>,
    );
    for (let i = 0; i < 10; i++) {
      const dismiss = screen.queryByRole('button', { name: /^Dismiss: / });
      if (!dismiss) break;
      dismiss.focus();
      fireEvent.click(dismiss);
    }
    expect(screen.queryByRole('complementary', { name: 'Promotions' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Spending and recommendations' }));
  });

  describe('rotation (WCAG 2.2.2, WAI-ARIA carousel pattern)', () => {
    afterEach(() => vi.useRealTimers());

    function renderRotating() {
      vi.useFakeTimers();
      render(
        <MemoryRouter>
          <Providers config={null}>
            <PromotionsBanner />
          </Providers>
        </MemoryRouter>,
      );
      const banner = screen.getByRole('complementary', { name: 'Promotions' });
      const live = banner.querySelector('[aria-live]') as HTMLElement;
      const title = () => banner.querySelector('p')?.textContent;
      const turn = () => act(() => vi.advanceTimersByTime(PROMOTION_ROTATE_MS));
      return { live, title, turn };
    }

    it('is silent while it turns by itself, and a visible Pause button stops it', () => {
      const { live, title, turn } = renderRotating();
      expect(title()).toBe('New launches');
      // Each automatic turn was announced: a screen reader was interrupted every 7 s.
      expect(live.getAttribute('aria-live')).toBe('off');
      turn();
      expect(title()).toBe('High approval rate');

      fireEvent.click(screen.getByRole('button', { name: 'Pause promotions' }));
      const play = screen.getByRole('button', { name: 'Play promotions' });
      turn();
      turn();
      expect(title()).toBe('High approval rate');
      expect(live.getAttribute('aria-live')).toBe('polite');

      fireEvent.click(play);
      expect(screen.getByRole('button', { name: 'Pause promotions' })).toBe(play);
      expect(live.getAttribute('aria-live')).toBe('off');
      turn();
      expect(title()).toBe('New launches');
    });

    it('announces a promotion the person turns to, and holds still while focus is in it', () => {
      const { live, title, turn } = renderRotating();
      const next = screen.getByRole('button', { name: 'Next promotion' });
      fireEvent.focus(next);
      expect(live.getAttribute('aria-live')).toBe('polite');
      fireEvent.click(next);
      expect(title()).toBe('High approval rate');
      turn();
      expect(title()).toBe('High approval rate');
      // Focus leaving the banner lets it turn again (the person did not press Pause).
      fireEvent.blur(next);
      expect(live.getAttribute('aria-live')).toBe('off');
      turn();
      expect(title()).toBe('New launches');
    });
  });
});
