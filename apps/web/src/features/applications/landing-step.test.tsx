import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardDetailFixture, Providers, signInForTest } from '../../test/fixtures.tsx';
import { expectSessionExpiredAlone, tokenRefused } from '../../test/session-ended.ts';
import { LandingStep, START_FAILED } from './landing-step.tsx';
import { WizardContext } from './wizard-context.ts';

const CARD = cardDetailFixture({ id: 'hdfc_millennia' });

function renderLanding() {
  render(
    <MemoryRouter initialEntries={['/apply']}>
      <Providers>
        <WizardContext.Provider value={{ card: CARD, cardId: 'hdfc_millennia', base: '/apply' }}>
          <LandingStep />
          <Toaster />
        </WizardContext.Provider>
      </Providers>
    </MemoryRouter>,
  );
}

/** The start call answers with this (or throws it, as fetch does when no answer arrives). */
function startAnswers(answer: Response | Error) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (answer instanceof Error) throw answer;
      return answer.clone();
    }),
  );
}

beforeEach(() => {
  signInForTest();
});

afterEach(() => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("spec §8 'Start fails'", () => {
  it.each([
    [
      "the server's detail",
      new Response(JSON.stringify({ detail: 'This card is not offered here.' }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
      'This card is not offered here.',
    ],
    [
      'the fallback when a proxy answers without one',
      new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      START_FAILED,
    ],
    [
      'the fallback when the error body names no reason',
      new Response('{}', { status: 500, headers: { 'Content-Type': 'application/json' } }),
      START_FAILED,
    ],
  ])("toast 'Error' with %s", async (_what, answer, message) => {
    startAnswers(answer);
    renderLanding();
    await userEvent.setup().click(screen.getByRole('button', { name: /Start Application/ }));
    const shown = (await screen.findByText(message)).closest('[data-sonner-toast]');
    // One toast, titled 'Error', saying exactly the message (not the proxy's status text).
    expect(shown?.querySelector('[data-title]')?.textContent).toBe('Error');
    expect(shown?.querySelector('[data-description]')?.textContent).toBe(message);
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  });
});

it("a start that gets no answer says the catalogue's 'Network Error' (application spec §8)", async () => {
  startAnswers(new TypeError('Failed to fetch'));
  renderLanding();
  await userEvent.setup().click(screen.getByRole('button', { name: /Start Application/ }));
  const shown = (
    await screen.findByText(
      'Unable to connect to the server. Please check your internet connection and try again.',
    )
  ).closest('[data-sonner-toast]');
  expect(shown?.querySelector('[data-title]')?.textContent).toBe('Network Error');
  expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
});

it("a session that cannot be renewed says 'Session Expired' once, with no second toast", async () => {
  startAnswers(tokenRefused());
  await expectSessionExpiredAlone(async () => {
    renderLanding();
    await userEvent.setup().click(screen.getByRole('button', { name: /Start Application/ }));
  }, START_FAILED);
});

it('takes keyboard focus to its heading when focus fell to the page (arriving from the Apply dialog)', () => {
  (document.activeElement as HTMLElement | null)?.blur();
  renderLanding();
  expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: /Apply for/ }));
});

it("keeps the spec's tiles and lists, and says what they leave unsaid: who decides, and the documents taken here", () => {
  renderLanding();
  expect(screen.getByText('Instant approval')).toBeTruthy();
  expect(screen.getByTestId('bank-decides').textContent).toMatch(
    /^Approval and delivery times are as .+ states them; the bank decides each application\.$/,
  );
  expect(screen.getByText('Passport size photograph')).toBeTruthy();
  expect(screen.getByTestId('documents-uploaded-here').textContent).toContain(
    'PAN card, both sides of your Aadhaar card and an address proof',
  );
});
