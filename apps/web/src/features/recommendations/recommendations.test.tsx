import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardSummary, Providers, spendingEntryFixture } from '../../test/fixtures.tsx';
import { badgeFor, dotWindow, wrapIndex } from '../home/carousel-rules.ts';
import { addedText, addsNothingText, newAndHeld, thinMarginNote } from './combination-card.tsx';
import { distinctWarnings } from './distinct-warnings.ts';
import {
  type ComboGroup,
  cappedNote,
  comboTitle,
  coverageOf,
  dependsOnCategoryNote,
  noGainNote,
  normalizeGroup,
  sortGroups,
  unconfirmedNote,
  unconfirmedText,
} from './groups.ts';
import {
  clampDesiredCardCount,
  comparedNewCards,
  DEFAULT_PREFERENCES,
  disabledReason,
  isSideDisabled,
  type Preferences,
  preferencesFor,
  requestPreferences,
  toggleCard,
} from './preference-rules.ts';
import { DesiredCount, LOGIN_PROMPT, PreferencesPanel } from './preferences-panel.tsx';
import { RecommendationsView, WARNINGS_HEADING } from './recommendations-view.tsx';
import type { PreferencesState } from './use-preferences.ts';
import {
  fetchRecommendations,
  RECOMMEND_DELAY_MS,
  type RecommendBody,
  useRecommendations,
} from './use-recommendations.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const winner = (card_id: string, cashback = 10) => ({
  card_id,
  credit_card: `${card_id} card`,
  issuer_name: 'Bank',
  fee: 0,
  fee_frequency: 'LIFETIME_FREE',
  joining_fee: 0,
  apply_url: null,
  tags: [],
  amount_used: 1000,
  cashback_amount: cashback,
  reasons: ['5% on food delivery'],
});

const group = (ids: string[], savings: number, coverage?: number) => ({
  n: ids.length,
  card_ids: ids,
  group_savings: savings,
  ...(coverage === undefined ? {} : { spend_coverage: coverage }),
  group_details: ids.map((id, i) => ({
    entry_id: `e${i}`,
    spend_label: `Spend ${i}`,
    amount: 1000,
    winning_cards: [winner(id)],
  })),
  cards: ids.map((id) => ({ ...winner(id), owned: false })),
  card_outcomes: [],
});

describe('recommendation groups (spec §4)', () => {
  it('sorts by savings, highest first, ties to fewer distinct cards', () => {
    const groups = [
      group(['a', 'b'], 300),
      group(['c'], 300),
      group(['d', 'e', 'f'], 500),
      group(['g'], 100),
    ].map(normalizeGroup);
    expect(sortGroups(groups).map((g) => g.card_ids.join('+'))).toEqual(['d+e+f', 'c', 'a+b', 'g']);
  });

  it('takes a missing spend_coverage as 100 for a single card and 0 otherwise', () => {
    expect(coverageOf(normalizeGroup(group(['a'], 10)))).toBe(100);
    expect(coverageOf(normalizeGroup(group(['a', 'b'], 10)))).toBe(0);
    expect(coverageOf(normalizeGroup(group(['a', 'b'], 10, 62.5)))).toBe(62.5);
    expect(coverageOf(normalizeGroup(group(['a'], 10, 40)))).toBe(40);
  });

  it("reads 'Single Card' or 'N Card Combination'", () => {
    expect(comboTitle(normalizeGroup(group(['a'], 1)))).toBe('Single Card');
    expect(comboTitle(normalizeGroup(group(['a', 'b', 'c'], 1)))).toBe('3 Card Combination');
  });

  it('converts the older shape (amount becomes the savings) and an object group_savings', () => {
    const legacy = normalizeGroup({ spend_label: 'Fuel', amount: 45, winning_cards: [winner('x', 45)] });
    expect(legacy.group_savings).toBe(45);
    expect(legacy.card_ids).toEqual(['x']);
    expect(legacy.group_details[0]?.spend_label).toBe('Fuel');
    expect(normalizeGroup({ ...group(['a'], 0), group_savings: { total: 99 } }).group_savings).toBe(99);
  });

  it('shows the groups: gold first, roles, coverage and which card to use', () => {
    const groups = sortGroups([group(['a'], 120), group(['b', 'c'], 250)].map(normalizeGroup));
    render(
      <MemoryRouter>
        <RecommendationsView groups={groups} loading={false} hasEntries />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Your Personalized Card Combinations' })).toBeTruthy();
    const cards = screen.getAllByTestId('combination');
    expect(cards[0]?.className).toContain('border-amber-400');
    expect(cards[1]?.className).not.toContain('border-amber-400');
    expect(within(cards[0] as HTMLElement).getByText('2 Card Combination')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('Best match')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getAllByText('Role 2').length).toBeGreaterThan(0);
    expect(within(cards[0] as HTMLElement).getByText('Covers 0% of your spending')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Covers 100% of your spending')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('₹120')).toBeTruthy();
    expect(screen.getByText('Monthly savings by combination')).toBeTruthy();
  });

  it('numbers the roles by what each card earns here, the card doing the work first', () => {
    // The engine lists the cards in catalogue order: 'axis_ace' first, though it earns nothing.
    const outcome = (card_id: string, rewards: number, fee_cost: number) => ({
      card_id,
      owned: false,
      monthly_spend: rewards * 10,
      rewards,
      milestone_bonus: 0,
      fee_cost,
      fee_waived: false,
      caps_reached: [],
      milestones_reached: [],
    });
    const combo = normalizeGroup({
      ...group(['axis_ace', 'swiggy_hdfc'], 850),
      card_outcomes: [outcome('axis_ace', 0, 0), outcome('swiggy_hdfc', 900, 49.17)],
    });
    render(
      <MemoryRouter>
        <RecommendationsView groups={[combo]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    const roles = screen
      .getAllByText(/^Role [12]$/)
      .map(
        (el) =>
          `${el.textContent}: ${el.closest('li')?.textContent?.includes('swiggy_hdfc') ? 'swiggy' : 'ace'}`,
      );
    expect(roles[0]).toBe('Role 1: swiggy');
  });

  it('shows a combination whose fees outweigh its rewards as a cost, not a saving', () => {
    // Compared cards (or ones kept) can lose money on this spending: the engine says so exactly.
    const groups = sortGroups([group(['a'], -18.33), group(['a', 'b'], -40)].map(normalizeGroup));
    render(
      <MemoryRouter>
        <RecommendationsView groups={groups} loading={false} hasEntries />
      </MemoryRouter>,
    );
    const [first] = screen.getAllByTestId('combination') as HTMLElement[];
    const amount = within(first as HTMLElement).getByTestId('combination-savings');
    expect(amount.textContent).toBe('-₹18.33/month');
    expect(amount.className).toContain('text-red-700');
    expect(amount.className).not.toContain('emerald');
    expect(within(first as HTMLElement).getByText('Lowest cost')).toBeTruthy();
    expect(within(first as HTMLElement).queryByText('Best match')).toBeNull();
    expect(
      within(first as HTMLElement).getByText('The fees outweigh the rewards on this spending.'),
    ).toBeTruthy();
    expect(first?.getAttribute('aria-label')).toBe('Best: Single Card, costs ₹18.33 a month');
  });

  it('has the empty texts of spec §2', () => {
    const { rerender } = render(<RecommendationsView groups={null} loading={false} hasEntries={false} />);
    expect(screen.getByText('Add spending details')).toBeTruthy();
    rerender(<RecommendationsView groups={[]} loading={false} hasEntries />);
    expect(
      screen.getByText(
        'No recommendations available. Add more spending details to get personalized recommendations.',
      ),
    ).toBeTruthy();
    rerender(<RecommendationsView groups={[]} loading hasEntries />);
    expect(screen.getByText('Updating recommendations...')).toBeTruthy();
  });

  it('asks for an amount, instead of a ₹0 "best match", when every entry is ₹0', () => {
    render(<RecommendationsView groups={null} loading={false} hasEntries hasAmounts={false} />);
    expect(screen.getByText('Add an amount')).toBeTruthy();
    expect(screen.queryByText('Best match')).toBeNull();
  });

  it('does not ask for more spending when the cards to compare are what leaves nothing to recommend', () => {
    render(<RecommendationsView groups={[]} loading={false} hasEntries comparing />);
    expect(screen.getByText(/None of the cards you chose to compare is offered here/)).toBeTruthy();
    expect(screen.queryByText(/Add more spending details/)).toBeNull();
  });

  it('shows what the server changed in the card choices as a calm note, beside no groups too, never over a failure', () => {
    const held =
      'Swiggy HDFC Bank Credit Card is on your account as a card you hold, so it counts as owned and was left out of the cards to compare.';
    const { rerender } = render(
      <MemoryRouter>
        <RecommendationsView groups={[]} loading={false} hasEntries comparing warnings={[held, held]} />
      </MemoryRouter>,
    );
    const note = screen.getByRole('list', { name: WARNINGS_HEADING });
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([held]);
    expect(screen.getByTestId('reco-warnings-region').getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <MemoryRouter>
        <RecommendationsView groups={null} loading={false} hasEntries error="Failed" warnings={[held]} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(held)).toBeNull();
    rerender(
      <MemoryRouter>
        <RecommendationsView groups={[]} loading={false} hasEntries={false} warnings={[held]} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(held)).toBeNull();
  });
});

describe("the answer's warnings on the page", () => {
  const answer = (warnings: unknown) =>
    new Response(JSON.stringify({ spend_level_winners: [group(['a'], 12)], warnings }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  const body: RecommendBody = {
    spending: [spendingEntryFixture('e0', 1000)],
    preferences: { ...DEFAULT_PREFERENCES, compareCards: ['hdfc_swiggy'] },
  };
  function Page() {
    const state = useRecommendations(body);
    return (
      <RecommendationsView
        groups={state.groups}
        loading={state.loading}
        error={state.error}
        hasEntries
        warnings={state.warnings}
      />
    );
  }
  const show = async (warnings: unknown) => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(warnings)),
    );
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(screen.getAllByTestId('combination')).toHaveLength(1);
  };

  it('lists each warning once under its heading, in a live region screen readers hear', async () => {
    const held =
      'Swiggy HDFC Bank Credit Card is on your account as a card you hold, so it counts as owned and was left out of the cards to compare.';
    const none = 'No card is left to compare, so every card is considered.';
    await show([held, none, held, '  ']);
    const status = screen.getByTestId('reco-warnings-region');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(within(status).getByRole('heading', { name: WARNINGS_HEADING })).toBeTruthy();
    const list = within(status).getByRole('list', { name: WARNINGS_HEADING });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([held, none]);
  });

  it('shows no note when the answer has no warnings, or none that can be read', async () => {
    await show([]);
    expect(screen.queryByTestId('reco-warnings')).toBeNull();
    expect(screen.queryByRole('heading', { name: WARNINGS_HEADING })).toBeNull();
    expect(screen.getByTestId('reco-warnings-region').textContent).toBe('');
    cleanup();
    await show('not a list');
    expect(screen.queryByTestId('reco-warnings')).toBeNull();
  });

  it('reads warnings trimmed, without blanks, each once', () => {
    expect(distinctWarnings([' a ', 'a', '', 'b'])).toEqual(['a', 'b']);
    expect(distinctWarnings(undefined)).toEqual([]);
  });
});

describe('useRecommendations (spec §4: 300 ms, newest wins)', () => {
  const entry = spendingEntryFixture;
  const body = (amounts: number[]): RecommendBody => ({
    spending: amounts.map((a, i) => entry(`e${i}`, a)),
    preferences: DEFAULT_PREFERENCES,
  });

  it('waits 300 ms, sends only the latest change, and clears with no entries', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const sent = JSON.parse(String(init.body)) as RecommendBody;
      const total = sent.spending.reduce((s, e) => s + e.amount, 0);
      return new Response(
        JSON.stringify({ spend_level_winners: [group(['a'], total / 100)], warnings: [] }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    let state: ReturnType<typeof useRecommendations> | undefined;
    const renders: ReturnType<typeof useRecommendations>[] = [];
    function Probe({ b }: { b: RecommendBody }) {
      state = useRecommendations(b);
      renders.push(state);
      return null;
    }
    const { rerender } = render(<Probe b={body([1000])} />);
    expect(state?.loading).toBe(true);
    await act(async () => vi.advanceTimersByTime(RECOMMEND_DELAY_MS - 50));
    rerender(<Probe b={body([1000, 2000])} />);
    await act(async () => vi.advanceTimersByTime(RECOMMEND_DELAY_MS - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(state?.loading).toBe(false);
    expect(state?.groups?.[0]?.group_savings).toBe(30);

    // The render that shows a change already says "loading": no frame shows the old
    // answer as if it were the answer to the new entries.
    const from = renders.length;
    rerender(<Probe b={body([1000, 2000, 500])} />);
    expect(renders[from]).toMatchObject({ groups: state?.groups, notice: null, loading: true, error: null });
    expect(state?.loading).toBe(true);
    expect(state?.groups?.[0]?.group_savings).toBe(30);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(state?.loading).toBe(false);
    expect(state?.groups?.[0]?.group_savings).toBe(35);

    rerender(<Probe b={body([])} />);
    expect(state).toMatchObject({ groups: null, notice: null, loading: false, error: null });
    // Entries of ₹0 alone: nothing to ask the server (the view asks for an amount).
    const asked = fetchMock.mock.calls.length;
    rerender(<Probe b={body([0, 0])} />);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(state).toMatchObject({ groups: null, loading: false, error: null });
    expect(fetchMock).toHaveBeenCalledTimes(asked);
  });

  it("says why a request failed instead of 'add more spending', and tries again on request", async () => {
    vi.useFakeTimers();
    let fail = true;
    const fetchMock = vi.fn(async () =>
      fail
        ? new Response(
            JSON.stringify({ detail: 'spending[0].amount: Amount must be at most ₹1,00,00,00,000.' }),
            {
              status: 400,
              headers: { 'Content-Type': 'application/json' },
            },
          )
        : new Response(JSON.stringify({ spend_level_winners: [group(['a'], 12)] }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    let state: ReturnType<typeof useRecommendations> | undefined;
    function Probe() {
      state = useRecommendations(body([1000]));
      return (
        <RecommendationsView
          groups={state.groups}
          loading={state.loading}
          error={state.error}
          onRetry={state.retry}
          hasEntries
        />
      );
    }
    render(
      <MemoryRouter>
        <Probe />
      </MemoryRouter>,
    );
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(state?.error).toBe('spending[0].amount: Amount must be at most ₹1,00,00,00,000.');
    expect(screen.getByRole('alert').textContent).toBe(state?.error);
    expect(screen.queryByText(/Add more spending details/)).toBeNull();

    fail = false;
    await act(async () => {
      screen.getByRole('button', { name: 'Try again' }).click();
      await vi.runAllTimersAsync();
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(state?.error).toBeNull();
    expect(state?.groups?.[0]?.group_savings).toBe(12);
    vi.useRealTimers();
  });
});

describe('the fee line of a card the user holds', () => {
  it('says its fee is not counted instead of ₹0 beside a ₹999 annual fee', () => {
    const outcome = (card_id: string, owned: boolean, fee_cost: number) => ({
      card_id,
      owned,
      monthly_spend: 5000,
      rewards: 250,
      milestone_bonus: 0,
      fee_cost,
      fee_waived: false,
      caps_reached: [],
      caps_reached_notes: [],
      milestones_reached: [],
    });
    const g = normalizeGroup({
      ...group(['held', 'new'], 400),
      n: 1,
      cards: [
        { ...winner('held'), fee: 999, fee_frequency: 'YEARLY', owned: true },
        { ...winner('new'), fee: 500, fee_frequency: 'YEARLY', owned: false },
      ],
      // What the engine sends for a held card: its fee is sunk, so 0 and not waived.
      card_outcomes: [outcome('held', true, 0), outcome('new', false, 49.17)],
    });
    render(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    const lines = screen
      .getAllByText('Fee a month (with GST)')
      .map((dt) => dt.nextElementSibling?.textContent);
    expect(lines).toHaveLength(2);
    expect(lines).toContain('Not counted (you hold it)');
    expect(lines).toContain('₹49.17');
    expect(lines).not.toContain('₹0');
  });

  it('shows a new card’s joining fee, paid once and outside the monthly figure, and none for a held card', () => {
    const g = normalizeGroup({
      ...group(['held', 'new', 'free', 'once'], 400),
      n: 3,
      cards: [
        { ...winner('held'), joining_fee: 999, owned: true },
        { ...winner('new'), joining_fee: 2999, owned: false },
        { ...winner('free'), joining_fee: 0, owned: false },
        // A one-time fee that is the joining fee itself: said once, on the fee line.
        { ...winner('once'), fee: 9999, fee_frequency: 'ONE_TIME', joining_fee: 9999, owned: false },
      ],
    });
    render(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    const lines = screen.getAllByText('Joining fee (once)').map((dt) => dt.nextElementSibling?.textContent);
    expect(lines).toEqual(['₹2,999 + GST', 'None']);
  });

  it('gives the spend a year that waived a fee, as the milestone chips give theirs', () => {
    const g = normalizeGroup({
      ...group(['w'], 400),
      n: 1,
      cards: [{ ...winner('w'), fee: 500, fee_frequency: 'YEARLY', fee_waiver_annual_spend: 200000 }],
      card_outcomes: [
        {
          card_id: 'w',
          owned: false,
          monthly_spend: 20000,
          rewards: 400,
          milestone_bonus: 0,
          fee_cost: 0,
          fee_waived: true,
          caps_reached: [],
          caps_reached_notes: [],
          milestones_reached: [],
        },
      ],
    });
    render(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    screen.getByText('Fee waived: ₹2,00,000 spend a year reached');
  });
});

describe('fewer cards than asked for', () => {
  const view = (ns: number[], asked: number, o: { comparing?: boolean; notice?: string } = {}) => {
    const groups = ns.map((n) => normalizeGroup({ ...group(['a', 'b', 'c'].slice(0, n), 100 * n), n }));
    render(
      <MemoryRouter>
        <RecommendationsView
          groups={groups}
          loading={false}
          hasEntries
          asked={asked}
          comparing={o.comparing}
          notice={o.notice ?? null}
        />
      </MemoryRouter>,
    );
  };

  it('says why when the largest combination is smaller than the count asked for', () => {
    view([1], 3, { comparing: true });
    expect(screen.getByTestId('fewer-cards-note').textContent).toBe(
      'You asked for up to 3 new cards, but only 1 card of those you chose to compare can be recommended here, so no combination holds more new cards than that.',
    );
    cleanup();
    view([1, 2], 5);
    expect(screen.getByTestId('fewer-cards-note').textContent).toBe(
      'You asked for up to 5 new cards, but only 2 cards can be recommended here (the rest are excluded or already yours), so no combination holds more new cards than that.',
    );
  });

  it('says nothing when every count asked for is there, or the deadline notice says why', () => {
    view([1, 2, 3], 3);
    expect(screen.queryByTestId('fewer-cards-note')).toBeNull();
    cleanup();
    view([1, 2], 3, { notice: 'The larger combinations could not be checked in time.' });
    expect(screen.queryByTestId('fewer-cards-note')).toBeNull();
  });
});

describe('the coverage a combination prints', () => {
  // ₹50,000 on Amazon earns, ₹150 of fuel does not: 99.7% (and the engine's two decimals say 100
  // for ₹3 of fuel beside ₹1,00,000).
  const partly = (coverage: number, earning: number, unearned: number) =>
    normalizeGroup({
      ...group(['a'], 100, coverage),
      group_details: [
        { entry_id: 'e0', spend_label: 'Amazon', amount: earning, winning_cards: [winner('a')] },
        { entry_id: 'e1', spend_label: 'Fuel', amount: unearned, winning_cards: [] },
      ],
    });
  const printed = (g: ReturnType<typeof normalizeGroup>) => {
    render(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    const text = screen.getByText(/^Covers \d+% of your spending$/).textContent;
    cleanup();
    return text;
  };

  it('never says 100% beside a spend no card earns on, nor 0% beside one that earns', () => {
    expect(printed(partly(99.7, 50_000, 150))).toBe('Covers 99% of your spending');
    expect(printed(partly(100, 100_000, 3))).toBe('Covers 99% of your spending');
    expect(printed(partly(0.3, 150, 50_000))).toBe('Covers 1% of your spending');
  });

  it('keeps plain rounding elsewhere, and 100% when every spend earns', () => {
    expect(printed(partly(62.5, 625, 375))).toBe('Covers 63% of your spending');
    expect(printed(normalizeGroup(group(['a'], 100, 100)))).toBe('Covers 100% of your spending');
    expect(printed(normalizeGroup(group(['a'], 100)))).toBe('Covers 100% of your spending');
  });
});

describe('a visitor who is not signed in', () => {
  it('is told the answer is one card, and how to get combinations; a signed-in user is not', () => {
    const g = normalizeGroup({ ...group(['a'], 10), cards: [{ ...winner('a'), owned: false }] });
    const { rerender } = render(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries signedOut />
      </MemoryRouter>,
    );
    const note = screen.getByTestId('signed-out-single-card');
    expect(note.textContent).toBe(
      'This is the best single card for you. Sign in to find the best 2 to 10 cards to hold together.',
    );
    expect(within(note).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    rerender(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('signed-out-single-card')).toBeNull();
    // Nor over no card at all: no answer yet, none to give, or a failure.
    for (const props of [
      { groups: null, loading: true },
      { groups: [], loading: false },
      { groups: [g], loading: false, error: 'Recommendations unavailable' },
    ]) {
      rerender(
        <MemoryRouter>
          <RecommendationsView hasEntries signedOut {...props} />
        </MemoryRouter>,
      );
      expect(screen.queryByTestId('signed-out-single-card')).toBeNull();
    }
  });
});

describe('applying from a combination', () => {
  it('links a new card of a bank with the in-product journey to its application; not a held card, another bank, or one by invitation', () => {
    const bankOf = (id: string, bank: string, bank_name: string, extra = {}) => ({
      ...winner(id),
      bank,
      bank_name,
      owned: false,
      ...extra,
    });
    const g = normalizeGroup({
      ...group(['own', 'a', 'b', 'inv'], 300),
      cards: [
        { ...bankOf('own', 'hdfc', 'HDFC Bank'), owned: true },
        bankOf('a', 'hdfc', 'HDFC Bank'),
        bankOf('b', 'axis', 'Axis Bank'),
        bankOf('inv', 'hdfc', 'HDFC Bank', { by_invitation: true }),
      ],
    });
    render(
      <MemoryRouter initialEntries={['/?from=here']}>
        <Providers>
          <RecommendationsView groups={[g]} loading={false} hasEntries />
        </Providers>
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link', { name: /^Apply for .* with Cardwise$/ });
    expect(links.map((l) => [l.getAttribute('aria-label'), l.getAttribute('href')])).toEqual([
      ['Apply for a card with Cardwise', '/cards/apply/hdfc/a'],
    ]);
    // Every other new card leads on to its page (its facts and its own Apply Now); a held one does not.
    const views = screen.getAllByRole('link', { name: /^View card: / });
    expect(views.map((l) => l.getAttribute('href'))).toEqual(['/card/b', '/card/inv']);
  });

  it('has no apply link outside a tenant', () => {
    render(
      <MemoryRouter>
        <RecommendationsView
          groups={[
            normalizeGroup({
              ...group(['a'], 10),
              cards: [{ ...winner('a'), bank: 'hdfc', bank_name: 'HDFC Bank', owned: false }],
            }),
          ]}
          loading={false}
          hasEntries
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: /^Apply for/ })).toBeNull();
  });
});

describe('spend a card pays on but its full cap leaves earning nothing', () => {
  const shown = (details: object[]) => {
    render(
      <MemoryRouter>
        <RecommendationsView
          groups={[normalizeGroup({ ...group(['a', 'b'], 100), group_details: details })]}
          loading={false}
          hasEntries
        />
      </MemoryRouter>,
    );
    const notes = screen.queryAllByTestId('capped-note').map((n) => n.textContent);
    const none = screen.queryAllByText('No card in this combination earns here.').length;
    cleanup();
    return { notes, none };
  };

  it('names the card whose cap is used up instead of saying no card earns there', () => {
    expect(
      shown([{ entry_id: 'e1', spend_label: 'Flipkart', amount: 900, winning_cards: [], capped_by: ['a'] }]),
    ).toEqual({
      notes: ['a card pays on this, but its reward cap is used up by your other spending.'],
      none: 0,
    });
    expect(
      shown([
        { entry_id: 'e1', spend_label: 'Flipkart', amount: 900, winning_cards: [], capped_by: ['a', 'b'] },
      ]).notes,
    ).toEqual(['a card and b card pay on this, but their reward caps are used up by your other spending.']);
  });

  it('says what part of a spend is past the cap, and keeps the plain line where no card pays', () => {
    expect(
      shown([
        {
          entry_id: 'e0',
          spend_label: 'Amazon',
          amount: 3000,
          winning_cards: [winner('a')],
          capped_by: ['a'],
        },
        { entry_id: 'e1', spend_label: 'Fuel', amount: 500, winning_cards: [] },
      ]),
    ).toEqual({ notes: ["The other ₹2,000 earns nothing: a card's reward cap is reached."], none: 1 });
    // A card holding part of a spend at nothing for its waiver is capped too, with nothing left over
    // but the paise its lines were rounded to: there is no "other ₹0.01" to speak of.
    const held = { ...winner('a'), amount_used: 999.99 };
    expect(
      shown([
        { entry_id: 'e0', spend_label: 'Amazon', amount: 1000, winning_cards: [held], capped_by: ['a'] },
      ]),
    ).toEqual({ notes: [], none: 0 });
  });

  it("says the engine's exact leftover, even under a rupee; without it, the old reading of rounded lines", () => {
    const capped = { entry_id: 'e0', spend_label: 'Amazon', amount: 1000.4, winning_cards: [winner('a')] };
    // 40 paise the engine placed nowhere: a leftover, not rounding, so it is said.
    expect(shown([{ ...capped, capped_by: ['a'], unplaced_amount: 0.4 }]).notes).toEqual([
      "The other ₹0.40 earns nothing: a card's reward cap is reached.",
    ]);
    // An older server's answer: amount less the rounded lines, and under a rupee taken for rounding.
    expect(shown([{ ...capped, capped_by: ['a'] }]).notes).toEqual([]);
    expect(shown([{ ...capped, amount: 3000, capped_by: ['a'] }]).notes).toEqual([
      "The other ₹2,000 earns nothing: a card's reward cap is reached.",
    ]);
    // The exact figure wins over the difference of the lines, and an exact 0 says nothing.
    expect(shown([{ ...capped, amount: 3000, capped_by: ['a'], unplaced_amount: 1999.99 }]).notes).toEqual([
      "The other ₹1,999.99 earns nothing: a card's reward cap is reached.",
    ]);
    expect(shown([{ ...capped, amount: 3000, capped_by: ['a'], unplaced_amount: 0 }]).notes).toEqual([]);
  });

  it('a spend with no category chosen says why a cap stops it and how to get the exact figure', () => {
    const open = {
      entry_id: 'e0',
      spend_label: 'Amazon.in',
      amount: 8000,
      capped_by: ['a'],
      category_open: true,
    };
    const why =
      ' With no category chosen, this spend counts against the cap of every category it could be: choose one for an exact answer.';
    expect(shown([{ ...open, winning_cards: [winner('a')], unplaced_amount: 7000 }]).notes).toEqual([
      `The other ₹7,000 earns nothing: a card's reward cap is reached.${why}`,
    ]);
    expect(shown([{ ...open, winning_cards: [] }]).notes).toEqual([
      `a card pays on this, but its reward cap is used up by your other spending.${why}`,
    ]);
    // Said once: the card's own line (part held at nothing for its fee waiver) says it already,
    // which the server flags; the reasons' wording is not what decides.
    const held = {
      ...winner('a'),
      cashback_amount: 0,
      reasons: ['Earns nothing here: its reward cap is used up, …'],
      open_category_capped: true as const,
    };
    expect(shown([{ ...open, winning_cards: [held], unplaced_amount: 1333.33 }]).notes).toEqual([
      "The other ₹1,333.33 earns nothing: a card's reward cap is reached.",
    ]);
  });
});

describe('cappedNote', () => {
  it("names a card's one reached cap: '1.5% unlimited' beside 'cap reached' read as a contradiction", () => {
    const [detail] = normalizeGroup({
      ...group(['live'], 100),
      group_details: [
        {
          entry_id: 'e0',
          spend_label: 'Amazon.in',
          amount: 5000,
          winning_cards: [{ ...winner('live'), amount_used: 3333.33 }],
          capped_by: ['live'],
          unplaced_amount: 1666.67,
          category_open: true,
        },
      ],
    }).group_details;
    if (!detail) throw new Error('no detail');
    const cap = 'Dining, food delivery and grocery: ₹1,000 a billing cycle';
    expect(
      cappedNote(
        detail,
        () => 'HSBC Live+',
        () => cap,
      ),
    ).toBe(
      `The other ₹1,666.67 earns nothing: HSBC Live+'s reward cap (${cap}) is reached. With no category chosen, this spend counts against the cap of every category it could be: choose one for an exact answer.`,
    );
    expect(
      cappedNote(
        { ...detail, winning_cards: [] },
        () => 'HSBC Live+',
        () => cap,
      ),
    ).toBe(
      `HSBC Live+ pays on this, but its reward cap (${cap}) is used up by your other spending. With no category chosen, this spend counts against the cap of every category it could be: choose one for an exact answer.`,
    );
    // Several reached caps (no single one to name), or several cards: the plain words.
    expect(
      cappedNote(
        detail,
        () => 'HSBC Live+',
        () => undefined,
      ),
    ).toContain("HSBC Live+'s reward cap is reached.");
    expect(
      cappedNote(
        { ...detail, winning_cards: [], capped_by: ['a', 'b'] },
        (id) => id,
        () => cap,
      ),
    ).toContain('a and b pay on this, but their reward caps are used up');
  });
});

describe('a card that earns nothing in its combination', () => {
  const outcome = (card_id: string, rewards: number, caps: [string, string][] = []) => ({
    card_id,
    owned: false,
    monthly_spend: rewards ? 1000 : 0,
    rewards,
    milestone_bonus: 0,
    fee_cost: 0,
    fee_waived: false,
    caps_reached: caps.map(([id]) => id),
    caps_reached_notes: caps.map(([, note]) => note),
    milestones_reached: [],
  });

  it('says it only makes up the number of cards asked for, with its joining fee; caps read in words', () => {
    const g = normalizeGroup({
      ...group(['a', 'b'], 50),
      cards: [
        { ...winner('a'), owned: false },
        { ...winner('b'), joining_fee: 9999, owned: false },
      ],
      card_outcomes: [outcome('a', 50, [['swiggy', 'Swiggy: ₹1,500 a month']]), outcome('b', 0)],
    });
    render(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    const notes = screen.getAllByTestId('adds-nothing');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.textContent).toContain("is here only to make up this combination's 2 new cards");
    expect(notes[0]?.textContent).toContain('joining fee of ₹9,999');
    expect(screen.getByText('Cap reached: Swiggy: ₹1,500 a month')).toBeTruthy();
  });

  it('does not ask a single card that earns nothing to be fewer cards', () => {
    const g = normalizeGroup({
      ...group(['b'], 0),
      cards: [{ ...winner('b'), owned: false }],
      card_outcomes: [outcome('b', 0)],
    });
    const { rerender } = render(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries comparing />
      </MemoryRouter>,
    );
    const note = () => screen.getByTestId('adds-nothing').textContent ?? '';
    expect(note()).toBe('Adds nothing at your spending: none of the cards you chose to compare earns on it.');
    rerender(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    expect(note()).toBe('Adds nothing at your spending: no card on offer here earns on it.');
    expect(addsNothingText(1, false, true, 500)).toBe(
      'Adds nothing at your spending: the cards you hold already earn everything it could, and it has a joining fee of ₹500.',
    );
  });

  it("says a milestone is a year's spend on the card", () => {
    const g = normalizeGroup({
      ...group(['a'], 600),
      card_outcomes: [{ ...outcome('a', 80), milestone_bonus: 625, milestones_reached: [50000, 100000] }],
    });
    render(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    expect(screen.getByText('Milestone reached: ₹1,00,000 spend a year')).toBeTruthy();
    expect(screen.getByText('Milestone reached: ₹50,000 spend a year')).toBeTruthy();
    // The amount is the month's share, as the rewards and fee lines beside it are.
    const label = screen.getByText('Milestone bonus a month');
    expect(label.nextElementSibling?.textContent).toBe('₹625');
    // An older server's answer names no milestone: nothing more is said.
    expect(screen.queryByTestId('milestone-notes')).toBeNull();
  });

  it('says what a reached milestone gives, a voucher of one brand included', () => {
    const g = normalizeGroup({
      ...group(['a'], 600),
      card_outcomes: [
        {
          ...outcome('a', 80),
          milestone_bonus: 1666.67,
          milestones_reached: [190000, 400000],
          milestones_reached_notes: [
            '15,000 bonus MR points at ₹1,90,000 a year',
            'Another 25,000 MR points plus a ₹10,000 Taj/SeleQtions/Vivanta voucher at ₹4,00,000 a year',
          ],
        },
      ],
    });
    render(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('milestone-notes').textContent).toBe(
      'Milestone bonus counted: 15,000 bonus MR points at ₹1,90,000 a year. Another 25,000 MR points plus a ₹10,000 Taj/SeleQtions/Vivanta voucher at ₹4,00,000 a year.',
    );
  });

  it('says what the new cards add to the cards the user holds', () => {
    const base = group(['own', 'a'], 1831.77);
    const g = normalizeGroup({
      ...base,
      cards: [
        { ...winner('own'), owned: true },
        { ...winner('a'), owned: false },
      ],
    });
    const alone = normalizeGroup(group(['a'], 500));
    render(
      <MemoryRouter>
        <RecommendationsView groups={[g, alone]} loading={false} hasEntries ownedSavings={1030} />
      </MemoryRouter>,
    );
    const added = screen.getAllByTestId('added-to-owned');
    // Only the group that holds an owned card says it.
    expect(added).toHaveLength(1);
    expect(added[0]?.textContent).toBe('₹801.77 a month more than your cards alone (₹1,030)');
    // A compared card that adds nothing but its fee, and one that adds nothing at all.
    expect(addedText(450.83, 500)).toBe('₹49.17 a month less than your cards alone (₹500)');
    expect(addedText(500, 500)).toBe(
      'The same as your cards alone (₹500): the new card adds nothing at your spending',
    );
    expect(addedText(500, 500, 2)).toBe(
      'The same as your cards alone (₹500): the new cards add nothing at your spending',
    );
  });

  it('says what the title counts when cards held are in it, and a best match that adds nothing to them is not one', () => {
    const withHeld = (savings: number) =>
      normalizeGroup({
        ...group(['own', 'a'], savings),
        n: 1,
        cards: [
          { ...winner('own'), owned: true },
          { ...winner('a'), owned: false },
        ],
      });
    const { rerender } = render(
      <MemoryRouter>
        <RecommendationsView groups={[withHeld(1170)]} loading={false} hasEntries ownedSavings={1170} />
      </MemoryRouter>,
    );
    const first = screen.getAllByTestId('combination')[0] as HTMLElement;
    expect(within(first).getByRole('heading', { name: '2 Card Combination' })).toBeTruthy();
    expect(within(first).getByTestId('new-and-held').textContent).toBe('1 new card and 1 you hold');
    expect(within(first).queryByText('Best match')).toBeNull();
    expect(within(first).getByText('Nothing to add to your cards')).toBeTruthy();
    rerender(
      <MemoryRouter>
        <RecommendationsView groups={[withHeld(1300)]} loading={false} hasEntries ownedSavings={1170} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Best match')).toBeTruthy();
    expect(newAndHeld(2, 1)).toBe('2 new cards and 1 you hold');
    // A larger one that adds nothing to the cards held says that, not also that it adds nothing to the smaller.
    const twoNew = normalizeGroup({
      ...group(['own', 'a', 'b'], 1170),
      n: 2,
      cards: [
        { ...winner('own'), owned: true },
        ...['a', 'b'].map((id) => ({ ...winner(id), owned: false })),
      ],
    });
    rerender(
      <MemoryRouter>
        <RecommendationsView
          groups={[withHeld(1170), twoNew]}
          loading={false}
          hasEntries
          ownedSavings={1170}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('no-gain')).toBeNull();
    expect(screen.getAllByTestId('added-to-owned')[1]?.textContent).toBe(
      'The same as your cards alone (₹1,170): the new cards add nothing at your spending',
    );
  });

  it('says when a combination saves no more than one with fewer new cards above it', () => {
    const groups = [
      group(['a', 'b', 'c'], 1730.1),
      group(['a', 'b', 'c', 'd'], 1730.1),
      group(['a'], 900),
    ].map(normalizeGroup);
    const [three, four, one] = groups as [ComboGroup, ComboGroup, ComboGroup];
    expect(noGainNote(four, groups)).toBe(
      'Saves no more than the 3 Card Combination above, with 3 new cards: the extra card adds nothing at your spending.',
    );
    const five = normalizeGroup(group(['a', 'b', 'c', 'd', 'e'], 1730.09));
    expect(noGainNote(five, [...groups, five])).toBe(
      'Saves no more than the 3 Card Combination above, with 3 new cards: the 2 extra cards add nothing at your spending.',
    );
    // More by a paisa is more; the smallest combination has nothing smaller to match.
    expect(noGainNote(normalizeGroup(group(['a', 'b', 'c', 'd'], 1730.11)), groups)).toBeNull();
    expect(noGainNote(one, groups)).toBeNull();
    expect(noGainNote(three, groups)).toBeNull();
    render(
      <MemoryRouter>
        <RecommendationsView groups={groups} loading={false} hasEntries />
      </MemoryRouter>,
    );
    const notes = screen.getAllByTestId('no-gain');
    expect(notes).toHaveLength(1);
    expect(screen.getByTestId('chart-no-gain').textContent).toBe(
      'One combination saves no more than one with fewer new cards (the paler bar): the extra cards add nothing at your spending.',
    );
    expect(notes[0]?.closest('[data-testid="combination"]')?.getAttribute('data-cards')).toBe('a,b,c,d');
  });

  it('says under the savings when part of them counts spends with no category chosen that a card may pay nothing on', () => {
    const base = group(['a', 'b'], 500);
    const flagged = (flags: boolean[]) =>
      normalizeGroup({
        ...base,
        group_details: base.group_details.map((d, i) => ({
          ...d,
          winning_cards: d.winning_cards.map((w) => ({
            ...w,
            cashback_amount: 100,
            ...(flags[i] ? { depends_on_category: true } : {}),
          })),
        })),
      });
    expect(dependsOnCategoryNote(flagged([true, false]))).toBe(
      'Could be less, and other cards might then do better: it counts a spend with no category chosen as earning, which a card here pays nothing on in some categories. Choose its category for an exact figure.',
    );
    expect(dependsOnCategoryNote(flagged([true, true]))).toContain(
      'it counts 2 spends with no category chosen',
    );
    expect(dependsOnCategoryNote(flagged([false, false]))).toBeNull();
    render(
      <MemoryRouter>
        <RecommendationsView groups={[flagged([true, false])]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('depends-on-category').textContent).toContain('Could be less');
  });

  it('says on a card, and under the savings, when the figure rests on facts the catalogue could not confirm', () => {
    const base = group(['a', 'b', 'c'], 500);
    const marked = (facts: Record<string, unknown>) =>
      normalizeGroup({
        ...base,
        cards: base.cards.map((c) => (facts[c.card_id] ? { ...c, unconfirmed: facts[c.card_id] } : c)),
      });
    expect(unconfirmedText(['fee_waiver_annual_spend', 'rules'])).toBe(
      'Not confirmed: its fee waiver and reward rates.',
    );
    expect(unconfirmedText(['annual_fee', 'fee_waiver_annual_spend', 'rules'])).toBe(
      'Not confirmed: its fee, fee waiver and reward rates.',
    );
    expect(unconfirmedText([])).toBeNull();
    // Read leniently: a fact this web app does not know is left out, not shown as "undefined".
    const g = marked({ a: ['annual_fee', 'rules'], b: ['lounge_access'] });
    expect(g.cards.map((c) => c.unconfirmed)).toEqual([['annual_fee', 'rules'], undefined, undefined]);
    expect(unconfirmedNote(g)).toBe('Rests on facts we could not confirm for 1 card.');
    expect(unconfirmedNote(marked({ a: ['rules'], c: ['cap_groups'] }))).toBe(
      'Rests on facts we could not confirm for 2 cards.',
    );
    render(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('unconfirmed-note').textContent).toBe(
      'Rests on facts we could not confirm for 1 card.',
    );
    const line = screen.getByTestId('unconfirmed');
    expect(line.textContent).toBe("Not confirmed: its fee and reward rates. See the card's page.");
    expect(within(line).getByRole('link', { name: "See the card's page: a card" }).getAttribute('href')).toBe(
      '/card/a',
    );
    cleanup();
    // Nothing uncertain: nothing said.
    render(
      <MemoryRouter>
        <RecommendationsView groups={[normalizeGroup(base)]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('unconfirmed-note')).toBeNull();
    expect(screen.queryByTestId('unconfirmed')).toBeNull();
  });

  it('says once, on the card, how much of its one-platform points the figure counts (ADR 029)', () => {
    const base = group(['a', 'b'], 500);
    const note = 'Points are worth ₹1 only on IRCTC bookings: counted up to your ₹200 a month there';
    const g = normalizeGroup({
      ...base,
      cards: base.cards.map((c) =>
        c.card_id === 'a' ? { ...c, points_note: note } : { ...c, points_note: null },
      ),
    });
    expect(g.cards.map((c) => c.points_note)).toEqual([note, undefined]);
    render(
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('points-note').map((p) => p.textContent)).toEqual([`${note}.`]);
  });

  it('says how much to keep on a card whose waiver or milestone the plan reaches with little to spare', () => {
    const o = { monthly_spend: 100000 / 12, milestones_reached: [100000], fee_waived: false, owned: false };
    expect(thinMarginNote(o, null)).toBe(
      'Keep at least ₹8,334 a month on this card: its milestone bonus needs ₹1,00,000 a year, and this plan reaches it with little to spare.',
    );
    expect(
      thinMarginNote({ ...o, monthly_spend: 50000 / 12, milestones_reached: [], fee_waived: true }, 50000),
    ).toBe(
      'Keep at least ₹4,167 a month on this card: its fee waiver needs ₹50,000 a year, and this plan reaches it with little to spare.',
    );
    expect(thinMarginNote({ ...o, fee_waived: true }, 100000)).toContain(
      'its fee waiver and milestone bonus needs',
    );
    // Room to spare (3% over), a held card's waiver (its fee is not counted), nothing reached.
    expect(thinMarginNote({ ...o, monthly_spend: 103000 / 12 }, null)).toBeNull();
    expect(
      thinMarginNote({ ...o, milestones_reached: [], fee_waived: true, owned: true }, 100000),
    ).toBeNull();
    expect(thinMarginNote({ ...o, milestones_reached: [] }, null)).toBeNull();
  });

  it('warns when spend made a few times a year passes a monthly cap in the month it lands', () => {
    // e0 earns ₹10 a month on card a under a ₹100 cap; e1 earns ₹10 on card b, uncapped.
    const base = group(['a', 'b'], 20);
    const g = normalizeGroup({
      ...base,
      group_details: base.group_details.map((d, i) => ({
        ...d,
        winning_cards: d.winning_cards.map((w) => ({ ...w, tightest_cap_inr: i === 0 ? 100 : null })),
      })),
    });
    const view = (lumpy: [string, number][]) => (
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={false} hasEntries lumpyEntries={new Map(lumpy)} />
      </MemoryRouter>
    );
    // Yearly: ₹120 lands in one month against the ₹100 cap.
    const { rerender } = render(view([['e0', 12]]));
    expect(screen.getByTestId('lumpy-note').textContent).toContain('will pay less than shown');
    // Quarterly: ₹30 in the month it lands, within the cap; yearly on the uncapped card; monthly.
    for (const lumpy of [[['e0', 3]], [['e1', 12]], [['e0', 1]]] as [string, number][][]) {
      rerender(view(lumpy));
      expect(screen.queryByTestId('lumpy-note'), JSON.stringify(lumpy)).toBeNull();
    }
  });
});

describe('the live region of the recommendations', () => {
  it('says the answer has come, and what it is, once an update has finished; not on the first drawing', () => {
    const g = normalizeGroup(group(['a'], 901.77));
    const view = (loading: boolean) => (
      <MemoryRouter>
        <RecommendationsView groups={[g]} loading={loading} hasEntries />
      </MemoryRouter>
    );
    const { rerender } = render(view(false));
    expect(screen.queryByTestId('reco-updated')).toBeNull();
    rerender(view(true));
    expect(screen.getByText('Updating recommendations...')).toBeTruthy();
    rerender(view(false));
    expect(screen.getByTestId('reco-updated').textContent).toBe(
      'Recommendations updated: the best combination saves ₹901.77 a month.',
    );
    expect(screen.getByTestId('reco-updated').closest('[aria-live]')).not.toBeNull();
  });
});

describe('an answer the server could not finish in time', () => {
  it("shows the proven groups with the server's notice above them", async () => {
    const detail =
      'Proving the best combination of 3 new cards took too long, so it is not shown; the combinations of up to 2 cards are proven best. Ask for 2 or fewer cards, or narrow the cards to compare.';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              spend_level_winners: [group(['a'], 40), group(['a', 'b'], 55)],
              warnings: [],
              incomplete: { proven_up_to: 2, requested: 3, detail },
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    const found = await fetchRecommendations({
      spending: [],
      preferences: { ...DEFAULT_PREFERENCES, desiredCardCount: 3 },
    });
    expect(found.notice).toBe(detail);
    expect(found.groups.map((g) => g.group_savings)).toEqual([55, 40]);
    render(
      <MemoryRouter>
        <RecommendationsView groups={found.groups} notice={found.notice} loading={false} hasEntries />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe(detail);
  });
});

describe('card preferences (spec §4, §5)', () => {
  const prefs = (p: Partial<Preferences> = {}): Preferences => ({ ...DEFAULT_PREFERENCES, ...p });

  it('moves a card from exclude to compare and back', () => {
    const a = toggleCard(prefs({ excludeCards: ['x', 'y'] }), 'compareCards', 'x');
    expect(a).toMatchObject({ compareCards: ['x'], excludeCards: ['y'] });
    const b = toggleCard(a, 'excludeCards', 'x');
    expect(b).toMatchObject({ compareCards: [], excludeCards: ['y', 'x'] });
    expect(toggleCard(b, 'excludeCards', 'x').excludeCards).toEqual(['y']);
  });

  it('disables a side when there are no cards, or when only the other side has choices', () => {
    expect(isSideDisabled(prefs(), 'compareCards', 0)).toBe(true);
    expect(isSideDisabled(prefs(), 'compareCards', 3)).toBe(false);
    expect(isSideDisabled(prefs({ excludeCards: ['x'] }), 'compareCards', 3)).toBe(true);
    expect(isSideDisabled(prefs({ excludeCards: ['x'] }), 'excludeCards', 3)).toBe(false);
    expect(isSideDisabled(prefs({ compareCards: ['y'] }), 'excludeCards', 3)).toBe(true);
    expect(isSideDisabled(prefs({ compareCards: ['y'], excludeCards: ['x'] }), 'excludeCards', 3)).toBe(
      false,
    );
    expect(disabledReason(prefs({ excludeCards: ['x'] }), 'compareCards', 'x')).toBe('Already excluded');
    expect(disabledReason(prefs({ excludeCards: ['x'] }), 'compareCards', 'z')).toBeUndefined();
  });

  it('clamps the desired count to 1..10; a non-number becomes 1', () => {
    expect(clampDesiredCardCount('abc')).toBe(1);
    expect(clampDesiredCardCount('')).toBe(1);
    expect(clampDesiredCardCount(0)).toBe(1);
    expect(clampDesiredCardCount(-4)).toBe(1);
    expect(clampDesiredCardCount('25')).toBe(10);
    expect(clampDesiredCardCount(3.7)).toBe(3);
    expect(clampDesiredCardCount(null)).toBe(1);
  });

  it('the count input clamps as typed and on blur', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<DesiredCount value={2} onChange={onChange} />);
    const input = screen.getByLabelText('How many new cards do you want?') as HTMLInputElement;
    expect(input.min).toBe('1');
    expect(input.max).toBe('10');
    fireEvent.change(input, { target: { value: '25' } });
    expect(onChange).toHaveBeenLastCalledWith(10);
    rerender(<DesiredCount value={10} onChange={onChange} />);
    expect(input.value).toBe('10');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('resets to the defaults when signed out', () => {
    expect(preferencesFor(false, prefs({ excludeCards: ['x'], desiredCardCount: 4 }))).toEqual(
      DEFAULT_PREFERENCES,
    );
    expect(preferencesFor(true, undefined)).toEqual(DEFAULT_PREFERENCES);
  });

  const cards = Array.from({ length: 7 }, (_, i) =>
    cardSummary({ id: `c${i}`, name: `Card ${i}`, bank_name: 'Bank' }),
  );
  // The user holds Card 3.
  const myCard = {
    id: 'o1',
    credit_card_details: cards[3] as (typeof cards)[number],
    card_id: 'c3',
    card_number_last4: '4321',
    expiry_date: null,
    joining_date: null,
    is_active: true,
    user: 'u1',
  };
  const alsoHeld = {
    ...myCard,
    id: 'o2',
    credit_card_details: cards[5] as (typeof cards)[number],
    card_id: 'c5',
  };
  const panelState = (p: Partial<PreferencesState> = {}): PreferencesState => ({
    signedIn: true,
    prefs: prefs(),
    loading: false,
    failed: false,
    retry: () => {},
    update: () => {},
    allCards: cards,
    allCardsLoading: false,
    allCardsFailed: false,
    myCards: [],
    myCardsLoading: false,
    savedWarnings: [],
    ...p,
  });

  /**
   * The panel over `initial`, drawn once: its updates are applied to a record that `saved()` reads,
   * as the hook would save them, without drawing the panel again.
   */
  const renderRecordingPanel = (initial: Preferences, p: Partial<PreferencesState> = {}) => {
    let current = initial;
    const update = vi.fn((change: (prev: Preferences) => Preferences) => {
      current = change(current);
    });
    render(
      <MemoryRouter>
        <PreferencesPanel state={panelState({ ...p, prefs: initial, update })} />
      </MemoryRouter>,
    );
    return { update, saved: () => current };
  };

  it('names a saved card this site no longer offers, never by its id, and still lets it be removed', async () => {
    const user = userEvent.setup();
    const { saved } = renderRecordingPanel(
      prefs({
        compareCards: ['c1', 'sbi_simplyclick', 'ghost'],
        excludeCards: [],
        unofferedCards: [
          { id: 'sbi_simplyclick', name: 'SimplyCLICK SBI Card', reason: 'retired' },
          { id: 'ghost', name: null, reason: 'unknown' },
        ],
      }),
    );
    const chips = within(screen.getByRole('list', { name: 'Comparing' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual([
      'Card 1',
      'SimplyCLICK SBI Card (no longer offered)',
      'A card no longer offered',
    ]);
    const panel = screen.getByTestId('preferences-panel');
    expect(panel.innerHTML).not.toMatch(/sbi_simplyclick|ghost/);
    // The select's spoken value names them too.
    expect(screen.getByLabelText('Cards to compare').textContent ?? '').not.toMatch(/sbi_simplyclick/);
    await user.click(
      screen.getByRole('button', { name: 'Remove SimplyCLICK SBI Card from cards to compare' }),
    );
    expect(saved().compareCards).toEqual(['c1', 'ghost']);
  });

  it('shows what the server changed in a save, politely, under its own heading', () => {
    const warning =
      'Card 3 is on your account as a card you hold, so it counts as owned and was left out of the cards to compare.';
    render(
      <MemoryRouter>
        <PreferencesPanel state={panelState({ savedWarnings: [warning] })} />
      </MemoryRouter>,
    );
    const region = screen.getByTestId('saved-warnings-region');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(within(region).getByRole('heading', { name: 'We adjusted what you saved' })).toBeTruthy();
    expect(within(region).getByRole('list', { name: 'We adjusted what you saved' }).textContent).toBe(
      warning,
    );
  });

  it('keeps the save warnings region empty, and so hidden, when a save changed nothing', () => {
    render(
      <MemoryRouter>
        <PreferencesPanel state={panelState()} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('saved-warnings-region').textContent).toBe('');
  });

  it('lists the other side’s choices as disabled, searches only above 5 options, and removes via tiles', async () => {
    const user = userEvent.setup();
    const { saved } = renderRecordingPanel(prefs({ compareCards: ['c1'], excludeCards: ['c2'] }));
    await user.click(screen.getByLabelText('Cards to compare'));
    expect(await screen.findByRole('combobox', { name: 'Search Cards to compare' })).toBeTruthy();
    const excluded = screen.getByRole('option', { name: /Card 2/ });
    expect(excluded.getAttribute('aria-disabled')).toBe('true');
    expect(excluded.textContent).toContain('Already excluded');
    await user.click(screen.getByRole('option', { name: /Card 4/ }));
    expect(saved().compareCards).toEqual(['c1', 'c4']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Remove Card 2 from cards to exclude' }));
    expect(saved().excludeCards).toEqual([]);
  });

  it('hands keyboard focus to the next chip, then to the select, as chips are removed', async () => {
    const user = userEvent.setup();
    function Stateful() {
      const [current, setCurrent] = useState(prefs({ compareCards: ['c1', 'c3'] }));
      return (
        <PreferencesPanel state={panelState({ prefs: current, update: (change) => setCurrent(change) })} />
      );
    }
    render(
      <MemoryRouter>
        <Stateful />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Remove Card 1 from cards to compare' }));
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove Card 3 from cards to compare'),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Card 3 from cards to compare' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Cards to compare')));
  });

  it('lists the cards the user holds as not choosable on either side, and leaves them out of the compare list sent', async () => {
    const user = userEvent.setup();
    const { update } = renderRecordingPanel(prefs(), { myCards: [myCard] });
    for (const label of ['Cards to compare', 'Cards to exclude']) {
      await user.click(screen.getByLabelText(label));
      const option = await screen.findByRole('option', { name: /Card 3/ });
      expect(option.getAttribute('aria-disabled')).toBe('true');
      expect(option.textContent).toContain('You have this card');
      await user.click(option);
      expect(update).not.toHaveBeenCalled();
      await user.keyboard('{Escape}');
    }
    // One saved before the card was added to the user's own: comparing it alone left no new card
    // to recommend ("none of the cards you chose to compare is offered here").
    expect(comparedNewCards(['c3', 'c5'], ['c3'])).toEqual(['c5']);
    expect(comparedNewCards(['c3'], ['c3'])).toEqual([]);
    expect(disabledReason(prefs({ compareCards: ['c3'] }), 'compareCards', 'c3', new Set(['c3']))).toBe(
      undefined,
    );
  });

  it("reads '(You have this card)' after a held card's name in the options and in a chip saved before", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <PreferencesPanel
          state={panelState({ prefs: prefs({ compareCards: ['c3', 'c1'] }), myCards: [myCard, alsoHeld] })}
        />
      </MemoryRouter>,
    );
    const chips = within(screen.getByRole('list', { name: 'Comparing' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Card 3 (You have this card)', 'Card 1']);
    await user.click(screen.getByLabelText('Cards to compare'));
    const held = await screen.findByRole('option', { name: /Card 5/ });
    expect(held.getAttribute('aria-disabled')).toBe('true');
    // Said once, with the name; not again in the line under it.
    expect(held.textContent?.startsWith('Card 5 (You have this card)')).toBe(true);
    expect(held.textContent?.split('You have this card')).toHaveLength(2);
    // Already compared (saved before it was recorded as held): named so, and can still be taken off.
    const chosen = await screen.findByRole('option', { name: /Card 3/ });
    expect(chosen.textContent?.startsWith('Card 3 (You have this card)')).toBe(true);
    expect(chosen.getAttribute('aria-disabled')).not.toBe('true');
    const other = await screen.findByRole('option', { name: /Card 2/ });
    expect(other.textContent).not.toContain('You have this card');
  });

  it("wraps a chosen card's name in its chip instead of cutting it off with an ellipsis", () => {
    render(
      <MemoryRouter>
        <PreferencesPanel
          state={panelState({ prefs: prefs({ compareCards: ['c3', 'c1'] }), myCards: [myCard, alsoHeld] })}
        />
      </MemoryRouter>,
    );
    const chips = within(screen.getByRole('list', { name: 'Comparing' })).getAllByRole('listitem');
    for (const chip of chips) {
      // The held note sits after the name: a clipped chip hid it first.
      expect(chip.querySelector('.truncate')).toBeNull();
      expect(chip.querySelector('.break-words')?.textContent).toMatch(/^Card \d/);
    }
  });

  it('leaves a card held on the account where it was chosen, for the server to drop and explain; never one card in two lists', () => {
    const saved = prefs({
      compareCards: ['c3', 'c5'],
      excludeCards: ['c7', 'c1', 'c9'],
      ownedCards: ['c1'],
      desiredCardCount: 2,
    });
    const active = (card_id: string) => ({ card_id, is_active: true });
    const inactive = (card_id: string) => ({ card_id, is_active: false });
    // c3 and c9 are held on the account (the server counts them owned and its warnings name them);
    // c1 is owned in the saved preferences themselves, so it leaves exclude here (the server
    // refuses a card in two lists of one request).
    expect(requestPreferences(saved, [active('c3'), active('c1'), active('c9'), active('c4')])).toEqual({
      compareCards: ['c3', 'c5'],
      excludeCards: ['c7', 'c9'],
      ownedCards: ['c1', 'c4'],
      desiredCardCount: 2,
    });
    // A record the account keeps inactive is not counted by the server: sent as owned, as before.
    expect(requestPreferences(saved, [inactive('c3'), inactive('c1')])).toEqual({
      compareCards: ['c5'],
      excludeCards: ['c7', 'c9'],
      ownedCards: ['c1', 'c3'],
      desiredCardCount: 2,
    });
    // Both kinds in one list: the compared c3 held on an active record stays in compare; the
    // excluded c9 held only on an inactive record is sent as owned; c7, with an inactive and an
    // active record, counts on the server through the active one, so it stays in exclude.
    expect(requestPreferences(saved, [active('c3'), inactive('c9'), inactive('c7'), active('c7')])).toEqual({
      compareCards: ['c3', 'c5'],
      excludeCards: ['c7'],
      ownedCards: ['c1', 'c9'],
      desiredCardCount: 2,
    });
  });

  it("names the grid of the cards the user holds 'my cards', as spec §2 quotes it", () => {
    render(
      <MemoryRouter>
        <PreferencesPanel state={panelState({ myCards: [myCard] })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'my cards' }).textContent).toBe('my cards');
    expect(
      within(screen.getByRole('list', { name: 'my cards' })).getByText(myCard.credit_card_details.name),
    ).toBeTruthy();
  });

  it('hides the search box with 5 options or fewer', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <PreferencesPanel state={panelState({ allCards: cards.slice(0, 5) })} />
      </MemoryRouter>,
    );
    await user.click(screen.getByLabelText('Cards to exclude'));
    expect(await screen.findByRole('option', { name: /Card 0/ })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Search Cards to exclude' })).toBeNull();
  });

  it('covers the panel for signed-out users with the log-in prompt', () => {
    render(
      <MemoryRouter>
        <PreferencesPanel state={panelState({ signedIn: false, allCards: [] })} />
      </MemoryRouter>,
    );
    const panel = screen.getByTestId('preferences-panel');
    expect(panel.textContent).toContain(LOGIN_PROMPT);
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('shows the overlay text when the card list fails', () => {
    render(
      <MemoryRouter>
        <PreferencesPanel state={panelState({ allCards: [], allCardsFailed: true })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to load card preferences. You can still use the spending form and get recommendations.',
    );
    expect((screen.getByLabelText('Cards to compare') as HTMLButtonElement).disabled).toBe(true);
  });

  it('covers the defaults with the failure and a way to ask again when the saved preferences did not load', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    render(
      <MemoryRouter>
        <PreferencesPanel state={panelState({ failed: true, retry })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Your saved card preferences could not be loaded.',
    );
    // The defaults underneath are out of reach: a change to them would replace the saved lists.
    expect(screen.getByLabelText('How many new cards do you want?').closest('[inert]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe('hero carousel rules', () => {
  it('wraps around and keeps a window of 5 dots', () => {
    expect(wrapIndex(-1, 6)).toBe(5);
    expect(wrapIndex(6, 6)).toBe(0);
    expect(dotWindow(0, 8)).toEqual([0, 1, 2, 3, 4]);
    expect(dotWindow(5, 8)).toEqual([3, 4, 5, 6, 7]);
    expect(dotWindow(7, 8)).toEqual([3, 4, 5, 6, 7]);
    expect(dotWindow(1, 3)).toEqual([0, 1, 2]);
    expect([0, 1, 2, 5].map((i) => badgeFor(i).label)).toEqual([
      'best overall',
      'premium pick',
      'top cashback',
      'top cashback',
    ]);
  });
});
