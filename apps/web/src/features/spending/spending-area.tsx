import { FREQUENCY_FACTOR, MAX_SPENDING_ENTRIES } from '@cardwise/contracts';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatInr } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { returnFocusTo } from '../../lib/return-focus.ts';
import { comparedNewCards, requestPreferences } from '../recommendations/preference-rules.ts';
import { PreferencesPanel } from '../recommendations/preferences-panel.tsx';
import { RecommendationsView } from '../recommendations/recommendations-view.tsx';
import { usePreferences } from '../recommendations/use-preferences.ts';
import { hasSpend, useRecommendations } from '../recommendations/use-recommendations.ts';
import { useTenant } from '../tenant/tenant-context.ts';
import { withListedLevels } from './category-levels.ts';
import { describeEntry, SpendingEntries } from './spending-entries.tsx';
import { duplicateEntry, type SpendingEntry, upsertEntry } from './spending-entry.ts';
import { DevelopmentNotice, SpendingForm } from './spending-form.tsx';
import { useCategories } from './use-categories.ts';
import { useSpendingEntries } from './use-spending-entries.ts';

/** Spec §9: the edit form scrolls into view this long after the dialog opens. */
export const EDIT_SCROLL_DELAY_MS = 100;
const EDIT_FORM_ID = 'edit-spending-form';

/**
 * The working part of `/`: the spending form and entries, the card preferences, and the
 * recommendations they produce. Loaded only when the visitor scrolls near it.
 */
export default function SpendingArea() {
  const { supportEmail } = useTenant();
  const categories = useCategories();
  const stored = useSpendingEntries();
  // Entries as the current taxonomy lists them (withListedLevels), for display, requests and
  // saves alike; until the tree has loaded (or if it fails to) they are taken as stored.
  const listed = useCallback(
    (list: SpendingEntry[]) =>
      categories.byId.size === 0 ? list : list.map((e) => withListedLevels(e, categories.byId)),
    [categories.byId],
  );
  const entries = useMemo(() => listed(stored.entries), [listed, stored.entries]);
  const update = stored.update;
  const spending = useMemo(
    () => ({
      ...stored,
      entries,
      update: (change: (list: SpendingEntry[]) => SpendingEntry[]) => update((list) => change(listed(list))),
    }),
    [stored, entries, update, listed],
  );
  const preferences = usePreferences();
  const [editing, setEditing] = useState<SpendingEntry | null>(null);
  // The Edit button that opened the dialog: focus goes back to it when the dialog closes.
  const editTrigger = useRef<HTMLElement | null>(null);
  const entriesHeading = useRef<HTMLHeadingElement>(null);
  // A copy joins the end of the list, off-screen on a phone: brought into view once it renders,
  // so the tap shows what it did.
  const entriesList = useRef<HTMLDivElement>(null);
  const revealNewest = useRef(false);
  useEffect(() => {
    if (!revealNewest.current || entries.length === 0) return;
    revealNewest.current = false;
    const items = entriesList.current?.querySelectorAll('[data-testid="spending-entry"]');
    items?.[items.length - 1]?.scrollIntoView({ block: 'nearest' });
  }, [entries]);

  const heldIds = useMemo(() => preferences.myCards.map((c) => c.card_id), [preferences.myCards]);
  const body = useMemo(
    () => ({
      spending: spending.entries,
      preferences: requestPreferences(preferences.prefs, preferences.myCards),
    }),
    [spending.entries, preferences.prefs, preferences.myCards],
  );
  // A signed-in user's saved entries and preferences first, then one request.
  const ready = !spending.loading && !preferences.loading && !categories.loading;
  // Spend made a few times a year lands 1 / (its monthly factor) months' worth at once: a yearly
  // spend twelve, a quarterly one three (the combination warns where that passes a monthly cap).
  const lumpyEntries = useMemo(
    () => new Map(spending.entries.map((e) => [e.id, Math.max(1, 1 / FREQUENCY_FACTOR[e.frequency])])),
    [spending.entries],
  );
  const reco = useRecommendations(body, ready);

  useEffect(() => {
    if (!editing) return;
    const timer = setTimeout(() => {
      document.getElementById(EDIT_FORM_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, EDIT_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [editing]);

  const monthlyTotal = spending.entries.reduce((sum, e) => sum + e.amount * FREQUENCY_FACTOR[e.frequency], 0);

  return (
    <div className="flex flex-col gap-10">
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_23rem]">
        <div className="flex min-w-0 flex-col gap-8 rounded-3xl border border-border bg-card p-5 shadow-sm sm:p-8">
          <SpendingForm
            categories={categories}
            onSubmit={(entry) => spending.update((list) => upsertEntry(list, entry))}
            notice={<DevelopmentNotice supportEmail={supportEmail} />}
            full={spending.entries.length >= MAX_SPENDING_ENTRIES}
          />
          <div ref={entriesList} className="flex flex-col gap-3 border-t border-border pt-6">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 ref={entriesHeading} tabIndex={-1} className="text-base font-semibold">
                Your spending
              </h3>
              {spending.entries.length ? (
                <p className="text-sm text-muted-foreground">
                  {spending.entries.length} {spending.entries.length === 1 ? 'entry' : 'entries'} · about{' '}
                  <strong className="text-foreground tabular-nums">
                    {formatInr(Math.round(monthlyTotal))}
                  </strong>{' '}
                  a month
                </p>
              ) : null}
            </div>
            <SpendingEntries
              entries={spending.entries}
              byId={categories.byId}
              loadingCategories={categories.loading}
              loadingEntries={spending.loading}
              failedEntries={spending.failed ? { retry: spending.retry } : undefined}
              onDuplicate={
                spending.entries.length >= MAX_SPENDING_ENTRIES
                  ? undefined
                  : (entry) => {
                      revealNewest.current = true;
                      spending.update((list) => [...list, duplicateEntry(entry)]);
                    }
              }
              onEdit={(entry, trigger) => {
                editTrigger.current = trigger;
                setEditing(entry);
              }}
              onRemove={(entry) => {
                const at = spending.entries.findIndex((e) => e.id === entry.id);
                spending.update((list) => list.filter((e) => e.id !== entry.id));
                // Removed at one tap, with no confirmation: the toast offers it back, where it was.
                notify('Entry removed', describeEntry(entry, categories.byId), {
                  label: 'Undo',
                  onClick: () =>
                    spending.update((list) =>
                      list.some((e) => e.id === entry.id) || list.length >= MAX_SPENDING_ENTRIES
                        ? list
                        : [...list.slice(0, Math.max(0, at)), entry, ...list.slice(Math.max(0, at))],
                    ),
                });
              }}
              focusWhenEmptied={() => entriesHeading.current}
            />
          </div>
        </div>
        <PreferencesPanel state={preferences} />
      </div>

      <RecommendationsView
        groups={reco.groups}
        loading={reco.loading}
        notice={reco.notice}
        error={reco.error}
        onRetry={reco.retry}
        hasEntries={spending.entries.length > 0}
        hasAmounts={hasSpend(spending.entries)}
        // What the answer compares: a held card in the list is owned, not compared (the server drops it).
        comparing={comparedNewCards(body.preferences.compareCards, heldIds).length > 0}
        // A save's answer and the recommendation sent with the same choices can say the same
        // thing (a held card left out of compare): said once, in the panel beside the choice that
        // drew it. The recommendation's own (a card no longer offered) are still shown here.
        warnings={reco.warnings.filter((w) => !preferences.savedWarnings.includes(w))}
        lumpyEntries={lumpyEntries}
        ownedSavings={reco.ownedSavings}
        asked={body.preferences.desiredCardCount}
        signedOut={!preferences.signedIn}
      />

      <Dialog.Root
        open={editing !== null}
        onOpenChange={(open) => {
          // Spec §4: closing the edit dialog clears the entry being edited.
          if (!open) setEditing(null);
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
          <Dialog.Content
            className="fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-3xl border border-border bg-card p-5 shadow-2xl sm:inset-x-auto sm:top-1/2 sm:left-1/2 sm:bottom-auto sm:w-[min(56rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-8"
            aria-describedby={undefined}
            onCloseAutoFocus={returnFocusTo(
              () => editTrigger.current,
              () => entriesHeading.current,
            )}
          >
            <Dialog.Title className="sr-only">Edit spending entry</Dialog.Title>
            {/* 44 px on phones and touch screens, its icon where the 36 px button's was. */}
            <Dialog.Close
              className="absolute top-4 right-4 inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted touch:top-3 touch:right-3 touch:size-11"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
            {editing ? (
              <SpendingForm
                formId={EDIT_FORM_ID}
                categories={categories}
                editing={editing}
                onSubmit={(entry) => {
                  spending.update((list) => upsertEntry(list, entry));
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
