import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../layout/use-page-title.ts';
import { useTenant } from '../tenant/tenant-context.ts';

/**
 * /about (spec §2; its content is "not shown"). What a careful person asks of a card comparison
 * site before trusting it: how the numbers are made, where the facts come from, who pays, and
 * what happens to their data. Every sentence here is a property of this product that its code or
 * catalogue holds (reward-model.md, the seed's editorial notes, ADRs 006 and 010): nothing is
 * claimed that the product does not do.
 */
export default function AboutPage() {
  usePageTitle('About');
  const { companyName } = useTenant();
  return (
    <article className="container-page max-w-3xl py-12 sm:py-16">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">About {companyName}</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          {companyName} finds the credit cards that earn you the most on your own spending. You tell us what
          you spend and where; we work out which card, or which combination of cards, saves you the most each
          month after their fees.
        </p>
      </header>

      <InfoSection title="How we compare cards">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Each spend is split across the cards in the way that earns the most overall, within every card's
            monthly caps: when one card reaches its cap, the rest goes to the next best card.
          </li>
          <li>
            Annual fees are counted with 18% GST and spread over twelve months. A fee waiver or a milestone
            bonus counts only when your spending on that card reaches it.
          </li>
          <li>
            Spend a card leaves out of its rewards, such as fuel, rent or wallet loads on many cards, earns
            nothing on that card and does not count towards its waiver or milestones.
          </li>
          <li>
            We check every combination that could win, so the combination we show is the best one for the
            spending you entered, not an estimate. If a large request cannot be finished in time, we show the
            combinations we could prove and say which are missing.
          </li>
        </ul>
      </InfoSection>

      <InfoSection title="Where our facts come from">
        <p>
          Each card's fees, reward rates, caps and exclusions come from the bank's own pages and from
          published reviews. Every card page lists its sources and the date its facts were checked. A fact we
          could not confirm is marked 'Not confirmed' on the card page. Banks change their terms, so check the
          bank's current terms before you apply.
        </p>
      </InfoSection>

      <InfoSection title="How we are paid">
        <p>
          Banks do not pay us for where a card appears: recommendations are ranked by your monthly savings
          alone, and a card we earn nothing on ranks exactly where its savings put it. When a card you applied
          for through us is issued, its bank may pay us a referral fee; that is what pays for the cashback you
          can claim with a screenshot of your application. The cards in the home page's sponsored spot are
          ones we feature there, never higher in your recommendations.
        </p>
      </InfoSection>

      <InfoSection title="Your data">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Spending you enter while signed out stays in this browser. When you sign in, it is saved to your
            account so it follows you to other devices.
          </li>
          <li>
            We do not send your spending to banks, and getting recommendations never checks your credit score.
          </li>
          <li>
            Your applications and the documents you upload open only in your own signed-in account; no other
            user can see them.
          </li>
        </ul>
      </InfoSection>

      <div className="mt-10 flex flex-wrap gap-3">
        <Link to="/" className="btn-primary">
          Find my best cards <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
        <Link to="/faq" className="btn-outline">
          Read the FAQ
        </Link>
      </div>
    </article>
  );
}

function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      <div className="mt-3 text-base leading-relaxed text-foreground/90">{children}</div>
    </section>
  );
}
