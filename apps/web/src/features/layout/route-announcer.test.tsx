import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_AFTER_MS, RouteAnnouncer } from './route-announcer.tsx';

function TitledPage({ title }: { title: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <p>{title}</p>;
}

/** A page that moves focus to its heading on arrival, as the wizard's steps do. */
function FocusingPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = 'Step | Cardwise';
    heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1}>
      Step
    </h1>
  );
}

function Layout() {
  return (
    <>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <RouteAnnouncer />
    </>
  );
}

function renderRouter() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <TitledPage title="Home" /> },
          { path: '/cards', element: <TitledPage title="Credit Cards | Cardwise" /> },
          { path: '/about', element: <TitledPage title="About Us | Cardwise" /> },
          { path: '/same', element: <p>no title of its own</p> },
          { path: '/step', element: <FocusingPage /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const announced = () => screen.getByTestId('route-announcer').textContent;

async function go(router: ReturnType<typeof renderRouter>, to: string) {
  await act(() => router.navigate(to));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

describe('RouteAnnouncer (WCAG 4.1.3)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('reads out the new page title after a navigation, not the first page', async () => {
    const router = renderRouter();
    expect(screen.getByTestId('route-announcer').getAttribute('aria-live')).toBe('polite');
    expect(announced()).toBe('');
    await go(router, '/cards');
    expect(announced()).toBe('Credit Cards | Cardwise');
    await go(router, '/about');
    expect(announced()).toBe('About Us | Cardwise');
  });

  it('a query change on the same page says nothing', async () => {
    const router = renderRouter();
    await go(router, '/cards');
    await go(router, '/cards?page=2');
    expect(announced()).toBe('Credit Cards | Cardwise');
    await go(router, '/about');
    expect(announced()).toBe('About Us | Cardwise');
  });

  it('a page that keeps the previous title is read out once its wait is over', async () => {
    const router = renderRouter();
    await go(router, '/same');
    expect(announced()).toBe('');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_AFTER_MS));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(announced()).toBe('Home');
  });

  it('a page that moved focus to its own heading is not read out twice', async () => {
    const router = renderRouter();
    await go(router, '/cards');
    await go(router, '/step');
    expect(document.activeElement?.textContent).toBe('Step');
    expect(announced()).toBe('');
  });
});
