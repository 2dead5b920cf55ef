import type { ApplicationSummary } from '@cardwise/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../test/fixtures.tsx';
import { MyApplicationsSection } from './my-applications-section.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function line(over: Partial<ApplicationSummary>): ApplicationSummary {
  return {
    id: 7,
    reference_id: 'CW-2026-ABCD2345',
    card: 'hdfc_millennia',
    card_name: 'HDFC Bank Millennia Credit Card',
    bank_name: 'HDFC Bank',
    status: 'draft',
    current_step: 'personal_details',
    created_at: '2026-11-25T10:00:00.000Z',
    updated_at: '2026-11-25T10:00:00.000Z',
    submitted_at: null,
    decided_at: null,
    ...over,
  };
}

/** GET /api/accounts/applications answers each of `answers` in turn (the last one from then on). */
function stubApplications(...answers: (() => Response)[]) {
  let calls = 0;
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.startsWith('/api/accounts/applications')) throw new Error(`unexpected ${url}`);
    const answer = answers[Math.min(calls, answers.length - 1)] as () => Response;
    calls++;
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSection() {
  render(
    <MemoryRouter>
      <Providers>
        <MyApplicationsSection />
      </Providers>
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'My applications' });
}

describe('<MyApplicationsSection> on /profile', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists each application with its card, bank, status in words, reference and India's dates", async () => {
    stubApplications(() =>
      json([
        // Personal and employment done: a draft whose next step is the documents.
        line({
          id: 9,
          reference_id: 'CW-2026-DRAFT234',
          card: 'hdfc_swiggy',
          card_name: 'Swiggy HDFC Bank Credit Card',
          status: 'employment_details',
          current_step: 'document_upload',
          // 20:00 in UTC is the next morning in India.
          created_at: '2026-11-25T20:00:00.000Z',
        }),
        line({
          id: 8,
          reference_id: 'CW-2026-SENT2345',
          status: 'submitted',
          current_step: 'submitted',
          created_at: '2026-11-20T06:00:00.000Z',
          submitted_at: '2026-11-21T06:00:00.000Z',
        }),
        line({
          id: 5,
          reference_id: 'CW-2026-NOPE2345',
          card: 'gone_card',
          card_name: null,
          bank_name: null,
          status: 'rejected',
          current_step: 'submitted',
          created_at: '2026-10-01T06:00:00.000Z',
          submitted_at: '2026-10-02T06:00:00.000Z',
          decided_at: '2026-10-05T06:00:00.000Z',
        }),
      ]),
    );
    const section = renderSection();
    const items = await within(section).findAllByTestId('application-item');
    expect(items).toHaveLength(3);
    const [draft, submitted, rejected] = items as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(draft).getByText('Swiggy HDFC Bank Credit Card')).toBeTruthy();
    expect(within(draft).getByText('HDFC Bank')).toBeTruthy();
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).getByText('Not submitted yet. Next step: KYC & Documents.')).toBeTruthy();
    expect(within(draft).getByText('CW-2026-DRAFT234')).toBeTruthy();
    expect(within(draft).getByText('26 Nov 2026').getAttribute('datetime')).toBe('2026-11-25T20:00:00.000Z');
    expect(draft.textContent).not.toMatch(/Submitted/);

    expect(within(submitted).getByText('Submitted', { selector: 'span' })).toBeTruthy();
    expect(within(submitted).getByText("Waiting for the bank's decision.")).toBeTruthy();
    expect(within(submitted).getByText('CW-2026-SENT2345')).toBeTruthy();
    expect(within(submitted).getByText('20 Nov 2026')).toBeTruthy();
    expect(within(submitted).getByText('21 Nov 2026')).toBeTruthy();

    // A card gone from the catalogue (and without a snapshot) still has its line.
    expect(within(rejected).getByText('Card application')).toBeTruthy();
    expect(within(rejected).getByText('Not approved')).toBeTruthy();
    expect(within(rejected).getByText('Decided')).toBeTruthy();
    expect(within(rejected).getByText('5 Oct 2026')).toBeTruthy();

    // Only the draft can be continued; sent applications no longer take changes.
    for (const done of [submitted, rejected]) expect(within(done).queryByRole('link')).toBeNull();
  });

  it("links a draft to its wizard step by reference, where the wizard reads the server's copy", async () => {
    stubApplications(() =>
      json([
        line({ status: 'personal_details', current_step: 'employment_details' }),
        line({
          id: 3,
          card: 'hdfc/odd id',
          reference_id: 'CW-2026-REVW2345',
          status: 'review',
          current_step: 'review',
        }),
      ]),
    );
    const section = renderSection();
    const links = await within(section).findAllByRole('link', { name: /^Continue application/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/cards/apply/hdfc/hdfc_millennia/CW-2026-ABCD2345/employment',
      '/cards/apply/hdfc/hdfc%2Fodd%20id/CW-2026-REVW2345/review',
    ]);
    // The link names its card for a screen reader listing the page's links.
    expect(links[0]?.textContent).toBe('Continue application for HDFC Bank Millennia Credit Card');
    expect(within(section).getByText('Not submitted yet. Next step: Review & Submit.')).toBeTruthy();
  });

  it('says so when there are none, with a way to the cards', async () => {
    stubApplications(() => json([]));
    const section = renderSection();
    await within(section).findByText('You have not applied for a card yet.');
    expect(within(section).getByRole('link', { name: 'Browse cards' }).getAttribute('href')).toBe('/cards');
    expect(within(section).queryByRole('list')).toBeNull();
  });

  it('shows a failure beside the list, and Try again reads it again', async () => {
    const fetchMock = stubApplications(
      () => json({ detail: 'Something went wrong.' }, 500),
      () => json([line({})]),
    );
    const section = renderSection();
    expect(section.querySelector('[aria-busy="true"]')).not.toBeNull();
    await within(section).findByText('Failed to load your applications. Please try again.');
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    await within(section).findByText('HDFC Bank Millennia Credit Card');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
