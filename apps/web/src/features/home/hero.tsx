import { ArrowDown, ArrowRight, BadgeIndianRupee, FileCheck2, Scale } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { DEFAULT_TENANT } from '../../lib/tenant.ts';
import { HOME_TITLE } from '../layout/use-page-title.ts';
import { useTenant } from '../tenant/tenant-context.ts';

const POINTS = [
  { Icon: BadgeIndianRupee, text: 'Every fee counted with its 18% GST' },
  { Icon: Scale, text: 'Reward rates and caps in plain words' },
  { Icon: FileCheck2, text: 'Sources and dates for every fact' },
] as const;

// The carousel needs the API client and card data: its own chunk, after the headline paints.
const SponsoredCarousel = lazy(() => import('./sponsored-carousel.tsx'));

/** Same footprint as the carousel, so nothing moves when it arrives. */
function CarouselPlaceholder() {
  return (
    <div
      className="mx-auto min-h-[33rem] w-full max-w-sm rounded-3xl border border-border bg-card/90 p-5 shadow-xl"
      aria-hidden="true"
    />
  );
}

/** The home hero (spec §2): headline, 'Get Started', 'Explore All Cards', and the sponsored-cards carousel. */
export function Hero({
  onGetStarted,
  onGetStartedIntent,
}: {
  onGetStarted: () => void;
  /** The visitor is about to press 'Get Started' (pointer over it, touch, focus). */
  onGetStartedIntent?: () => void;
}) {
  // Not "independent": the carousel beside it holds sponsored cards and some Apply Nows earn us a
  // fee (About, "How we are paid"). What is true is that the recommendation ranks by the user's own
  // spending alone. A partner's site shows only the banks it partners with, so it claims neither.
  const { slug } = useTenant();
  const badge =
    slug === DEFAULT_TENANT ? 'Ranked by your own spending · India' : 'Credit card comparison · India';
  return (
    <section className="relative overflow-hidden border-b border-border bg-card">
      <div
        className="-z-0 pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--cw-accent),transparent_60%)]"
        aria-hidden="true"
      />
      <div className="container-page relative grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="inline-flex items-center rounded-full border border-border bg-background px-3 py-1 text-xs font-semibold text-primary">
            {badge}
          </p>
          <h1 className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight sm:text-5xl">
            {HOME_TITLE}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">
            See what every card really costs and earns: annual fees with GST, cashback and reward rates with
            their monthly caps, lounge access and fuel surcharge waivers, side by side.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              className="btn-primary px-6 py-3 text-base"
              onClick={onGetStarted}
              onPointerEnter={onGetStartedIntent}
              onPointerDown={onGetStartedIntent}
              onFocus={onGetStartedIntent}
            >
              Get Started <ArrowDown className="size-4" aria-hidden="true" />
            </button>
            <Link to="/cards" className="btn-outline px-6 py-3 text-base">
              Explore All Cards <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
          <ul className="mt-8 grid gap-3 text-sm sm:grid-cols-3">
            {POINTS.map(({ Icon, text }) => (
              <li key={text} className="flex items-start gap-2">
                <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span className="text-muted-foreground">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <Suspense fallback={<CarouselPlaceholder />}>
          <SponsoredCarousel />
        </Suspense>
      </div>
    </section>
  );
}
