import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfirmLeavingWizard,
  LEAVE,
  LEAVE_TITLE,
  LEAVE_WITH_CHOSEN_FILES,
  STAY,
} from './confirm-leaving-wizard.tsx';

const BASE = '/cards/apply/hdfc/hdfc_millennia';
const KYC = `${BASE}/CW-2026-ABCD1234/kyc`;

/** A header with links out, and a wizard step holding unsent files (the dialog mounted). */
function Page() {
  return (
    <>
      <nav>
        <Link to="/cards">Credit Cards</Link>
        <Link to={`${BASE}/CW-2026-ABCD1234/employment`}>Employment step</Link>
        <Link to="/login">Sign in</Link>
      </nav>
      <ConfirmLeavingWizard base={BASE} stayFocus={() => document.querySelector('h1')} />
      <Outlet />
    </>
  );
}

function renderWizard(initialEntries: string[] = [KYC]) {
  const router = createMemoryRouter(
    [
      {
        element: <Page />,
        children: [
          {
            path: `${BASE}/:applicationId/:step`,
            element: (
              <h1 tabIndex={-1} data-testid="step-heading">
                KYC Document Upload
              </h1>
            ),
          },
          { path: '/cards', element: <p>All cards</p> },
          { path: '/login', element: <p>Sign in page</p> },
        ],
      },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("leaving the wizard with unsent KYC files asks in the product's own dialog (ADR 017)", () => {
  it('names the choice: a titled dialog, the sentence, Stay focused first; never the browser confirm', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const user = userEvent.setup();
    renderWizard();
    await user.click(screen.getByRole('link', { name: 'Credit Cards' }));
    const dialog = await screen.findByRole('dialog', { name: LEAVE_TITLE });
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(LEAVE_WITH_CHOSEN_FILES);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([STAY, LEAVE]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: STAY })));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('Stay and upload keeps the step, and focus goes back to the link that was followed', async () => {
    const user = userEvent.setup();
    const router = renderWizard();
    const link = screen.getByRole('link', { name: 'Credit Cards' });
    link.focus();
    await user.click(link);
    await user.click(await screen.findByRole('button', { name: STAY }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(KYC);
    await waitFor(() => expect(document.activeElement).toBe(link));
  });

  it('Escape stays too; with nothing focused before, the step heading takes the focus', async () => {
    const user = userEvent.setup();
    const router = renderWizard();
    await router.navigate('/cards');
    await screen.findByRole('dialog', { name: LEAVE_TITLE });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(KYC);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('step-heading')));
  });

  it("the browser's Back out of the wizard asks too: Stay keeps the step, Leave goes back", async () => {
    const user = userEvent.setup();
    // Came to the step from the cards page, so Back leaves the wizard.
    const router = renderWizard(['/cards', KYC]);
    await router.navigate(-1);
    await user.click(await screen.findByRole('button', { name: STAY }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(KYC);
    await router.navigate(-1);
    await user.click(await screen.findByRole('button', { name: LEAVE }));
    await screen.findByText('All cards');
    expect(router.state.location.pathname).toBe('/cards');
  });

  it("Leave without uploading goes to the link's page", async () => {
    const user = userEvent.setup();
    const router = renderWizard();
    await user.click(screen.getByRole('link', { name: 'Credit Cards' }));
    await user.click(await screen.findByRole('button', { name: LEAVE }));
    await screen.findByText('All cards');
    expect(router.state.location.pathname).toBe('/cards');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("the wizard's own steps and the sign-in page are not asked about", async () => {
    const user = userEvent.setup();
    const router = renderWizard();
    await user.click(screen.getByRole('link', { name: 'Employment step' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/CW-2026-ABCD1234/employment`));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await screen.findByText('Sign in page');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
