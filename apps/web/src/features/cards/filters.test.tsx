import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../test/fixtures.tsx';
import { CardFiltersBar } from './card-filters.tsx';
import {
  EMPTY_FILTERS,
  feePresetOf,
  filtersFromParams,
  issuingBanks,
  listQueryFor,
  paramsFromFilters,
  updateFilters,
} from './filters.ts';
import { useCardFilters } from './use-card-filters.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('filters <-> URL search params', () => {
  it('reads every filter from the query string', () => {
    const f = filtersFromParams(
      new URLSearchParams(
        'tag=new_launch&bank=hdfc&fee_min=0&fee_max=1000&category=dining&search=swiggy&page=3',
      ),
    );
    expect(f).toEqual({
      tag: 'new_launch',
      bank: 'hdfc',
      feeMin: 0,
      feeMax: 1000,
      category: 'dining',
      search: 'swiggy',
      sort: null,
      page: 3,
    });
  });

  it('reads a known order from the query string and drops any other (and the default’s name)', () => {
    expect(filtersFromParams(new URLSearchParams('sort=annual_fee_asc')).sort).toBe('annual_fee_asc');
    expect(filtersFromParams(new URLSearchParams('sort=name_asc')).sort).toBe('name_asc');
    for (const bad of ['price', '', 'relevance', 'NAME_ASC'])
      expect(filtersFromParams(new URLSearchParams({ sort: bad })).sort).toBeNull();
  });

  it('drops malformed values instead of sending them to the API', () => {
    const f = filtersFromParams(new URLSearchParams('tag=<script>&bank=&fee_min=abc&fee_max=-5&page=0'));
    expect(f).toEqual(EMPTY_FILTERS);
  });

  it('swaps a reversed fee range', () => {
    const f = filtersFromParams(new URLSearchParams('fee_min=5000&fee_max=100'));
    expect([f.feeMin, f.feeMax]).toEqual([100, 5000]);
  });

  it('round-trips, omitting defaults', () => {
    const f = {
      ...EMPTY_FILTERS,
      tag: 'featured',
      feeMin: 0,
      feeMax: 0,
      sort: 'joining_fee_asc' as const,
      page: 2,
    };
    const params = paramsFromFilters(f);
    expect(params.toString()).toBe('tag=featured&fee_min=0&fee_max=0&sort=joining_fee_asc&page=2');
    expect(filtersFromParams(params)).toEqual(f);
    expect(paramsFromFilters(EMPTY_FILTERS).toString()).toBe('');
  });

  it('goes back to page 1 when a filter other than the page changes', () => {
    const f = { ...EMPTY_FILTERS, page: 4 };
    expect(updateFilters(f, { bank: 'axis' }).page).toBe(1);
    expect(updateFilters(f, { page: 5 }).page).toBe(5);
    expect(updateFilters(f, { sort: 'name_asc' }).page).toBe(1);
  });

  it('recognises fee presets and custom ranges', () => {
    expect(feePresetOf(EMPTY_FILTERS)).toBeNull();
    expect(feePresetOf({ ...EMPTY_FILTERS, feeMin: 0, feeMax: 0 })).toBe('free');
    expect(feePresetOf({ ...EMPTY_FILTERS, feeMin: 5001, feeMax: null })).toBe('5k-plus');
    expect(feePresetOf({ ...EMPTY_FILTERS, feeMin: 10, feeMax: 20 })).toBe('custom');
  });

  it('builds the GET /api/cards query with the section', () => {
    expect(
      listQueryFor(
        { ...EMPTY_FILTERS, tag: 'sponsored', search: '  ace ', sort: 'annual_fee_desc' },
        'top_cashback',
      ),
    ).toMatchObject({
      tag: 'sponsored',
      section: 'top_cashback',
      search: 'ace',
      sort: 'annual_fee_desc',
      page: 1,
      page_size: 12,
    });
  });
});

function FiltersHarness() {
  const { filters, change, clear } = useCardFilters();
  return <CardFiltersBar filters={filters} onChange={change} onClear={clear} banks={[]} categories={[]} />;
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/cards', element: <FiltersHarness /> }], {
    initialEntries: [url],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('<CardFiltersBar> with the URL', () => {
  it('shows the tag from the query string as the pressed chip', () => {
    renderAt('/cards?tag=high_approval_rate');
    expect(screen.getByRole('button', { name: 'High approval rate' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'All cards' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('writes a chosen tag to the URL and resets the page', async () => {
    const router = renderAt('/cards?page=3');
    await userEvent.click(screen.getByRole('button', { name: 'New launch' }));
    expect(router.state.location.search).toBe('?tag=new_launch');
    await userEvent.click(screen.getByRole('button', { name: 'New launch' }));
    expect(router.state.location.search).toBe('');
  });

  it('writes the search text to the URL after a pause', () => {
    vi.useFakeTimers();
    const router = renderAt('/cards?tag=featured');
    fireEvent.change(screen.getByLabelText('Search cards'), { target: { value: 'millennia' } });
    expect(router.state.location.search).toBe('?tag=featured');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    expect(router.state.location.search).toBe('?tag=featured&search=millennia');
  });

  it('follows the URL back (history navigation resets the search box)', async () => {
    const router = renderAt('/cards?search=axis');
    expect(screen.getByLabelText<HTMLInputElement>('Search cards').value).toBe('axis');
    await act(() => router.navigate('/cards'));
    expect(screen.getByLabelText<HTMLInputElement>('Search cards').value).toBe('');
  });

  it('writes a chosen order to the URL, back to page 1, and Relevance takes it out', async () => {
    const user = userEvent.setup();
    const router = renderAt('/cards?bank=axis&page=3');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort.textContent).toBe('Relevance');
    await user.click(sort);
    await user.click(await screen.findByRole('option', { name: 'Annual fee: low to high' }));
    expect(router.state.location.search).toBe('?bank=axis&sort=annual_fee_asc');
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Annual fee: low to high');
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Relevance' }));
    expect(router.state.location.search).toBe('?bank=axis');
  });

  it('shows the order a shared link names, and follows history', async () => {
    const router = renderAt('/cards?sort=name_asc');
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Name A–Z');
    await act(() => router.navigate('/cards?sort=joining_fee_asc'));
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Joining fee: low to high');
    await act(() => router.navigate(-1));
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Name A–Z');
  });

  it('keeps the order when the filters are cleared', async () => {
    const router = renderAt('/cards?tag=featured&bank=hdfc&sort=annual_fee_desc&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(router.state.location.search).toBe('?sort=annual_fee_desc');
  });

  it("puts a phone's selects behind a button that says how many are set", async () => {
    renderAt('/cards?bank=hdfc&sort=name_asc');
    const toggle = screen.getByRole('button', { name: 'More filters and sort (2 set)' });
    const selects = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    // Hidden below the sm breakpoint only: the class list is what the stylesheet reads.
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(selects.className).toMatch(/(^| )hidden( |$)/);
    expect(selects.className).toContain('sm:grid');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Fewer filters (2 set)');
    expect(selects.className).not.toMatch(/(^| )hidden( |$)/);
  });

  it('clears every filter', async () => {
    const router = renderAt('/cards?tag=featured&bank=hdfc&fee_min=0&fee_max=0');
    await userEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(router.state.location.search).toBe('');
  });
});

describe('bank choices', () => {
  it('leave out the product’s own brand, which ends the tenant’s bank list and issues no card', () => {
    const banks = [{ code: 'hdfc' }, { code: 'axis' }, { code: 'cardwise' }];
    expect(issuingBanks(banks).map((b) => b.code)).toEqual(['hdfc', 'axis']);
  });
});

describe('a bank the address names that is not in the list', () => {
  it('shows as the active filter, so it can be seen and cleared', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/cards',
          element: (
            <CardFiltersBar
              filters={filtersFromParams(new URLSearchParams('bank=sbi_card'))}
              onChange={() => {}}
              onClear={() => {}}
              banks={[{ code: 'hdfc', name: 'HDFC Bank' } as never]}
              categories={[]}
            />
          ),
        },
      ],
      { initialEntries: ['/cards?bank=sbi_card'] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(screen.getByText('sbi_card (not offered here)')).toBeTruthy();
  });
});
