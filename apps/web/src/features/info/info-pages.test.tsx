import { DESIRED_CARD_COUNT_MAX, FREQUENCY_FACTOR } from '@cardwise/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers, tenantConfig } from '../../test/fixtures.tsx';
import AboutPage from './about-page.tsx';
import FaqPage from './faq-page.tsx';

afterEach(cleanup);

function renderAt(path: string, companyName = 'Cardwise') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Providers
        config={tenantConfig({ branding: { logo: null, companyName, customCSS: '', description: 'x' } })}
      >
        <Routes>
          <Route path="/about" element={<AboutPage />} />
          <Route path="/faq" element={<FaqPage />} />
          <Route path="/" element={<h1>Home</h1>} />
        </Routes>
      </Providers>
    </MemoryRouter>,
  );
}

describe('/about', () => {
  it("speaks in the partner's name and answers how cards are compared, who pays and what happens to data", () => {
    renderAt('/about', 'PaisaPal Money');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About PaisaPal Money');
    expect(document.title).toBe('About | PaisaPal Money');
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'How we compare cards',
      'Where our facts come from',
      'How we are paid',
      'Your data',
    ]);
    expect(screen.getByText(/Banks do not pay us for where a card appears/)).toBeTruthy();
    // The cashback the referral dialog promises is paid for somehow; the page says how.
    expect(screen.getByText(/may pay us a referral fee; that is what pays for the cashback/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the FAQ' }).getAttribute('href')).toBe('/faq');
  });

  it('takes the reader to the spending form', async () => {
    renderAt('/about');
    await userEvent.click(screen.getByRole('link', { name: /Find my best cards/ }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Home');
  });
});

describe('/faq', () => {
  it('lists each question closed, and opens its answer when asked', async () => {
    renderAt('/faq');
    expect(document.title).toBe('FAQ | Cardwise');
    const summary = screen.getByText('Are joining fees counted?');
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    expect(within(details).getByText(/Joining fees and one-time fees are shown/)).toBeTruthy();
    expect(document.querySelectorAll('details').length).toBeGreaterThanOrEqual(10);
  });

  it("states the contract's own figures: frequency factors and the most new cards one can ask for", () => {
    renderAt('/faq');
    const frequencies = screen.getByText(/Every spend is turned into a monthly amount/).textContent ?? '';
    expect(frequencies).toContain(`a daily spend counts ${FREQUENCY_FACTOR.DAILY} times`);
    expect(frequencies).toContain(`a weekly spend ${Math.round(FREQUENCY_FACTOR.WEEKLY * 12)} times a year`);
    // The words the answer uses for the fractional factors.
    expect(FREQUENCY_FACTOR.QUARTERLY).toBe(1 / 3);
    expect(FREQUENCY_FACTOR.HALF_YEARLY).toBe(1 / 6);
    expect(FREQUENCY_FACTOR.YEARLY).toBe(1 / 12);
    expect(FREQUENCY_FACTOR.ONE_TIME).toBe(1 / 12);
    expect(screen.getByText(/how\s+many new cards you want/).textContent).toContain(
      `(up to ${DESIRED_CARD_COUNT_MAX})`,
    );
  });

  it('sends owned cards to the profile, where they are added, and lists the documents the wizard asks for', () => {
    renderAt('/faq');
    const owned = screen.getByText(/Sign in and add them under 'My credit cards'/);
    expect(within(owned).getByRole('link', { name: 'profile' }).getAttribute('href')).toBe('/profile');
    const apply = screen.getByText(/For some banks you can apply here in six steps/).textContent ?? '';
    expect(apply).toContain('PAN card, both sides of your Aadhaar card and an address proof');
    expect(apply).not.toContain('photograph');
  });
});
