import { DESIRED_CARD_COUNT_MAX } from '@cardwise/contracts';
import { AlertTriangle, ChevronDown, ClipboardPlus, Info, Loader2, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatInr } from '../../lib/format.ts';
import { AdjustmentNote } from './adjustment-note.tsx';
import { CombinationCard } from './combination-card.tsx';
import { type ComboGroup, noGainNote } from './groups.ts';
import { SavingsChart } from './savings-chart.tsx';
import { useMoreBelow } from './use-more-below.ts';

interface Props {
  groups: ComboGroup[] | null;
  loading: boolean;
  hasEntries: boolean;
  /** Some entry has an amount above zero: entries of ₹0 alone have nothing to recommend on. */
  hasAmounts?: boolean;
  /** Shown above the groups when the larger combinations could not be proven in time. */
  notice?: string | null;
  /** Why the request failed; shown instead of the "add more spending" text, which would mislead. */
  error?: string | null;
  onRetry?: () => void;
  /**
   * The user limited the candidates to a compare list. With entries and a compare list, no groups
   * means none of those cards can be recommended here (gone from the catalogue, or of a bank this
   * site does not offer): more spending would not help.
   */
  comparing?: boolean;
  /** Entries spent only a few times a year, by how many months' worth lands at once. */
  lumpyEntries?: ReadonlyMap<string, number>;
  /** What the cards the user holds save alone; every group's savings include it. */
  ownedSavings?: number | null;
  /** What the server changed in the user's card choices and why (the answer's `warnings`). */
  warnings?: readonly string[];
  /** How many new cards the user asked for (desiredCardCount). */
  asked?: number;
  /** No one is signed in: the card count is behind the preferences' sign-in, so only one card is sought. */
  signedOut?: boolean;
}

/**
 * Fewer cards than asked for can be recommended (a compare list of one card, or most cards
 * excluded or held): the largest combination is smaller than the count asked for, and with no word
 * the missing ones looked like a fault.
 */
export function fewerCardsNote(asked: number, largest: number, comparing: boolean): string | null {
  if (largest >= asked) return null;
  const cards = largest === 1 ? '1 card' : `${largest} cards`;
  return comparing
    ? `You asked for up to ${asked} new cards, but only ${cards} of those you chose to compare can be recommended here, so no combination holds more new cards than that.`
    : `You asked for up to ${asked} new cards, but only ${cards} can be recommended here (the rest are excluded or already yours), so no combination holds more new cards than that.`;
}

export const WARNINGS_HEADING = 'We adjusted your card choices';

/** Spec §2 recommendations: one combination card per group, the first highlighted. */
/**
 * What the live region says once an update has finished: "Updating recommendations..." was said,
 * and then nothing, so a screen-reader user did not know the answer had come, or what it was.
 * Only after an update (not on the first drawing of answers already there), never over a failure.
 */
function useUpdatedAnnouncement(loading: boolean, groups: ComboGroup[] | null): string | null {
  const wasLoading = useRef(loading);
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    if (loading) {
      wasLoading.current = true;
      setSaid(null);
      return;
    }
    if (!wasLoading.current) return;
    wasLoading.current = false;
    const best = groups?.[0];
    setSaid(
      best
        ? `Recommendations updated: the best combination ${best.group_savings >= 0 ? 'saves' : 'costs'} ${formatInr(Math.abs(best.group_savings))} a month.`
        : null,
    );
  }, [loading, groups]);
  return said;
}

export function RecommendationsView({
  groups,
  loading,
  hasEntries,
  hasAmounts = true,
  notice = null,
  error = null,
  onRetry,
  comparing = false,
  lumpyEntries,
  ownedSavings = null,
  warnings = [],
  asked,
  signedOut = false,
}: Props) {
  // Beside the answer they explain: not over a failure, nor with no spending to answer for.
  const shownWarnings =
    hasEntries && hasAmounts && !(error !== null && !loading) ? [...new Set(warnings)] : [];
  // Not beside the notice of combinations left unproven at the deadline, which says why instead.
  const fewer =
    groups?.length && !notice && asked !== undefined
      ? fewerCardsNote(asked, Math.max(...groups.map((g) => g.n)), comparing)
      : null;
  // Once per group, for its card and for the chart's paler bars.
  const noGain = (groups ?? []).map((g) => noGainNote(g, groups ?? []));
  const panel = useRef<HTMLDivElement>(null);
  const moreBelow = useMoreBelow(panel, groups);
  const updated = useUpdatedAnnouncement(loading, error === null ? groups : null);
  return (
    <section aria-labelledby="reco-heading" aria-busy={loading} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="reco-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
            Your Personalized Card Combinations
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Recommendations may change as you update your spending details.
          </p>
          {/* A visitor saw single cards only, with nothing to say more was possible: the card count
              sits under the preferences' sign-in cover. */}
          {signedOut && (groups?.length ?? 0) > 0 && !(error !== null && !loading) ? (
            <p className="mt-1 text-sm" data-testid="signed-out-single-card">
              This is the best single card for you.{' '}
              <Link
                to="/login"
                state={{ from: '/#spend-form' }}
                className="tap-inline font-medium text-primary underline underline-offset-2"
              >
                Sign in
              </Link>{' '}
              to find the best 2 to {DESIRED_CARD_COUNT_MAX} cards to hold together.
            </p>
          ) : null}
        </div>
        <p aria-live="polite" className="min-h-5 text-sm font-medium text-primary">
          {loading ? (
            <span className="inline-flex items-center gap-2">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Updating recommendations...
            </span>
          ) : updated ? (
            <span className="sr-only" data-testid="reco-updated">
              {updated}
            </span>
          ) : null}
        </p>
      </div>

      {/* Always mounted, so a screen reader hears the notes when they arrive with an answer (a live
          region, not a second role="status": the incomplete notice below is the page's status). */}
      <div aria-live="polite" data-testid="reco-warnings-region" className="empty:hidden">
        {shownWarnings.length ? (
          <AdjustmentNote heading={WARNINGS_HEADING} warnings={shownWarnings} testId="reco-warnings" />
        ) : null}
      </div>

      {!hasEntries ? (
        <Empty icon={<ClipboardPlus className="size-6" aria-hidden="true" />} title="Add spending details">
          Add where and how much you spend above, and we will work out the cards that save you the most.
        </Empty>
      ) : !hasAmounts ? (
        // A "best match" for ₹0 read as if no card earned on the spending; it is the amount missing.
        <Empty icon={<ClipboardPlus className="size-6" aria-hidden="true" />} title="Add an amount">
          Your spending entries have no amount yet. Edit them to say how much you spend, and we will work out
          the cards that save you the most.
        </Empty>
      ) : groups === null ? (
        <div className="grid gap-4" aria-hidden="true">
          <div className="skeleton h-56 rounded-3xl" />
        </div>
      ) : error !== null && !loading ? (
        <Empty
          icon={<AlertTriangle className="size-6" aria-hidden="true" />}
          title="Recommendations unavailable"
        >
          <span role="alert">{error}</span>
          {onRetry ? (
            <button type="button" className="btn-outline mt-4 min-h-11" onClick={onRetry}>
              Try again
            </button>
          ) : null}
        </Empty>
      ) : groups.length === 0 ? (
        comparing ? (
          <Empty icon={<SearchX className="size-6" aria-hidden="true" />} title="No recommendations yet">
            No recommendations available. None of the cards you chose to compare is offered here: change your
            cards to compare in the preferences above.
          </Empty>
        ) : (
          <Empty icon={<SearchX className="size-6" aria-hidden="true" />} title="No recommendations yet">
            No recommendations available. Add more spending details to get personalized recommendations.
          </Empty>
        )
      ) : (
        <div className="relative">
          <div
            ref={panel}
            data-testid="recommendations-panel"
            className={`flex flex-col gap-4 transition-opacity lg:max-h-[90vh] lg:overflow-y-auto lg:pr-1 ${loading ? 'opacity-60' : ''}`}
          >
            {notice ? (
              <p
                role="status"
                className="flex items-start gap-2 rounded-2xl border border-border bg-accent px-4 py-3 text-sm text-foreground"
              >
                <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {notice}
              </p>
            ) : null}
            {fewer ? (
              <p
                data-testid="fewer-cards-note"
                className="flex items-start gap-2 rounded-2xl border border-border bg-accent px-4 py-3 text-sm text-foreground"
              >
                <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {fewer}
              </p>
            ) : null}
            <SavingsChart groups={groups} noGain={noGain} />
            {groups.map((group, index) => (
              <CombinationCard
                key={group.card_ids.join('+') || index}
                group={group}
                rank={index}
                lumpyEntries={lumpyEntries}
                ownedSavings={ownedSavings}
                comparing={comparing}
                noGain={noGain[index]}
              />
            ))}
          </div>
          {moreBelow ? (
            <div className="pointer-events-none absolute inset-x-0 bottom-0 hidden h-20 items-end justify-center bg-gradient-to-t from-background via-background/80 to-transparent pb-2 lg:flex">
              <button
                type="button"
                className="btn-outline pointer-events-auto min-h-11 bg-background shadow-md"
                onClick={() => {
                  const el = panel.current;
                  if (!el) return;
                  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
                  el.scrollBy({ top: el.clientHeight * 0.8, behavior: smooth ? 'smooth' : 'auto' });
                }}
              >
                <ChevronDown className="size-4" aria-hidden="true" />
                More below
              </button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

function Empty({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-3xl border border-dashed border-border bg-card px-6 py-10 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-accent text-primary">
        {icon}
      </span>
      <p className="font-semibold">{title}</p>
      <div className="flex max-w-md flex-col items-center text-sm text-muted-foreground">{children}</div>
    </div>
  );
}
