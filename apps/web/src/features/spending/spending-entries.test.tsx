import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexTree } from './category-levels.ts';
import { ENTRIES_FAILED_TEXT, SpendingEntries } from './spending-entries.tsx';
import { reviveEntry, type SpendingEntry } from './spending-entry.ts';

afterEach(cleanup);

const ENTRY = reviveEntry({ id: 'e1', amount: 12000, spendingMode: { id: 'online' } }) as SpendingEntry;

describe('<SpendingEntries>', () => {
  it("gives each entry's Duplicate, Edit and Remove a 44 px target on phones and touch screens, 36 px with a mouse", () => {
    render(
      <SpendingEntries
        entries={[ENTRY]}
        byId={indexTree([])}
        loadingCategories={false}
        loadingEntries={false}
        onDuplicate={() => {}}
        onEdit={() => {}}
        onRemove={() => {}}
        focusWhenEmptied={() => null}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label')?.split(' ')[0])).toEqual([
      'Duplicate',
      'Edit',
      'Remove',
    ]);
    // No layout here (happy-dom): the sizes are the utilities'; touch-targets.e2e.ts measures them.
    for (const button of buttons) {
      expect(button.classList.contains('size-9')).toBe(true);
      expect(button.classList.contains('touch:size-11')).toBe(true);
    }
  });

  it('says the saved entries could not be loaded, with Try again, instead of "No spending entries added yet"', () => {
    const retry = vi.fn();
    render(
      <SpendingEntries
        entries={[]}
        byId={indexTree([])}
        loadingCategories={false}
        loadingEntries={false}
        failedEntries={{ retry }}
        onDuplicate={() => {}}
        onEdit={() => {}}
        onRemove={() => {}}
        focusWhenEmptied={() => null}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(ENTRIES_FAILED_TEXT);
    expect(screen.queryByText(/No spending entries added yet/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("names each entry's buttons by the entry, distinct for entries that look alike", () => {
    const entry = (id: string, amount: number, frequency: SpendingEntry['frequency'] = 'MONTHLY') =>
      ({ ...ENTRY, id, amount, brand: 'Swiggy', frequency }) as SpendingEntry;
    render(
      <SpendingEntries
        entries={[entry('a', 6000), entry('b', 6000), entry('c', 6000, 'WEEKLY'), entry('d', 1500)]}
        byId={indexTree([])}
        loadingCategories={false}
        loadingEntries={false}
        onDuplicate={() => {}}
        onEdit={() => {}}
        onRemove={() => {}}
        focusWhenEmptied={() => null}
      />,
    );
    const edits = screen.getAllByRole('button', { name: /^Edit / }).map((b) => b.getAttribute('aria-label'));
    const label = edits[2]?.replace(/^Edit (.*) ₹6,000 weekly$/, '$1') ?? '';
    expect(label).toContain('Swiggy');
    expect(edits).toEqual([
      `Edit ${label} ₹6,000 monthly, entry 1 of 4`,
      `Edit ${label} ₹6,000 monthly, entry 2 of 4`,
      `Edit ${label} ₹6,000 weekly`,
      `Edit ${label} ₹1,500 monthly`,
    ]);
    // Every button of the list has a name of its own.
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(names.length);
  });
});
