import { formatInr } from '../../lib/format.ts';
import { type ComboGroup, comboTitle, distinctCards } from './groups.ts';

/**
 * The combinations' monthly savings side by side: one hand-drawn SVG bar per
 * combination, labels in HTML (crisp at any width), figures for screen readers.
 */
export function SavingsChart({
  groups,
  noGain = [],
}: {
  groups: readonly ComboGroup[];
  /** Per group, why it saves no more than one with fewer new cards (noGainNote), else null. */
  noGain?: readonly (string | null)[];
}) {
  const max = Math.max(...groups.map((g) => g.group_savings), 0);
  if (groups.length < 2 || max <= 0) return null;
  // k = 10 drew eight equal bars: larger combinations whose extra cards add nothing, said beneath.
  const adding = groups.map((_, i) => !noGain[i]);
  const idle = adding.filter((a) => !a).length;
  return (
    <figure className="rounded-2xl border border-border bg-card p-4 sm:p-5">
      <figcaption className="mb-3 text-sm font-semibold">Monthly savings by combination</figcaption>
      {/* One grid for all rows (each row a subgrid), so the label column is as wide as the longest
          label and the bars still line up: a fixed 10rem cut "#1 3 Card Combination" to
          "#1 3 Card Combinat…" at 1280 px. */}
      <ul className="grid grid-cols-[auto_1fr_auto] gap-x-3 gap-y-2.5 text-xs sm:text-sm">
        {groups.map((group, index) => {
          const pct = Math.max(0, (group.group_savings / max) * 100);
          const best = index === 0;
          return (
            <li
              key={group.card_ids.join('+') || index}
              className="col-span-3 grid grid-cols-subgrid items-center"
            >
              <span className="truncate text-muted-foreground" title={comboTitle(group)}>
                {/* Short on phones, where "8 Card Combination" was cut to "8 Card Combi…". */}
                <span className="sm:hidden">
                  #{index + 1} {shortTitle(group)}
                </span>
                <span className="hidden sm:inline">
                  #{index + 1} {comboTitle(group)}
                </span>
              </span>
              <svg
                className="h-3.5 w-full overflow-visible"
                viewBox="0 0 100 10"
                preserveAspectRatio="none"
                aria-hidden="true"
              >
                <rect x="0" y="0" width="100" height="10" rx="2" className="fill-muted" />
                <rect
                  x="0"
                  y="0"
                  width={pct}
                  height="10"
                  rx="2"
                  className={best ? 'fill-amber-500' : adding[index] ? 'fill-primary/70' : 'fill-primary/30'}
                />
              </svg>
              <span className="text-right font-semibold tabular-nums">{formatInr(group.group_savings)}</span>
            </li>
          );
        })}
      </ul>
      {idle > 0 ? (
        <p className="mt-3 text-xs text-muted-foreground" data-testid="chart-no-gain">
          {idle === 1 ? 'One combination saves' : `${idle} combinations save`} no more than one with fewer new
          cards (the paler {idle === 1 ? 'bar' : 'bars'}): the extra cards add nothing at your spending.
        </p>
      ) : null}
    </figure>
  );
}

/** "1 card", "8 cards": the distinct cards comboTitle counts. */
function shortTitle(group: ComboGroup): string {
  const n = distinctCards(group).length;
  return n === 1 ? '1 card' : `${n} cards`;
}
