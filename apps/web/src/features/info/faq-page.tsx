import { DESIRED_CARD_COUNT_MAX, FREQUENCY_FACTOR } from '@cardwise/contracts';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../layout/use-page-title.ts';

const INLINE_LINK = 'font-medium text-primary underline underline-offset-2';

interface Question {
  question: string;
  answer: ReactNode;
}

/**
 * The questions people ask before trusting a recommendation. The answers state what the engine
 * and the pages do (reward-model.md, ADRs 009 and 010); when one of those changes, its answer here
 * changes with it.
 */
const QUESTIONS: Question[] = [
  {
    question: 'What does "monthly savings" mean?',
    answer: (
      <p>
        The rewards a combination of cards earns on your spending in a month, plus any milestone bonuses
        spread over twelve months, minus the annual fees of the new cards (with 18% GST) spread over twelve
        months. A fee is left out when your spending on that card reaches its fee waiver.
      </p>
    ),
  },
  {
    question: 'Why do two cards not save twice as much as one?',
    answer: (
      <p>
        Each rupee can be spent on one card only, and most rewards have monthly caps. A second card adds only
        what it earns on spend the first card pays less on, or on spend past the first card's cap, and its own
        fee counts against that. When a second card would not pay for its fee, a single card is the best
        answer.
      </p>
    ),
  },
  {
    question: 'Are joining fees counted?',
    answer: (
      <p>
        No. Joining fees and one-time fees are shown on each card but not counted in monthly savings, which
        describe a usual month once you hold the card. Annual and monthly fees are counted, with GST.
      </p>
    ),
  },
  {
    question: 'How do daily, weekly or yearly spends count?',
    answer: (
      <p>
        Every spend is turned into a monthly amount: a daily spend counts {FREQUENCY_FACTOR.DAILY} times, a
        weekly spend {Math.round(FREQUENCY_FACTOR.WEEKLY * 12)} times a year spread over twelve months, a
        quarterly spend a third, a half-yearly spend a sixth, and a yearly or one-time spend a twelfth.
      </p>
    ),
  },
  {
    question: 'Why does a card earn nothing on fuel, rent or wallet loads?',
    answer: (
      <p>
        Many cards leave such spends out of their rewards. We follow each card's terms: that spend earns
        nothing on that card and does not count towards its fee waiver or milestones, so it goes to a card
        that does reward it, or to none.
      </p>
    ),
  },
  {
    question: 'How are reward points and miles valued?',
    answer: (
      <p>
        At the rupee value per point shown on the card's page, usually what the points are worth as statement
        credit or in the bank's own catalogue. Transfers to airline or hotel partners can be worth more, but
        their value depends on how you redeem, so we do not count it.
      </p>
    ),
  },
  {
    question: 'What about the cards I already have?',
    answer: (
      <p>
        Sign in and add them under 'My credit cards' on your{' '}
        <Link to="/profile" className={INLINE_LINK}>
          profile
        </Link>
        . They are then part of every combination, their fees are not counted (you pay them already), and the
        recommended new cards are the ones that add the most on top of them. You can also choose cards to
        compare, cards to leave out, and how many new cards you want (up to {DESIRED_CARD_COUNT_MAX}).
      </p>
    ),
  },
  {
    question: 'Do sponsored cards rank higher?',
    answer: (
      <p>
        No. Recommendations are ranked by your monthly savings alone. Banks do not pay us for where a card
        appears; see{' '}
        <Link to="/about" className={INLINE_LINK}>
          About
        </Link>
        .
      </p>
    ),
  },
  {
    question: 'Where do the card facts come from, and how current are they?',
    answer: (
      <p>
        From the banks' own pages and published reviews. Each card page lists its sources and the date its
        facts were checked, and marks any fact we could not confirm as 'Not confirmed'. Terms change, so check
        the bank's current terms before you apply.
      </p>
    ),
  },
  {
    question: 'Do I need an account?',
    answer: (
      <p>
        Not for recommendations: anyone can add spending and see the best cards. An account keeps your
        spending on every device and unlocks card preferences and applications.
      </p>
    ),
  },
  {
    question: 'How do I apply for a card?',
    answer: (
      <p>
        Use Apply Now on the card. For some banks you can apply here in six steps: your details, your
        employment and income, your KYC documents (PAN card, both sides of your Aadhaar card and an address
        proof; an income proof if you have one), a review, and the submission; your progress is saved, so you
        can come back to it. For other cards, Apply Now opens the bank's own site; you can then upload a
        screenshot of your application from the same dialog as proof to claim cashback.
      </p>
    ),
  },
  {
    question: 'Does checking recommendations affect my credit score?',
    answer: (
      <p>
        No. We do not check your credit score or send your spending to banks. Only an application you submit
        to a bank can lead to a credit check, by that bank.
      </p>
    ),
  },
];

/** /faq (spec §2; its content is "not shown"). */
export default function FaqPage() {
  usePageTitle('FAQ');
  return (
    <article className="container-page max-w-3xl py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Frequently asked questions</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        How we work out your savings, what we count and what we do not.
      </p>
      <div className="mt-8 divide-y divide-border rounded-2xl border border-border bg-card">
        {QUESTIONS.map((q) => (
          <details key={q.question} className="group px-5 py-1">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
              <span>{q.question}</span>
              <ChevronDown
                className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <div className="pb-4 leading-relaxed text-foreground/90">{q.answer}</div>
          </details>
        ))}
      </div>
      <p className="mt-8 text-muted-foreground">
        Another question?{' '}
        <Link to="/contact" className={INLINE_LINK}>
          Write to us
        </Link>
        .
      </p>
    </article>
  );
}
