import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cardSummary, Providers, tenantConfig } from '../../test/fixtures.tsx';
import { ApplyButton } from './apply-button.tsx';
import {
  bankApplyUrl,
  canApply,
  inProductApplyPath,
  isCompleteJourneyBank,
  parseBankList,
} from './apply-rule.ts';

afterEach(cleanup);

describe('apply rule (spec §4)', () => {
  const other = { bank: 'axis', bank_name: 'Axis Bank' };

  it('is enabled with an affiliate link, or an apply URL when affiliated_url is not false', () => {
    expect(
      canApply(cardSummary({ ...other, affiliated_url: 'https://aff.example/x', apply_url: null }), ''),
    ).toBe(true);
    expect(
      canApply(
        cardSummary({ ...other, affiliated_url: 'https://aff.example/x', apply_url: 'https://b' }),
        '',
      ),
    ).toBe(true);
  });

  it('is disabled when affiliated_url is false, even with an apply URL, unless the bank has the full journey', () => {
    const card = cardSummary({ ...other, affiliated_url: false, apply_url: 'https://bank.example/apply' });
    expect(canApply(card, '')).toBe(false);
    expect(canApply(card, 'HDFC')).toBe(false);
    expect(canApply(card, 'hdfc, axis')).toBe(true);
  });

  it('is enabled by the apply URL alone when there is no affiliate link (null), which is not false', () => {
    const card = cardSummary({ ...other, affiliated_url: null, apply_url: 'https://bank.example/apply' });
    expect(canApply(card, '')).toBe(true);
    expect(bankApplyUrl(card)).toBe('https://bank.example/apply');
    expect(canApply(cardSummary({ ...other, affiliated_url: null, apply_url: null }), '')).toBe(false);
  });

  it('is disabled without any link when the bank is not on the list', () => {
    expect(canApply(cardSummary({ ...other, affiliated_url: '', apply_url: null }), 'HDFC')).toBe(false);
  });

  it('matches complete-journey banks by case-insensitive containment of name or code', () => {
    const hdfc = { bank: 'hdfc', bank_name: 'HDFC Bank' };
    expect(isCompleteJourneyBank(hdfc, 'HDFC')).toBe(true);
    expect(isCompleteJourneyBank(hdfc, ' icici ,hdfc bank')).toBe(true);
    expect(isCompleteJourneyBank(hdfc, 'bank of baroda')).toBe(false);
    expect(isCompleteJourneyBank(hdfc, '')).toBe(false);
    expect(isCompleteJourneyBank(hdfc, ' , ')).toBe(false);
    expect(parseBankList('A, b ,,C')).toEqual(['a', 'b', 'c']);
  });

  it('prefers the affiliate link for the bank site and builds the in-product path', () => {
    expect(bankApplyUrl(cardSummary({ affiliated_url: 'https://aff', apply_url: 'https://apply' }))).toBe(
      'https://aff',
    );
    expect(bankApplyUrl(cardSummary({ affiliated_url: '', apply_url: 'https://apply' }))).toBe(
      'https://apply',
    );
    // Not available on the bank's site: the server refuses to log such a departure, so the web
    // offers none (it offered the apply URL, and the referral step then failed with a 400).
    expect(bankApplyUrl(cardSummary({ affiliated_url: false, apply_url: 'https://apply' }))).toBeNull();
    expect(inProductApplyPath(cardSummary())).toBe('/cards/apply/hdfc/swiggy_hdfc');
    // Another bank a tenant lists for the complete journey goes to the same wizard, not to the
    // generic page (which for such a bank only linked back to itself).
    expect(inProductApplyPath(cardSummary({ id: 'axis_ace', bank: 'axis' }))).toBe(
      '/cards/apply/hdfc/axis_ace',
    );
  });
});

describe('<ApplyButton>', () => {
  function renderButton(card = cardSummary(), completeJourneyBanks = 'HDFC') {
    return render(
      <MemoryRouter>
        <Providers config={tenantConfig({ completeJourneyBanks })}>
          <ApplyButton card={card} />
        </Providers>
      </MemoryRouter>,
    );
  }

  it('is disabled with the spec explanation when the rule says no', () => {
    renderButton(cardSummary({ bank: 'axis', bank_name: 'Axis Bank' }));
    const button = screen.getByRole('button', { name: 'Apply Now' });
    // aria-disabled, not disabled: a disabled button gets no tap, click or focus to explain itself on.
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const description = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('This card is not currently available for application');
  });

  it('shows the explanation on a tap (a click with no hover before it) and opens no apply dialog', async () => {
    renderButton(cardSummary({ bank: 'axis', bank_name: 'Axis Bank' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply Now' }));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('This card is not currently available for application');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the bank site through the referral steps for a card with no affiliate link (null)', async () => {
    renderButton(
      cardSummary({
        bank: 'axis',
        bank_name: 'Axis Bank',
        affiliated_url: null,
        apply_url: 'https://bank.example/axis-ace',
      }),
    );
    const button = screen.getByRole('button', { name: /Apply Now/ });
    expect(button.getAttribute('aria-disabled')).not.toBe('true');
    await userEvent.click(button);
    await screen.findByRole('dialog');
    expect(screen.queryByRole('link', { name: /Apply here/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Axis Bank's website/ }));
    expect(await screen.findByText('Your relationship with Axis Bank')).toBeTruthy();
  });

  it('opens the apply dialog with the in-product journey and the bank site through the referral steps', async () => {
    renderButton(cardSummary({ affiliated_url: 'https://aff.example/hdfc' }));
    await userEvent.click(screen.getByRole('button', { name: /Apply Now/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Apply for Swiggy HDFC Bank Credit Card');
    const inProduct = screen.getByRole('link', { name: /Apply here with Cardwise/ });
    expect(inProduct.getAttribute('href')).toBe('/cards/apply/hdfc/swiggy_hdfc');
    await userEvent.click(screen.getByRole('button', { name: /HDFC Bank's website/ }));
    // Application spec §2: the referral dialog's first step takes over.
    expect((await screen.findByRole('dialog')).textContent).toContain("Apply on HDFC Bank's website");
    expect(await screen.findByText('Your relationship with HDFC Bank')).toBeTruthy();
  });

  it('says first when the bank issues the card by invitation, and still offers the ways to apply', async () => {
    renderButton(cardSummary({ by_invitation: true }));
    await userEvent.click(screen.getByRole('button', { name: /Apply Now/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'HDFC Bank issues this card by invitation: without one, an application is unlikely to be accepted.',
    );
    expect(screen.getByRole('link', { name: /Apply here with Cardwise/ })).toBeTruthy();
  });

  it('says nothing of invitations for a card anyone may apply for', async () => {
    renderButton(cardSummary({ by_invitation: false }));
    await userEvent.click(screen.getByRole('button', { name: /Apply Now/ }));
    expect((await screen.findByRole('dialog')).textContent).not.toContain('invitation');
  });

  it('offers only the bank site for banks without the in-product journey', async () => {
    renderButton(
      cardSummary({ bank: 'axis', bank_name: 'Axis Bank', affiliated_url: 'https://aff.example/axis' }),
    );
    await userEvent.click(screen.getByRole('button', { name: /Apply Now/ }));
    await screen.findByRole('dialog');
    expect(screen.queryByRole('link', { name: /Apply here/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Axis Bank's website/ })).toBeTruthy();
  });
});
