import type { CardOutcome } from '@cardwise/contracts';
import { AlertTriangle, ArrowRight, BadgeCheck, Crown, Gauge, Sparkles, Trophy } from 'lucide-react';
import { useContext } from 'react';
import { Link, useLocation } from 'react-router';
import { formatFeeShort, formatInr, plusGst } from '../../lib/format.ts';
import { inProductApplyPath, isCompleteJourneyBank } from '../cards/apply-rule.ts';
import { joiningFeeIsTheFee, separateJoiningFee } from '../cards/card-facts.ts';
import { cardPath } from '../cards/card-tile.tsx';
import { CompanyNameContext, TenantContext } from '../tenant/tenant-context.ts';
import {
  type ComboGroup,
  cappedNote,
  comboTitle,
  coverageOf,
  dependsOnCategoryNote,
  distinctCards,
  shownCoveragePercent,
  unconfirmedNote,
  unconfirmedText,
} from './groups.ts';

const FEE_FREQUENCIES = new Set(['YEARLY', 'MONTHLY', 'LIFETIME_FREE', 'ONE_TIME']);

function feeText(fee: number, frequency: string): string {
  return FEE_FREQUENCIES.has(frequency)
    ? formatFeeShort(fee, frequency as Parameters<typeof formatFeeShort>[1])
    : formatInr(fee);
}

/**
 * The cap in the catalogue's words ("Swiggy: ₹1,500 a statement cycle"), which the server sends
 * beside the ids; an answer without them falls back to the id as words.
 */
function capText(outcome: CardOutcome, index: number): string {
  const notes = (outcome as { caps_reached_notes?: unknown }).caps_reached_notes;
  const note = Array.isArray(notes) ? notes[index] : undefined;
  return typeof note === 'string' && note ? note : (outcome.caps_reached[index] ?? '').replace(/[_-]+/g, ' ');
}

/** The reached milestones' notes, joined; null when none has one (an older server sends none). */
export function milestoneNotes(outcome: CardOutcome | undefined): string | null {
  const notes = (outcome as { milestones_reached_notes?: unknown } | undefined)?.milestones_reached_notes;
  if (!Array.isArray(notes)) return null;
  const said = notes.filter((n): n is string => typeof n === 'string' && n.length > 0);
  return said.length ? said.join('. ') : null;
}

/** The monthly fee line of a card the user holds: its fee is paid whichever card they add. */
export const OWNED_FEE_TEXT = 'Not counted (you hold it)';

/**
 * What a combination adds to the cards the user holds. It can be less: cards a user compares are
 * in it whatever they cost, and a new card's fee can outweigh what it adds.
 */
export function addedText(savings: number, ownedSavings: number, newCards = 1): string {
  const diff = Math.round((savings - ownedSavings) * 100) / 100;
  const alone = `your cards alone (${formatInr(ownedSavings)})`;
  if (diff > 0) return `${formatInr(diff)} a month more than ${alone}`;
  if (diff < 0) return `${formatInr(-diff)} a month less than ${alone}`;
  return `The same as ${alone}: ${newCards === 1 ? 'the new card adds' : 'the new cards add'} nothing at your spending`;
}

/**
 * A fee waiver or milestone the plan reaches with under 2% to spare: the exact optimum puts just
 * enough on the card (₹6,833.33 of a trip) and a month short loses it, which the chips beside did
 * not say. The monthly spend to keep on the card, in the card's own words. Null otherwise.
 */
export function thinMarginNote(
  outcome: Pick<CardOutcome, 'monthly_spend' | 'milestones_reached' | 'fee_waived' | 'owned'>,
  waiverAnnualSpend: number | null,
): string | null {
  const yearly = outcome.monthly_spend * 12;
  const thin = (t: number) => t > 0 && yearly < t * 1.02;
  const milestone = outcome.milestones_reached.filter(thin).sort((a, b) => b - a)[0];
  const waiver =
    outcome.fee_waived && !outcome.owned && waiverAnnualSpend !== null && thin(waiverAnnualSpend)
      ? waiverAnnualSpend
      : undefined;
  const needed = Math.max(milestone ?? 0, waiver ?? 0);
  if (needed === 0) return null;
  const what =
    milestone !== undefined && waiver !== undefined
      ? 'its fee waiver and milestone bonus'
      : milestone !== undefined
        ? 'its milestone bonus'
        : 'its fee waiver';
  // In whole rupees, rounded up: ₹33,333.34 asked for a paisa no one budgets by.
  return `Keep at least ${formatInr(Math.ceil(needed / 12 - 1e-9))} a month on this card: ${what} needs ${formatInr(needed)} a year, and this plan reaches it with little to spare.`;
}

/** '2 new cards and 1 you hold': what the title's count is made of. */
export function newAndHeld(fresh: number, held: number): string {
  const cards = fresh === 1 ? '1 new card' : `${fresh} new cards`;
  return `${cards} and ${held} you hold`;
}

/**
 * Why a new card that earns nothing is in a combination. The exact optimum for n cards must hold n
 * cards even when fewer earn everything (reward-model §4); but a single card cannot be fewer: it
 * earns nothing because the cards held already earn everything it could, or because no card on
 * offer (or none of those compared) earns on this spending. It read "Ask for fewer cards" there.
 */
export function addsNothingText(
  n: number,
  comparing: boolean,
  withOwned: boolean,
  joiningFee: number,
): string {
  const reason =
    n > 1
      ? // n counts new cards: with cards held the title counts more ('3 Card Combination').
        `it is here only to make up this combination's ${n} new cards`
      : withOwned
        ? 'the cards you hold already earn everything it could'
        : comparing
          ? 'none of the cards you chose to compare earns on it'
          : 'no card on offer here earns on it';
  const fee = joiningFee > 0 ? `, and it has a joining fee of ${formatInr(joiningFee)}` : '';
  const advice = n > 1 ? ' Ask for fewer cards, or pick any card you like for this place.' : '';
  return `Adds nothing at your spending: ${reason}${fee}.${advice}`;
}

/**
 * One combination (spec §2/§4): its savings, the cards with their roles, and for each
 * spend which card to use, what it earns there and why.
 */
export function CombinationCard({
  group,
  rank,
  lumpyEntries,
  ownedSavings = null,
  comparing = false,
  noGain = null,
}: {
  group: ComboGroup;
  rank: number;
  /** The user limited the new cards to a compare list (every new card here is one of them). */
  comparing?: boolean;
  /** Entries spent only a few times a year, by the months' worth that lands at once. */
  lumpyEntries?: ReadonlyMap<string, number>;
  /** What the cards the user holds save alone (part of this group's savings); null without any. */
  ownedSavings?: number | null;
  /** Why this saves no more than a combination with fewer new cards (noGainNote); null when it does. */
  noGain?: string | null;
}) {
  const best = rank === 0;
  // Read softly: drawn without a tenant (the view on its own), it has no apply links, not an error.
  const config = useContext(TenantContext)?.config;
  const companyName = useContext(CompanyNameContext);
  const location = useLocation();
  // Where the wizard's first Back returns: these recommendations (application spec §2's 'from').
  const from = `${location.pathname}${location.search}`;
  const cardsById = new Map(group.cards.map((c) => [c.card_id, c]));
  const outcomes = new Map<string, CardOutcome>(group.card_outcomes.map((o) => [o.card_id, o]));
  // Roles by what each card earns here net of its fee, the card doing the most work first (the
  // engine lists cards in catalogue order, which put a card that adds nothing as "Role 1").
  const net = (id: string) => {
    const o = outcomes.get(id);
    return o ? o.rewards + o.milestone_bonus - (o.owned ? 0 : o.fee_cost) : 0;
  };
  const ids = distinctCards(group).sort((a, b) => net(b) - net(a));
  const roleOf = new Map(ids.map((id, i) => [id, i + 1]));
  const nameOf = (id: string) => cardsById.get(id)?.credit_card ?? id;
  const coverage = coverageOf(group);
  const title = comboTitle(group);
  // Cards a user compares or has to keep can cost more in fees than they earn on this spending:
  // say so, rather than show a loss in a saving's green.
  const loses = group.group_savings < 0;
  const dependsOnCategory = dependsOnCategoryNote(group);
  const unconfirmed = unconfirmedNote(group);
  const held = ids.filter((id) => cardsById.get(id)?.owned || outcomes.get(id)?.owned).length;
  // A best combination that adds nothing to the cards held is no match to apply for.
  const noMoreThanHeld = ownedSavings !== null && held > 0 && group.group_savings <= ownedSavings + 0.005;
  const nothingAdded = noMoreThanHeld && !loses;
  // Spread evenly over the year, such spend can fit under a monthly cap that the month it is really
  // spent overflows (a ₹1,20,000 phone bought once a year): the figure is then more than it pays.
  const lumpyOverCap = group.group_details.some((d) => {
    const months = lumpyEntries?.get(d.entry_id) ?? 1;
    return (
      months > 1 &&
      d.winning_cards.some(
        (w) => w.tightest_cap_inr != null && w.cashback_amount * months > w.tightest_cap_inr + 0.005,
      )
    );
  });

  return (
    <article
      className={`flex flex-col gap-5 rounded-3xl border bg-card p-5 shadow-sm sm:p-6 ${best ? 'border-2 border-amber-400 shadow-amber-200/40 ring-4 ring-amber-100 dark:ring-amber-900/40' : 'border-border'}`}
      aria-label={`${best ? 'Best: ' : ''}${title}, ${loses ? `costs ${formatInr(-group.group_savings)}` : `saves ${formatInr(group.group_savings)}`} a month`}
      data-testid="combination"
      data-savings={group.group_savings}
      data-cards={ids.join(',')}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            className={`inline-flex size-11 shrink-0 items-center justify-center rounded-2xl ${best ? 'bg-gradient-to-br from-amber-300 to-amber-500 text-amber-950' : 'bg-muted text-muted-foreground'}`}
          >
            {best ? (
              <Trophy className="size-5" aria-hidden="true" />
            ) : (
              <span className="font-bold">#{rank + 1}</span>
            )}
          </span>
          <div>
            {best ? (
              <p className="text-xs font-bold tracking-wide text-amber-700 uppercase dark:text-amber-300">
                {loses ? 'Lowest cost' : nothingAdded ? 'Nothing to add to your cards' : 'Best match'}
              </p>
            ) : null}
            <h3 className="text-lg font-bold tracking-tight">{title}</h3>
            {held > 0 ? (
              // The title counts every card (spec §4), the card-count input only new ones: '11 Card
              // Combination' under 'up to 10 new cards' read as a fault.
              <p className="text-xs text-muted-foreground" data-testid="new-and-held">
                {newAndHeld(ids.length - held, held)}
              </p>
            ) : null}
          </div>
        </div>
        {/* Beside the title it is right-aligned; wrapped under it on a phone, it starts at the left
            edge like the lines below (right-aligned there, the figure floated beside its yearly line). */}
        <div className="sm:text-right">
          <p
            className={`text-2xl font-extrabold tabular-nums ${loses ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}
            data-testid="combination-savings"
          >
            {formatInr(group.group_savings)}
            <span className="text-sm font-semibold text-muted-foreground">/month</span>
          </p>
          <p className="text-xs text-muted-foreground">
            about {formatInr(Math.round(group.group_savings * 12))} a year, after fees
          </p>
          {ownedSavings !== null && group.cards.some((c) => c.owned) ? (
            // The savings count what the cards already held earn too: say what the new ones add.
            <p className="text-xs font-medium text-foreground" data-testid="added-to-owned">
              {addedText(group.group_savings, ownedSavings, ids.length - held)}
            </p>
          ) : null}
          {dependsOnCategory ? (
            <p
              className="mt-1 max-w-xs text-xs text-muted-foreground sm:ml-auto"
              data-testid="depends-on-category"
            >
              {dependsOnCategory}
            </p>
          ) : null}
          {unconfirmed ? (
            <p
              className="mt-1 max-w-xs text-xs text-muted-foreground sm:ml-auto"
              data-testid="unconfirmed-note"
            >
              {unconfirmed}
            </p>
          ) : null}
          {loses ? (
            <p className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
              The fees outweigh the rewards on this spending.
            </p>
          ) : null}
        </div>
      </header>

      {/* Against the cards held alone, the line under the savings has said it already. */}
      {noGain && !noMoreThanHeld ? (
        <p className="rounded-xl bg-muted px-3 py-2 text-xs text-muted-foreground" data-testid="no-gain">
          {noGain}
        </p>
      ) : null}

      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <Gauge className="size-4 shrink-0" aria-hidden="true" />
        <span>Covers {shownCoveragePercent(group)}% of your spending</span>
        <span className="h-1.5 w-24 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <span
            className="block h-full rounded-full bg-emerald-500"
            style={{ width: `${Math.min(100, Math.max(0, coverage))}%` }}
          />
        </span>
      </div>

      <ol className="grid gap-3 sm:grid-cols-2" aria-label="Cards in this combination">
        {ids.map((id) => {
          const card = cardsById.get(id);
          const outcome = outcomes.get(id);
          const thin = outcome ? thinMarginNote(outcome, card?.fee_waiver_annual_spend ?? null) : null;
          const notConfirmed = unconfirmedText(card?.unconfirmed);
          return (
            <li
              key={id}
              className="flex min-w-0 flex-col gap-2 rounded-2xl border border-border bg-background/60 p-4"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="rounded-full bg-accent px-2 py-0.5 text-[11px] font-bold tracking-wide text-accent-foreground">
                  Role {roleOf.get(id)}
                </span>
                {card?.owned || outcome?.owned ? (
                  <span className="inline-flex items-center gap-1 text-[11px] font-semibold text-emerald-700 dark:text-emerald-400">
                    <BadgeCheck className="size-3.5" aria-hidden="true" /> You have this card
                  </span>
                ) : null}
              </div>
              <div className="min-w-0">
                <p className="text-xs text-muted-foreground">{card?.issuer_name}</p>
                <Link
                  to={cardPath(id)}
                  className="font-semibold leading-snug hover:text-primary hover:underline"
                >
                  {card?.credit_card ?? id}
                </Link>
              </div>
              {outcome &&
              !(card?.owned || outcome.owned) &&
              outcome.rewards === 0 &&
              outcome.milestone_bonus === 0 ? (
                // The exact optimum for n cards must hold n cards even when fewer earn everything
                // (reward-model §4): say so, rather than let a card that earns nothing look chosen.
                <p
                  className="rounded-xl bg-muted px-3 py-2 text-xs text-muted-foreground"
                  data-testid="adds-nothing"
                >
                  {addsNothingText(
                    group.n,
                    comparing,
                    group.cards.some((c) => c.owned),
                    card?.joining_fee ?? 0,
                  )}
                </p>
              ) : null}
              <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
                <dt className="text-muted-foreground">Fee</dt>
                <dd className="text-right font-medium">
                  {card ? feeText(card.fee, card.fee_frequency) : '—'}
                </dd>
                {card && !(card.owned || outcome?.owned) && !joiningFeeIsTheFee(card) ? (
                  <>
                    {/* Paid once on joining, so not in the monthly figure (reward-model §2: shown,
                        not counted); unshown, a ₹2,999 joining fee met the cardholder only at the bank.
                        Not beside a one-time fee that is the joining fee itself (card-facts.ts). */}
                    <dt className="text-muted-foreground">Joining fee (once)</dt>
                    <dd className="text-right font-medium tabular-nums">
                      {separateJoiningFee(card) > 0 ? plusGst(separateJoiningFee(card)) : 'None'}
                    </dd>
                  </>
                ) : null}
                {outcome ? (
                  <>
                    <dt className="text-muted-foreground">Rewards a month</dt>
                    <dd className="text-right font-medium tabular-nums">{formatInr(outcome.rewards)}</dd>
                    {outcome.milestone_bonus > 0 ? (
                      <>
                        {/* A month's share (bonus / 12, reward-model §3), like the lines around it: bare,
                            ₹625 read as the whole bonus of a ₹7,500 milestone. */}
                        <dt className="text-muted-foreground">Milestone bonus a month</dt>
                        <dd className="text-right font-medium tabular-nums">
                          {formatInr(outcome.milestone_bonus)}
                        </dd>
                      </>
                    ) : null}
                    <dt className="text-muted-foreground">Fee a month (with GST)</dt>
                    <dd className="text-right font-medium tabular-nums">
                      {/* A held card's fee is not counted (reward-model §3: it is sunk), so the
                          engine's 0 for it read "₹0" beside "₹999 a year", as if the card were free. */}
                      {card?.owned || outcome.owned
                        ? OWNED_FEE_TEXT
                        : outcome.fee_waived
                          ? 'Waived'
                          : formatInr(outcome.fee_cost)}
                    </dd>
                  </>
                ) : null}
              </dl>
              {outcome &&
              (outcome.fee_waived || outcome.caps_reached.length || outcome.milestones_reached.length) ? (
                <ul className="flex flex-wrap gap-1.5 text-[11px]">
                  {outcome.fee_waived && card && card.fee > 0 ? (
                    <li className="rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
                      {/* The threshold, as the milestone chips beside it give theirs: "at this spend"
                          left the cardholder to find what spend. */}
                      {card.fee_waiver_annual_spend
                        ? `Fee waived: ${formatInr(card.fee_waiver_annual_spend)} spend a year reached`
                        : 'Fee waived at this spend'}
                    </li>
                  ) : null}
                  {outcome.caps_reached.map((cap, i) => (
                    <li
                      key={cap}
                      className="rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100"
                    >
                      Cap reached: {capText(outcome, i)}
                    </li>
                  ))}
                  {outcome.milestones_reached.map((m) => (
                    <li
                      key={m}
                      className="rounded-full bg-sky-50 px-2 py-0.5 font-semibold text-sky-900 dark:bg-sky-950 dark:text-sky-100"
                    >
                      {/* Milestones are a year's spend on the card (reward-model §2): beside monthly
                          figures, "₹1,00,000 spend milestone" read as more than the month's spend. */}
                      Milestone reached: {formatInr(m)} spend a year
                    </li>
                  ))}
                </ul>
              ) : null}
              {milestoneNotes(outcome) ? (
                // What the milestone bonus above is made of: a voucher of one hotel group or
                // restaurant counts at its face value, which the reader may not value so.
                <p className="text-xs text-muted-foreground" data-testid="milestone-notes">
                  Milestone bonus counted: {milestoneNotes(outcome)}.
                </p>
              ) : null}
              {card?.points_note ? (
                // ADR 029: the figure counts such points only up to the user's spend where they are spent.
                <p className="text-xs text-muted-foreground" data-testid="points-note">
                  {card.points_note}.
                </p>
              ) : null}
              {thin ? (
                <p className="text-xs text-muted-foreground" data-testid="thin-margin">
                  {thin}
                </p>
              ) : null}
              {notConfirmed ? (
                // The card page marks these facts with the same words and icon, and has the notes.
                <p className="flex gap-1.5 text-xs text-muted-foreground" data-testid="unconfirmed">
                  <AlertTriangle
                    className="mt-px size-3.5 shrink-0 text-amber-700 dark:text-amber-300"
                    aria-hidden="true"
                  />
                  <span>
                    {notConfirmed}{' '}
                    <Link
                      to={cardPath(id)}
                      className="font-medium text-foreground underline underline-offset-2 hover:text-primary"
                      aria-label={`See the card's page: ${card?.credit_card ?? id}`}
                    >
                      See the card's page
                    </Link>
                    .
                  </span>
                </p>
              ) : null}
              {/* Applying where the card is recommended, for a bank with the in-product journey:
                  the way was its page, its Apply Now, then the dialog's choice. Not for a card its
                  bank issues by invitation, whose dialog on the card page says so first. */}
              {card &&
              !(card.owned || outcome?.owned) &&
              !card.by_invitation &&
              card.bank_name &&
              isCompleteJourneyBank(
                { bank: card.bank ?? '', bank_name: card.bank_name },
                config?.completeJourneyBanks ?? '',
              ) ? (
                <Link
                  to={inProductApplyPath({ id })}
                  state={{ from }}
                  className="btn-primary mt-auto w-full text-sm"
                  aria-label={`Apply for ${card.credit_card} with ${companyName}`}
                >
                  Apply with {companyName} <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              ) : card && !(card.owned || outcome?.owned) ? (
                // Every new card gets a way on, not only the in-product bank's: its page has the
                // facts behind the figure and its own Apply Now.
                <Link
                  to={cardPath(id)}
                  className="btn-outline mt-auto w-full text-sm"
                  aria-label={`View card: ${card.credit_card}`}
                >
                  View card <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              ) : null}
            </li>
          );
        })}
      </ol>

      <div>
        <h4 className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden="true" /> Which card to use for each spend
        </h4>
        <ul className="divide-y divide-border rounded-2xl border border-border">
          {group.group_details.map((d) => {
            const capped = cappedNote(d, nameOf, (cardId) => {
              const outcome = outcomes.get(cardId);
              return outcome?.caps_reached.length === 1 ? capText(outcome, 0) : undefined;
            });
            return (
              <li
                key={d.entry_id}
                className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-4"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{d.spend_label || 'Spending'}</p>
                  <p className="text-xs text-muted-foreground tabular-nums">{formatInr(d.amount)} a month</p>
                </div>
                <ul className="flex min-w-0 flex-col gap-2 sm:max-w-[60%] sm:items-end sm:text-right">
                  {d.winning_cards.length === 0 && !d.capped_by?.length ? (
                    <li className="text-xs text-muted-foreground">No card in this combination earns here.</li>
                  ) : (
                    d.winning_cards.map((w) => (
                      <li key={w.card_id} className="min-w-0">
                        <p className="flex flex-wrap items-center gap-1.5 sm:justify-end">
                          <span className="rounded bg-accent px-1.5 text-[10px] font-bold text-accent-foreground">
                            Role {roleOf.get(w.card_id) ?? '?'}
                          </span>
                          <ArrowRight className="size-3.5 text-muted-foreground" aria-hidden="true" />
                          <span className="font-semibold">{w.credit_card}</span>
                        </p>
                        <p className="text-xs">
                          earns{' '}
                          <strong className="text-emerald-700 tabular-nums dark:text-emerald-400">
                            {formatInr(w.cashback_amount)}
                          </strong>
                          {w.amount_used !== d.amount ? ` on ${formatInr(w.amount_used)}` : ''}
                        </p>
                        {w.reasons.length ? (
                          <p className="text-xs text-muted-foreground">{w.reasons.join('; ')}</p>
                        ) : null}
                      </li>
                    ))
                  )}
                  {capped ? (
                    <li className="text-xs text-muted-foreground" data-testid="capped-note">
                      {capped}
                    </li>
                  ) : null}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
      {lumpyOverCap ? (
        <p className="rounded-xl bg-muted px-3 py-2 text-xs text-muted-foreground" data-testid="lumpy-note">
          Some of this spending happens once or only a few times a year, and we count it spread evenly over
          the months (a one-time spend as once a year). In the month you actually spend it, it passes a card's
          monthly cap here, so this combination will pay less than shown.
        </p>
      ) : null}
      {best ? (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Crown className="size-3.5 text-amber-500" aria-hidden="true" />
          Highest monthly savings for your spending, after annual fees spread over 12 months.
        </p>
      ) : null}
    </article>
  );
}
