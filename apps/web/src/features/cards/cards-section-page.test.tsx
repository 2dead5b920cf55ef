import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CardsSectionPage } from './cards-section-page.tsx';

afterEach(cleanup);

describe('/cards/:section', () => {
  it('takes a card id to the card page (the featured cards link to /cards/{id}, spec §2)', async () => {
    const router = createMemoryRouter(
      [
        { path: '/cards/:section', element: <CardsSectionPage /> },
        { path: '/card/:id', element: <p>card page</p> },
      ],
      { initialEntries: ['/cards/hdfc_swiggy'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('card page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/card/hdfc_swiggy');
  });
});
