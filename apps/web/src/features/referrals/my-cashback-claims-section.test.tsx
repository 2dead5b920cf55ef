import type { CashbackClaimSummary } from '@cardwise/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../test/fixtures.tsx';
import { MyCashbackClaimsSection } from './my-cashback-claims-section.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function claim(over: Partial<CashbackClaimSummary>): CashbackClaimSummary {
  return {
    application_reference: 'CB-2026-ABCD2345',
    card_id: 'axis_atlas',
    card_name: 'Axis Bank Atlas Credit Card',
    bank_name: 'Axis Bank',
    status: 'pending_review',
    submitted_at: '2026-11-25T10:00:00.000Z',
    decided_at: null,
    ...over,
  };
}

/** GET /api/accounts/cashback-claims answers each of `answers` in turn (the last one from then on). */
function stubClaims(...answers: (() => Response)[]) {
  let calls = 0;
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.startsWith('/api/accounts/cashback-claims')) throw new Error(`unexpected ${url}`);
    const answer = answers[Math.min(calls, answers.length - 1)] as () => Response;
    calls++;
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSection(at = '/profile') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Providers>
        <MyCashbackClaimsSection />
      </Providers>
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'My cashback claims' });
}

describe('<MyCashbackClaimsSection> on /profile', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists each claim in the server's order with its card, bank, status in words, reference and India's dates", async () => {
    stubClaims(() =>
      json([
        claim({
          application_reference: 'CB-2026-NEWW2345',
          // 20:00 in UTC is the next morning in India.
          submitted_at: '2026-11-25T20:00:00.000Z',
        }),
        claim({
          application_reference: 'CB-2026-YESS2345',
          card_id: 'hdfc_swiggy',
          card_name: 'Swiggy HDFC Bank Credit Card',
          bank_name: 'HDFC Bank',
          status: 'approved',
          submitted_at: '2026-11-20T06:00:00.000Z',
          decided_at: '2026-11-22T06:00:00.000Z',
        }),
        claim({
          application_reference: 'CB-2026-NOPE2345',
          card_id: 'gone_card',
          card_name: null,
          bank_name: null,
          status: 'rejected',
          submitted_at: '2026-10-01T06:00:00.000Z',
          decided_at: '2026-10-05T06:00:00.000Z',
        }),
      ]),
    );
    const section = renderSection();
    const items = await within(section).findAllByTestId('cashback-claim-item');
    expect(items).toHaveLength(3);
    const [pending, approved, rejected] = items as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(pending).getByText('Axis Bank Atlas Credit Card')).toBeTruthy();
    expect(within(pending).getByText('Axis Bank')).toBeTruthy();
    expect(within(pending).getByText('Under review')).toBeTruthy();
    expect(within(pending).getByText('We are checking your proof with the bank.')).toBeTruthy();
    expect(within(pending).getByText('CB-2026-NEWW2345')).toBeTruthy();
    expect(within(pending).getByText('26 Nov 2026').getAttribute('datetime')).toBe(
      '2026-11-25T20:00:00.000Z',
    );
    expect(within(pending).queryByText('Decided')).toBeNull();
    // Read out as a status, not a bare word.
    expect(within(pending).getByText('Status:').className).toContain('sr-only');

    expect(within(approved).getByText('Approved')).toBeTruthy();
    expect(within(approved).getByText('CB-2026-YESS2345')).toBeTruthy();
    expect(within(approved).getByText('Decided')).toBeTruthy();
    expect(within(approved).getByText('22 Nov 2026')).toBeTruthy();

    // A card gone from the catalogue, claimed before names were kept, still has its line, by its id.
    expect(within(rejected).getByText('gone_card')).toBeTruthy();
    expect(within(rejected).getByText('Not approved')).toBeTruthy();
    expect(within(rejected).getByText('5 Oct 2026')).toBeTruthy();
    // The server's words never reach the page.
    expect(section.textContent).not.toMatch(/pending_review|rejected/);
  });

  it('says quietly when there are none', async () => {
    stubClaims(() => json([]));
    const section = renderSection();
    await within(section).findByText(/^No cashback claims yet\./);
    expect(within(section).queryByRole('list')).toBeNull();
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('scrolls itself into view once listed when the dialog sent the user to #cashback-claims', async () => {
    const scrolled = vi.fn();
    const original = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled(this.id);
    };
    try {
      stubClaims(() => json([claim({})]));
      const section = renderSection('/profile#cashback-claims');
      await within(section).findByText('CB-2026-ABCD2345');
      await waitFor(() => expect(scrolled).toHaveBeenCalledWith('cashback-claims'));
      expect(scrolled).toHaveBeenCalledTimes(1);
    } finally {
      HTMLElement.prototype.scrollIntoView = original;
    }
  });

  it('shows a failure beside the list, and Try again reads it again', async () => {
    const fetchMock = stubClaims(
      () => json({ detail: 'Something went wrong.' }, 500),
      () => json([claim({})]),
    );
    const section = renderSection();
    expect(section.querySelector('[aria-busy="true"]')).not.toBeNull();
    await within(section).findByText('Failed to load your cashback claims. Please try again.');
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    await within(section).findByText('CB-2026-ABCD2345');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
