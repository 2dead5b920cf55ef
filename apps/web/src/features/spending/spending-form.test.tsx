import type { CategoryNodeDto } from '@cardwise/contracts';
import {
  MAX_SPENDING_AMOUNT_MESSAGE,
  NEGATIVE_SPENDING_AMOUNT_MESSAGE,
  SPENDING_AMOUNT_PAISE_MESSAGE,
} from '@cardwise/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spendingEntryFixture } from '../../test/fixtures.tsx';
import {
  categoryStillOpen,
  EMPTY_SELECTION,
  entryLabel,
  indexTree,
  LEVELS,
  levelPlaceholder,
  openCategories,
  optionsAt,
  selectLevel,
  withListedLevels,
} from './category-levels.ts';
import {
  amountError,
  parseAmount,
  readLocalEntries,
  reviveEntry,
  type SpendingEntry,
} from './spending-entry.ts';
import { ENTRIES_FULL_MESSAGE, SpendingForm } from './spending-form.tsx';
import type { CategoriesState } from './use-categories.ts';
import { mergeEntries } from './use-spending-entries.ts';

afterEach(cleanup);

/** Spec §5's message, quoted here rather than imported, so a changed constant fails the test. */
const AMOUNT_MESSAGE = 'Amount is required and must be a number.';

const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

const node = (
  id: string,
  name: string,
  level: number,
  children: CategoryNodeDto[] = [],
): CategoryNodeDto => ({
  id,
  slug: id.split('.').pop() ?? id,
  name,
  level,
  children,
});

const TREE: CategoryNodeDto[] = [
  node('online', 'Online', 1, [
    node('online.food', 'Food delivery', 2, [
      node('online.food.swiggy', 'Swiggy', 3, [
        node('online.food.swiggy.meals', 'Meals', 4, [
          node('online.food.swiggy.meals.biryani', 'Biryani', 5, [
            node('online.food.swiggy.meals.biryani.veg', 'Veg', 6),
          ]),
        ]),
      ]),
      node('online.food.zomato', 'Zomato', 3),
    ]),
    node('online.travel', 'Travel', 2),
  ]),
  node('offline', 'Offline', 1, [node('offline.fuel', 'Fuel station', 2)]),
];

const categories = (): CategoriesState => ({
  tree: TREE,
  byId: indexTree(TREE),
  loading: false,
  failed: false,
});

describe('the category cascade', () => {
  const byId = indexTree(TREE);

  it('lists roots first, then the children of the parent choice; deeper levels wait for their parent', () => {
    expect(optionsAt(TREE, byId, EMPTY_SELECTION, 0)?.map((n) => n.name)).toEqual(['Online', 'Offline']);
    expect(optionsAt(TREE, byId, EMPTY_SELECTION, 1)).toBeNull();
    const s = selectLevel(EMPTY_SELECTION, 'spending_mode', 'online');
    expect(optionsAt(TREE, byId, s, 1)?.map((n) => n.name)).toEqual(['Food delivery', 'Travel']);
    expect(optionsAt(TREE, byId, s, 2)).toBeNull();
  });

  it('gives an empty select an example from its own options, the usual one where listed', () => {
    const food = node('online.food', 'Food delivery', 2);
    const fuel = node('offline.fuel', 'Fuel station', 2);
    expect(levelPlaceholder(1, [node('online.travel', 'Travel', 2), food])).toBe('e.g. Food delivery');
    expect(levelPlaceholder(1, [fuel, node('offline.dining', 'Restaurants', 2)])).toBe('e.g. Fuel station');
    expect(levelPlaceholder(2, [node('offline.fuel.iocl', 'Indian Oil', 3)])).toBe('e.g. Indian Oil');
    expect(levelPlaceholder(1, [])).toBe('e.g. Food delivery');
    // Levels without an example keep their instruction.
    expect(levelPlaceholder(0, [food])).toBe(LEVELS[0].placeholder);
    expect(levelPlaceholder(4, [food])).toBe('Narrow it down');
  });

  it('knows when the spend could still be of more than one category (the hint to choose one)', () => {
    const bills = node('online.bills', 'Bill payments', 2, [
      node('online.bills.cred', 'CRED', 3, [
        node('online.bills.cred.utilities', 'Utilities', 4),
        node('online.bills.cred.telecom', 'Telecom', 4),
      ]),
      node('online.bills.paytm', 'Paytm', 3, [node('online.bills.paytm.utilities', 'Utilities', 4)]),
    ]);
    const tree = [node('online', 'Online', 1, [bills])];
    const ids = indexTree(tree);
    const at = (
      mode: string | null,
      type: string | null,
      name: string | null,
      category: string | null = null,
    ) => ({
      ...EMPTY_SELECTION,
      spending_mode: mode,
      platform_type: type,
      platform_name: name,
      spending_category: category,
    });
    expect(categoryStillOpen(ids, EMPTY_SELECTION)).toBe(false);
    expect(categoryStillOpen(ids, at('online', null, null))).toBe(true);
    // What the form's hint names: the categories below, each once, in the tree's order.
    expect(openCategories(ids, at('online', 'online.bills', 'online.bills.cred'))).toEqual([
      'Utilities',
      'Telecom',
    ]);
    expect(openCategories(ids, at('online', 'online.bills', 'online.bills.paytm'))).toEqual(['Utilities']);
    expect(categoryStillOpen(ids, at('online', 'online.bills', 'online.bills.cred'))).toBe(true);
    // One category below: that is the category already. Chosen: nothing open.
    expect(categoryStillOpen(ids, at('online', 'online.bills', 'online.bills.paytm'))).toBe(false);
    expect(
      categoryStillOpen(ids, at('online', 'online.bills', 'online.bills.cred', 'online.bills.cred.telecom')),
    ).toBe(false);
  });

  it('clears every deeper level when a level changes', () => {
    let s = EMPTY_SELECTION;
    const path = [
      'online',
      'online.food',
      'online.food.swiggy',
      'online.food.swiggy.meals',
      'online.food.swiggy.meals.biryani',
      'online.food.swiggy.meals.biryani.veg',
    ];
    LEVELS.forEach((l, i) => {
      s = selectLevel(s, l.key, path[i] ?? null);
    });
    expect(Object.values(s)).toEqual(path);
    const changed = selectLevel(s, 'platform_type', 'online.travel');
    expect(changed).toEqual({ ...EMPTY_SELECTION, spending_mode: 'online', platform_type: 'online.travel' });
    expect(selectLevel(s, 'spending_mode', null)).toEqual(EMPTY_SELECTION);
  });

  it('labels an entry with the chosen levels joined by a bullet, then the brand', () => {
    const s = {
      ...EMPTY_SELECTION,
      spending_mode: 'online',
      platform_type: 'online.food',
      platform_name: 'online.food.swiggy',
    };
    expect(entryLabel(s, byId, ' Domino’s ')).toBe('Online • Food delivery • Swiggy • Domino’s');
    expect(entryLabel(s, byId, 'swiggy')).toBe('Online • Food delivery • Swiggy');
  });
});

describe('entries saved before a taxonomy change', () => {
  const byId = indexTree(TREE);
  const path = {
    ...EMPTY_SELECTION,
    spending_mode: 'online',
    platform_type: 'online.food',
    platform_name: 'online.food.swiggy',
  };

  it('keeps an entry whose levels are all listed as it is (the same object)', () => {
    expect(withListedLevels(path, byId)).toBe(path);
    expect(withListedLevels(EMPTY_SELECTION, byId)).toBe(EMPTY_SELECTION);
  });

  it('clears a level that is no longer listed, or off the path above it, and every deeper one', () => {
    expect(withListedLevels({ ...path, platform_type: 'online.gone' }, byId)).toEqual({
      ...EMPTY_SELECTION,
      spending_mode: 'online',
    });
    expect(withListedLevels({ ...path, spending_mode: 'offline' }, byId)).toEqual({
      ...EMPTY_SELECTION,
      spending_mode: 'offline',
    });
    expect(withListedLevels({ ...path, spending_mode: 'nope' }, byId)).toEqual(EMPTY_SELECTION);
  });
});

describe('amount validation (spec §5)', () => {
  it('requires a number', () => {
    expect(amountError('')).toBe(AMOUNT_MESSAGE);
    expect(amountError('  ')).toBe(AMOUNT_MESSAGE);
    expect(amountError('abc')).toBe(AMOUNT_MESSAGE);
    expect(amountError('12abc')).toBe(AMOUNT_MESSAGE);
    // Read as the server reads it: hex and exponents are not amounts.
    expect(amountError('0x10')).toBe(AMOUNT_MESSAGE);
    expect(amountError('1e3')).toBe(AMOUNT_MESSAGE);
    // A minus sign is a number, just not an amount: say what is wrong with it.
    expect(amountError('-5')).toBe(NEGATIVE_SPENDING_AMOUNT_MESSAGE);
    expect(amountError('-0.5')).toBe(NEGATIVE_SPENDING_AMOUNT_MESSAGE);
    expect(amountError('5000')).toBeNull();
    expect(amountError('1,25,000.50')).toBeNull();
    // The server's limit, checked where the user types (one entry over it emptied every recommendation).
    expect(amountError('1000000000')).toBeNull();
    expect(amountError('1000000000.01')).toBe(MAX_SPENDING_AMOUNT_MESSAGE);
    expect(amountError('50000000000000')).toBe(MAX_SPENDING_AMOUNT_MESSAGE);
    // To the paisa, no finer: ₹0.001 would be an entry any card "covers" in full.
    expect(amountError('0.001')).toBe(SPENDING_AMOUNT_PAISE_MESSAGE);
    expect(amountError('123.456')).toBe(SPENDING_AMOUNT_PAISE_MESSAGE);
    expect(amountError('0.29')).toBeNull();
    expect(amountError('999999999.99')).toBeNull();
    expect(parseAmount('1,25,000.50')).toBe(125000.5);
    expect(parseAmount('')).toBe(0);
  });

  it('reads stored entries of older shapes and drops broken ones', () => {
    expect(
      reviveEntry({ id: 7, amount: '250', spendingMode: { id: 'online' }, category: 'x', frequency: 'BAD' }),
    ).toMatchObject({
      id: '7',
      amount: 250,
      spending_mode: 'online',
      spending_category: 'x',
      frequency: 'MONTHLY',
      payment_method: 'other',
    });
    expect(reviveEntry(null)).toBeNull();
    expect(reviveEntry({ amount: 5 })).toBeNull();
    localStorage.setItem('cardwise:t:spending_entries', '{not json');
    expect(readLocalEntries('t')).toEqual([]);
  });
});

describe('<SpendingForm>', () => {
  it('names the few categories a spend left open could be, and drops the hint once one is chosen', async () => {
    const bills: CategoryNodeDto[] = [
      node('online', 'Online', 1, [
        node('online.bills', 'Bill payments', 2, [
          node('online.bills.site', 'Billers', 3, [
            node('online.bills.site.utilities', 'Utilities', 4),
            node('online.bills.site.telecom', 'Telecom', 4),
          ]),
        ]),
      ]),
    ];
    const user = userEvent.setup();
    render(
      <SpendingForm
        categories={{ tree: bills, byId: indexTree(bills), loading: false, failed: false }}
        onSubmit={() => {}}
      />,
    );
    for (const [label, option] of [
      ['Spending mode', 'Online'],
      ['Platform type', 'Bill payments'],
      ['Platform name', 'Billers'],
    ] as const) {
      await user.click(screen.getByLabelText(label));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    expect(screen.getByTestId('category-hint').textContent).toBe(
      'Here cards pay differently on Utilities and Telecom: choose a spending category for an exact answer.',
    );
    await user.click(screen.getByLabelText('Spending category'));
    await user.click(await screen.findByRole('option', { name: 'Telecom' }));
    expect(screen.queryByTestId('category-hint')).toBeNull();
  });

  it("tells a kirana shopper paying by the shop's UPI QR where that spend goes", async () => {
    const shops: CategoryNodeDto[] = [
      node('online', 'Online', 1, [
        node('online.upi', 'UPI (credit on UPI, RuPay)', 2, [
          node('online.upi.upi_apps', 'UPI apps', 3, [
            node('online.upi.upi_apps.upi', 'UPI payments', 4, [
              node('online.upi.upi_apps.upi.scan_and_pay', 'Scan & Pay at merchant QR', 5, [
                node('online.upi.upi_apps.upi.scan_and_pay.kirana', 'Kirana', 6),
              ]),
            ]),
          ]),
        ]),
      ]),
      node('offline', 'Offline', 1, [
        node('offline.kirana', 'Kirana / local store', 2),
        node('offline.supermarket', 'Supermarket', 2),
      ]),
    ];
    const user = userEvent.setup();
    render(
      <SpendingForm
        categories={{ tree: shops, byId: indexTree(shops), loading: false, failed: false }}
        onSubmit={() => {}}
      />,
    );
    await user.click(screen.getByLabelText('Spending mode'));
    await user.click(await screen.findByRole('option', { name: 'Offline' }));
    expect(screen.queryByTestId('kirana-hint')).toBeNull();
    await user.click(screen.getByLabelText('Platform type'));
    await user.click(await screen.findByRole('option', { name: 'Kirana / local store' }));
    expect(screen.getByTestId('kirana-hint').textContent).toBe(
      "Paid by scanning the shop's UPI QR? Enter it under Online › UPI › Scan & Pay at merchant QR › Kirana: only RuPay credit cards can pay a UPI QR. Here counts paying by card at the counter.",
    );
    await user.click(screen.getByLabelText('Platform type'));
    await user.click(await screen.findByRole('option', { name: 'Supermarket' }));
    expect(screen.queryByTestId('kirana-hint')).toBeNull();
  });

  it('keeps a deeper select disabled until its parent has a value, and clears deeper choices on change', async () => {
    const user = userEvent.setup();
    render(<SpendingForm categories={categories()} onSubmit={() => {}} />);
    const mode = screen.getByLabelText('Spending mode');
    const type = screen.getByLabelText('Platform type');
    const name = screen.getByLabelText('Platform name');
    expect(isDisabled(mode)).toBe(false);
    expect(isDisabled(type)).toBe(true);
    expect(isDisabled(name)).toBe(true);

    await user.click(mode);
    await user.click(await screen.findByRole('option', { name: 'Online' }));
    expect(mode.textContent).toContain('Online');
    expect(isDisabled(type)).toBe(false);
    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'Food delivery' }));
    await user.click(name);
    // Searchable: typing filters the list.
    await user.type(await screen.findByRole('combobox', { name: 'Search Platform name' }), 'zom');
    expect(screen.queryByRole('option', { name: 'Swiggy' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Zomato' }));
    expect(name.textContent).toContain('Zomato');

    // A new mode clears platform type and name and disables them again.
    await user.click(mode);
    await user.click(await screen.findByRole('option', { name: 'Offline' }));
    // Its example is one of Offline's platform types, not the online 'Food delivery'.
    expect(type.textContent).toBe('e.g. Fuel station');
    expect(name.textContent).not.toContain('Zomato');
    expect(isDisabled(name)).toBe(true);
  });

  it('names each select with its value, or says it is not chosen (WCAG 4.1.2)', async () => {
    const user = userEvent.setup();
    render(<SpendingForm categories={categories()} onSubmit={() => {}} />);
    const mode = screen.getByRole('button', { name: 'Spending mode : not chosen' });
    // The placeholder an empty select shows is its description.
    const hint = document.getElementById(mode.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(LEVELS[0].placeholder);
    expect(screen.getByRole('button', { name: 'Platform type : not chosen' })).toBeTruthy();

    await user.click(mode);
    await user.click(await screen.findByRole('option', { name: 'Online' }));
    expect(screen.getByRole('button', { name: 'Spending mode : Online' })).toBe(mode);
    expect(mode.hasAttribute('aria-describedby')).toBe(false);
    // Found by its label alone still.
    expect(screen.getByLabelText('Spending mode')).toBe(mode);
  });

  it('returns focus to the select after its Clear button empties it (WCAG 2.4.3)', async () => {
    const user = userEvent.setup();
    render(<SpendingForm categories={categories()} onSubmit={() => {}} />);
    const mode = screen.getByLabelText('Spending mode');
    await user.click(mode);
    await user.click(await screen.findByRole('option', { name: 'Online' }));
    const clear = screen.getByRole('button', { name: 'Clear Spending mode' });
    await user.click(clear);
    // The Clear button goes away with the value; focus must not fall to <body>.
    expect(screen.queryByRole('button', { name: 'Clear Spending mode' })).toBeNull();
    expect(mode.textContent).toBe(LEVELS[0].placeholder);
    expect(document.activeElement).toBe(mode);

    // By keyboard too: Tab from the select to Clear, Enter, and focus is back on the select.
    await user.click(mode);
    await user.click(await screen.findByRole('option', { name: 'Offline' }));
    mode.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear Spending mode' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(mode);
  });

  it('validates the amount on every change and submits a decimal amount, then clears the form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SpendingForm categories={categories()} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(await screen.findByText(AMOUNT_MESSAGE)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    const amount = screen.getByLabelText('Amount (₹)');
    await user.type(amount, '12');
    await waitFor(() => expect(screen.queryByText(AMOUNT_MESSAGE)).toBeNull());
    await user.type(amount, 'x');
    expect(await screen.findByText(AMOUNT_MESSAGE)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await user.clear(amount);
    await user.type(amount, '2500.5');
    await user.type(screen.getByLabelText(/Brand/), 'Indian Oil');
    await user.selectOptions(screen.getByLabelText('Frequency'), 'WEEKLY');
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      amount: 2500.5,
      brand: 'Indian Oil',
      frequency: 'WEEKLY',
      spending_mode: null,
      payment_method: 'other',
    });
    expect(onSubmit.mock.calls[0]?.[0].id).toEqual(expect.any(String));
    await waitFor(() => expect((amount as HTMLInputElement).value).toBe(''));
  });

  it('with the list full, keeps what was typed and says why instead of adding a 201st entry', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SpendingForm categories={categories()} onSubmit={onSubmit} full />);
    const amount = screen.getByLabelText<HTMLInputElement>('Amount (₹)');
    await user.type(amount, '2500');
    await user.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', ENTRIES_FULL_MESSAGE);
    expect(ENTRIES_FULL_MESSAGE).toContain('up to 200 spending entries');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(amount.value).toBe('2500');
  });

  it('edits: title, Update Entry, Cancel only while editing, same id kept', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    const entry = spendingEntryFixture('keep-me', 900, {
      spending_mode: 'online',
      platform_type: 'online.food',
      platform_name: 'online.food.swiggy',
    });
    const { rerender } = render(
      <SpendingForm categories={categories()} onSubmit={onSubmit} onCancel={onCancel} />,
    );
    expect(screen.getByRole('heading', { name: 'Spending Details' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    rerender(
      <SpendingForm categories={categories()} onSubmit={onSubmit} onCancel={onCancel} editing={entry} />,
    );
    expect(screen.getByRole('heading', { name: 'Update Spending Details' })).toBeTruthy();
    expect(screen.getByLabelText('Platform name').textContent).toContain('Swiggy');
    expect(isDisabled(screen.getByLabelText('Spending category'))).toBe(false);
    await user.clear(screen.getByLabelText('Amount (₹)'));
    await user.type(screen.getByLabelText('Amount (₹)'), '1200');
    await user.click(screen.getByRole('button', { name: 'Update Entry' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      id: 'keep-me',
      amount: 1200,
      platform_name: 'online.food.swiggy',
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('says when categories fail to load', () => {
    render(<SpendingForm categories={{ ...categories(), tree: [], failed: true }} onSubmit={() => {}} />);
    expect(within(screen.getByRole('alert')).getByText('Failed to load categories.')).toBeTruthy();
  });
});

describe('entries typed before signing in, merged into the account', () => {
  const entry = (id: string, amount: number, brand: string | null = null) =>
    ({ id, amount, frequency: 'MONTHLY', brand }) as unknown as SpendingEntry;

  it('adds the ones the account lacks, after its own, and never the same spend twice', () => {
    const account = [entry('a1', 3000, 'Saved')];
    const typed = [entry('t1', 2500, 'Typed'), entry('t2', 3000, 'Saved'), entry('a1', 900, 'Same id')];
    const { merged, added } = mergeEntries(account, typed);
    expect(added).toBe(2);
    expect(merged.map((e) => e.brand)).toEqual(['Saved', 'Typed', 'Same id']);
    // An id the account uses already is made unique, so editing one never edits the other.
    expect(new Set(merged.map((e) => e.id)).size).toBe(3);
  });

  it('stops at the 200 entries a recommendation takes', () => {
    const account = Array.from({ length: 199 }, (_, i) => entry(`a${i}`, i + 1));
    const { merged, added } = mergeEntries(account, [entry('t1', 5001), entry('t2', 5002)]);
    expect(added).toBe(1);
    expect(merged).toHaveLength(200);
  });
});
