import {
  type CardDetail,
  RESEARCH_NOTE_FIELD,
  UNCOUNTED_RATES_FIELD,
  UNDATED_AS_OF,
} from '@cardwise/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangle,
  ArrowLeft,
  Ban,
  Check,
  ExternalLink,
  Fuel,
  Gift,
  Plane,
  RotateCw,
  Sparkles,
  Trophy,
  UserCheck,
} from 'lucide-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { apiErrorCode, isApiError } from '../../lib/api-errors.ts';
import { formatFeeWithGst, formatInr, humanizeSlug } from '../../lib/format.ts';
import { notifyError } from '../../lib/notify.ts';
import { TooltipProvider } from '../layout/tooltip-provider.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { NotFound } from '../placeholders/not-found-page.tsx';
import { ApplyButton } from './apply-button.tsx';
import { bankSite } from './bank-site.ts';
import { CardBanner } from './card-banner.tsx';
import {
  feeName,
  fieldLabel,
  forexMarkupText,
  joiningFeeIsTheFee,
  milestoneText,
  sourceLabel,
  uncertainNotes,
  waiverText,
} from './card-facts.ts';
import type { FromCardList } from './card-tile.tsx';
import { cardKeys, fetchCard, fetchCategories } from './cards-api.ts';
import { categoryNameIndex } from './category-names.ts';
import { describeCaps, describeRules, nameFromIndex } from './earn-rule-text.ts';
import { CARDS_ERROR_TEXT } from './list-cards.tsx';

export default function CardDetailPage() {
  const { id = '' } = useParams();
  const card = useQuery({
    queryKey: cardKeys.detail(id),
    queryFn: () => fetchCard(id),
    meta: { toast: false },
  });
  // An id the server refuses to look up (400: longer than any card id) names no card either: the
  // same "not found" as an unknown id, not a failure to try again.
  const refusal =
    isApiError(card.error) && (card.error.status === 404 || card.error.status === 400) ? card.error : null;

  // "Not found" is this page's own state; other failures still get the catalogue's toast.
  useEffect(() => {
    if (card.isError && !refusal) notifyError(card.error);
  }, [card.isError, card.error, refusal]);

  if (refusal) {
    // A card the server knows but this site does not show (another partner's link, a withdrawn
    // card's bookmark): its answer names the card and says why.
    const code = apiErrorCode(refusal);
    if (code === 'not_offered' || code === 'retired') {
      return (
        <NotFound
          title={code === 'retired' ? 'Card no longer offered' : 'Card not offered here'}
          message={`${refusal.message} See the cards on offer here.`}
          cardsLabel="All cards"
        />
      );
    }
    return (
      <NotFound
        title="Card not found"
        message="We couldn't find a card at this address. It may have been removed or the link may be wrong."
        cardsLabel="All cards"
      />
    );
  }
  if (card.isError) return <DetailError onRetry={() => card.refetch()} />;
  if (card.isPending) return <DetailSkeleton />;
  return (
    <TooltipProvider>
      <CardDetailView card={card.data} />
    </TooltipProvider>
  );
}

function DetailError({ onRetry }: { onRetry: () => void }) {
  usePageTitle('Card');
  return (
    <div role="alert" className="container-page py-24 text-center">
      <p className="font-semibold">{CARDS_ERROR_TEXT}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={onRetry}>
          <RotateCw className="size-4" aria-hidden="true" /> Try again
        </button>
        {/* A way on when trying again does not help, as the loaded page's back link offers. */}
        <Link to="/cards" className="btn-outline">
          <ArrowLeft className="size-4" aria-hidden="true" /> All cards
        </Link>
      </div>
    </div>
  );
}

function DetailSkeleton() {
  usePageTitle('Card');
  return (
    <div className="container-page grid gap-10 py-12 lg:grid-cols-[380px_1fr]" aria-busy="true">
      <p className="sr-only" role="status">
        Loading card…
      </p>
      <div className="skeleton aspect-[1.586] w-full rounded-2xl" />
      <div className="space-y-4">
        <div className="skeleton h-4 w-32" />
        <div className="skeleton h-9 w-3/4" />
        <div className="skeleton h-5 w-1/2" />
        <div className="skeleton h-24 w-full" />
      </div>
    </div>
  );
}

/** Short notes are shown where the fact is; long ones point to the full list at the top. */
const INLINE_NOTE_MAX = 140;

/**
 * A perk the research found no figure for. The catalogue holds "None" where a source says the card
 * has none; null means no source said, and a cardholder must not read that as "no lounge access".
 */
export const NOT_FOUND = 'Not found in our sources';

function NotConfirmed({ notes }: { notes: string[] }) {
  if (!notes.length) return null;
  const text = notes.join(' ');
  return (
    <p className="mt-1.5 flex gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300">
      <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        Not confirmed: {text.length <= INLINE_NOTE_MAX ? text : 'see the notes at the top of this page.'}
      </span>
    </p>
  );
}

function Panel({
  title,
  icon,
  children,
  short = false,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  /** Its own height, not its grid row's: one line stretched to a tall neighbour read as a blank panel. */
  short?: boolean;
}) {
  return (
    <section
      className={`rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6 ${short ? 'self-start' : ''}`}
    >
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <span className="text-primary">{icon}</span>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Fact({ label, value, notes = [] }: { label: ReactNode; value: ReactNode; notes?: string[] }) {
  return (
    <div className="rounded-xl bg-muted p-4">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-semibold">
        {value}
        <NotConfirmed notes={notes} />
      </dd>
    </div>
  );
}

const REWARD_UNITS: Record<string, string> = { points: 'reward points', miles: 'air miles', coins: 'coins' };

/**
 * Beside the point value, for points bound to one platform (ADR 029): spendable there alone, or
 * there at that value and elsewhere at a lesser one (ADR 031), and how a recommendation counts them.
 */
function boundPointsText(card: CardDetail): string {
  const bound = card.points_redeemable_only_on;
  if (!bound) return '';
  const elsewhere = card.points_value_elsewhere_inr;
  if (elsewhere && card.reward_point_value_inr !== null) {
    const value = formatInr(card.reward_point_value_inr);
    return ` The points are worth ${value} on ${bound.spent_on} and ${formatInr(elsewhere)} elsewhere: a recommendation counts them at ${value} up to what you spend there, or at ${formatInr(elsewhere)} each if you spend nothing there.`;
  }
  return ` The points can be spent only on ${bound.spent_on}, so a recommendation counts them only up to what you spend there.`;
}

/** The list the card was opened from, as it was left (card-tile.tsx); else the whole list. */
export function backToList(state: unknown): string {
  const from = (state as FromCardList | null)?.fromList;
  return typeof from === 'string' &&
    (from === '/cards' || from.startsWith('/cards?') || from.startsWith('/cards/'))
    ? from
    : '/cards';
}

function CardDetailView({ card }: { card: CardDetail }) {
  usePageTitle(card.name);
  const location = useLocation();
  const categories = useQuery({
    queryKey: cardKeys.categories,
    queryFn: fetchCategories,
    meta: { toast: false },
  });
  const nameOf = useMemo(() => nameFromIndex(categoryNameIndex(categories.data ?? [])), [categories.data]);
  const ruleLines = useMemo(() => describeRules(card.rules, card.cap_groups, nameOf), [card, nameOf]);
  const highlights = [...new Set([...card.highlights, ...card.benefits])];
  const unit = REWARD_UNITS[card.reward_type];

  return (
    <article className="container-page py-8 sm:py-12">
      <Link
        to={backToList(location.state)}
        className="tap-inline gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> All cards
      </Link>

      <div className="mt-6 grid gap-8 lg:grid-cols-[380px_1fr] lg:gap-12">
        <div className="mx-auto w-full max-w-sm lg:max-w-none">
          <CardBanner card={card} size="lg" />
        </div>
        <div>
          <p className="text-sm font-semibold text-muted-foreground">{card.bank_name}</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{card.name}</h1>
          {card.tags.length ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
              {card.tags.map((t) => (
                <li
                  key={t.slug}
                  className="rounded-full bg-accent px-2.5 py-1 text-xs font-semibold text-accent-foreground"
                >
                  {t.name}
                </li>
              ))}
            </ul>
          ) : null}
          {card.description ? <p className="mt-4 text-muted-foreground">{card.description}</p> : null}
          <p className="mt-5 text-lg">
            <span className="text-muted-foreground">{feeName(card.fee_frequency)}: </span>
            <span className="font-bold">{formatFeeWithGst(card.fee, card.fee_frequency)}</span>
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <ApplyButton card={card} className="sm:min-w-40" />
            {card.bank_page_url ? (
              <a href={card.bank_page_url} target="_blank" rel="noopener noreferrer" className="btn-outline">
                Card page on {bankSite(card.bank_name, 'site')}{' '}
                <ExternalLink className="size-4" aria-hidden="true" />
              </a>
            ) : null}
          </div>
        </div>
      </div>

      {card.uncertain.length ? (
        <aside
          aria-labelledby="uncertain-heading"
          className="mt-10 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          <h2 id="uncertain-heading" className="flex items-center gap-2 font-bold">
            <AlertTriangle className="size-5" aria-hidden="true" /> Some facts are not confirmed
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {card.uncertain.map((u) => (
              <li key={`${u.field}:${u.note}`}>
                {/* A note on the research as a whole names no field of its own. */}
                {u.field === RESEARCH_NOTE_FIELD
                  ? u.note
                  : `Not confirmed: ${fieldLabel(u.field)}: ${u.note}`}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs">Check these with {card.bank_name} before you apply.</p>
        </aside>
      ) : null}

      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <Panel title="Fees and charges" icon={<span aria-hidden="true">₹</span>}>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact
              label={`${feeName(card.fee_frequency)} (incl. 18% GST)`}
              value={formatFeeWithGst(card.fee, card.fee_frequency)}
              notes={uncertainNotes(card, 'annual_fee', 'fee')}
            />
            <Fact
              label="Joining fee (incl. 18% GST)"
              value={
                joiningFeeIsTheFee(card)
                  ? 'The one-time fee above, paid when you join'
                  : card.joining_fee > 0
                    ? formatFeeWithGst(card.joining_fee, 'ONE_TIME')
                    : 'None'
              }
              notes={uncertainNotes(card, 'joining_fee')}
            />
            <Fact
              label="Fee waiver"
              value={waiverText(card)}
              notes={uncertainNotes(card, 'fee_waiver_annual_spend', 'waiver_condition')}
            />
            <Fact
              label="Interest rate"
              value={card.interest_rate ?? 'Not published'}
              notes={uncertainNotes(card, 'interest_rate')}
            />
          </dl>
        </Panel>

        <Panel title="How you earn" icon={<Sparkles className="size-5" aria-hidden="true" />}>
          {unit ? (
            <p className="mb-3 text-sm text-muted-foreground">
              This card earns {unit}. Rates below are the rupee value you get back
              {card.reward_point_value_inr !== null
                ? `, at ${formatInr(card.reward_point_value_inr)} per point`
                : ''}
              .{boundPointsText(card)}
            </p>
          ) : (
            <p className="mb-3 text-sm text-muted-foreground">Cashback as a share of what you spend.</p>
          )}
          {ruleLines.length ? (
            <ul className="space-y-2.5">
              {ruleLines.map((line) => (
                <li key={line.text} className="flex gap-2.5 text-sm">
                  {line.kind === 'exclusion' ? (
                    <Ban className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden="true" />
                  ) : (
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                  )}
                  <span className={line.kind === 'earn' ? 'font-medium' : ''}>{line.text}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm">The earn rates of this card are not in our catalogue yet.</p>
          )}
          {describeCaps(card.cap_groups).length ? (
            <>
              <h3 className="mt-5 text-sm font-semibold">Reward caps</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
                {describeCaps(card.cap_groups).map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </>
          ) : null}
          <NotConfirmed
            notes={uncertainNotes(
              card,
              'rules',
              UNCOUNTED_RATES_FIELD,
              'cap_groups',
              'reward_point_value_inr',
            )}
          />
        </Panel>

        <Panel
          title="Milestones"
          icon={<Trophy className="size-5" aria-hidden="true" />}
          short={card.milestones.length === 0}
        >
          {card.milestones.length ? (
            <ul className="space-y-2 text-sm">
              {card.milestones.map((m) => (
                <li key={`${m.annual_spend}-${m.bonus_inr}`} className="flex gap-2.5">
                  <Trophy className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
                  {milestoneText(m)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No spend milestones on this card.</p>
          )}
          <NotConfirmed notes={uncertainNotes(card, 'milestones')} />
        </Panel>

        <Panel title="Welcome bonus and perks" icon={<Gift className="size-5" aria-hidden="true" />}>
          <dl className="grid gap-3">
            <Fact
              label="Welcome bonus"
              value={card.welcome_bonus ?? NOT_FOUND}
              notes={uncertainNotes(card, 'welcome_bonus')}
            />
            <Fact
              label={
                <span className="inline-flex items-center gap-1.5">
                  <Plane className="size-3.5" aria-hidden="true" /> Lounge access
                </span>
              }
              value={card.lounge_access ?? NOT_FOUND}
              notes={uncertainNotes(card, 'lounge_access')}
            />
            <Fact
              label={
                <span className="inline-flex items-center gap-1.5">
                  <Fuel className="size-3.5" aria-hidden="true" /> Fuel surcharge waiver
                </span>
              }
              value={card.fuel_surcharge_waiver ?? NOT_FOUND}
              notes={uncertainNotes(card, 'fuel_surcharge_waiver')}
            />
            <Fact
              label="Foreign-currency markup"
              value={forexMarkupText(card.forex_markup_rate) ?? NOT_FOUND}
              notes={uncertainNotes(card, 'forex_markup_rate')}
            />
          </dl>
        </Panel>

        <Panel title="Eligibility" icon={<UserCheck className="size-5" aria-hidden="true" />}>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact
              label="Minimum income"
              value={card.min_income !== null ? `${formatInr(card.min_income)} a year` : 'Not published'}
              notes={uncertainNotes(card, 'min_income')}
            />
            <Fact
              label="Credit score"
              value={card.credit_score !== null ? `${card.credit_score} or higher` : 'Not published'}
              notes={uncertainNotes(card, 'credit_score')}
            />
          </dl>
          {card.eligibility ? <p className="mt-3 text-sm">{card.eligibility}</p> : null}
          <NotConfirmed notes={uncertainNotes(card, 'eligibility')} />
        </Panel>

        <Panel title="Key benefits" icon={<Check className="size-5" aria-hidden="true" />}>
          {highlights.length ? (
            <ul className="space-y-2 text-sm">
              {highlights.map((h) => (
                <li key={h} className="flex gap-2.5">
                  <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                  {h}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No other benefits listed.</p>
          )}
          <p className="mt-4 text-xs text-muted-foreground">
            Network: {card.network ?? 'not stated'} · Type: {humanizeSlug(card.card_type.toLowerCase())}
          </p>
        </Panel>
      </div>

      {card.editorial_rationale ? (
        <section className="mt-6 rounded-2xl border border-border bg-card p-5 sm:p-6">
          <h2 className="text-lg font-bold">Why we list it this way</h2>
          <p className="mt-2 text-sm text-muted-foreground">{card.editorial_rationale}</p>
        </section>
      ) : null}

      <section
        aria-labelledby="sources-heading"
        className="mt-6 rounded-2xl border border-border bg-card p-5 sm:p-6"
      >
        <h2 id="sources-heading" className="text-lg font-bold">
          Where these facts come from
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {card.as_of.startsWith(UNDATED_AS_OF) ? (
            // "undated (Canara Bank page)" read "Facts as of undated (Canara Bank page)."
            `These facts are undated${card.as_of.slice(UNDATED_AS_OF.length).replace(/^\s*\((.*)\)$/, ' ($1)')}.`
          ) : (
            <>
              Facts as of <span className="font-semibold text-foreground">{card.as_of}</span>.
            </>
          )}{' '}
          Terms change: confirm them with {card.bank_name} before applying.
        </p>
        {/* On phones each source is a 44 px tall row, stacked without gaps so the touch areas do not overlap. */}
        <ul className="mt-3 space-y-1.5 text-sm touch:space-y-0">
          {[...new Set([...card.sources, ...card.know_more_urls])].map((url) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 break-all text-primary underline underline-offset-2 touch:min-h-11"
              >
                {sourceLabel(url)} <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
