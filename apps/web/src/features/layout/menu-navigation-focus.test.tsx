import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useArrivalFocus } from '../../lib/arrival-focus.ts';
import { Providers } from '../../test/fixtures.tsx';
import HeaderMenus from './header-menus.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A page that moves focus to its heading on arrival, as the wizard's steps and forms do. */
function ArrivalPage() {
  const heading = useArrivalFocus<HTMLHeadingElement>();
  return (
    <h1 ref={heading} tabIndex={-1}>
      Contact us
    </h1>
  );
}

function Layout() {
  return (
    <Providers>
      <header>
        <HeaderMenus />
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </Providers>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/about', element: <h1>About</h1> },
          { path: '/contact', element: <ArrivalPage /> },
          { path: '*', element: <h1>Elsewhere</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Opens the mobile navigation menu from the keyboard and chooses `item` with Enter. */
async function chooseFromMenu(user: ReturnType<typeof userEvent.setup>, item: string) {
  const button = screen.getByRole('button', { name: 'Open navigation menu' });
  act(() => button.focus());
  await user.keyboard('{Enter}');
  const link = await screen.findByRole('menuitem', { name: item });
  act(() => link.focus());
  await user.keyboard('{Enter}');
  return button;
}

describe('the mobile navigation menu and keyboard focus (WCAG 2.4.3)', () => {
  it('moves focus to the new page’s main content after a link, not back to the menu button', async () => {
    const router = renderApp();
    const user = userEvent.setup();
    await chooseFromMenu(user, 'About');
    await screen.findByRole('heading', { name: 'About' });
    expect(router.state.location.pathname).toBe('/about');
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main')));
  });

  it('lets a page with an arrival heading take the focus, as after any other navigation', async () => {
    const router = renderApp();
    const user = userEvent.setup();
    await chooseFromMenu(user, 'Contact');
    expect(router.state.location.pathname).toBe('/contact');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Contact us' })),
    );
  });

  it('does the same after a link in the account menu', async () => {
    const router = renderApp();
    const user = userEvent.setup();
    act(() => screen.getByRole('button', { name: 'Account menu' }).focus());
    await user.keyboard('{Enter}');
    const link = await screen.findByRole('menuitem', { name: 'Sign In' });
    act(() => link.focus());
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main')));
  });

  it('still hands focus back to the menu button when closed without choosing (Escape)', async () => {
    const router = renderApp();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Open navigation menu' });
    act(() => button.focus());
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'About' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(router.state.location.pathname).toBe('/');
  });
});
