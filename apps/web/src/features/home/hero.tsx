import { ArrowDown, ArrowRight, BadgeIndianRupee, FileCheck2, Scale } from 'lucide-react';
import { Link } from 'react-router';
import { HOME_TITLE } from '../layout/use-page-title.ts';

const POINTS = [
  { Icon: BadgeIndianRupee, text: 'Fees shown with 18% GST included' },
  { Icon: Scale, text: 'Reward rates and caps in plain words' },
  { Icon: FileCheck2, text: 'Sources and dates for every fact' },
] as const;

/** The home hero. The sponsored-cards carousel of spec §2 slots in on the right in a later issue. */
export function Hero({ onGetStarted }: { onGetStarted: () => void }) {
  return (
    <section className="relative overflow-hidden border-b border-border bg-card">
      <div
        className="-z-0 pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--cw-accent),transparent_60%)]"
        aria-hidden="true"
      />
      <div className="container-page relative grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="inline-flex items-center rounded-full border border-border bg-background px-3 py-1 text-xs font-semibold text-primary">
            Independent comparison · India
          </p>
          <h1 className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight sm:text-5xl">
            {HOME_TITLE}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">
            See what every card really costs and earns: annual fees with GST, cashback and reward rates with
            their monthly caps, lounge access and fuel surcharge waivers, side by side.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button type="button" className="btn-primary px-6 py-3 text-base" onClick={onGetStarted}>
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
        <div className="relative mx-auto hidden h-72 w-full max-w-sm lg:block" aria-hidden="true">
          <div className="absolute top-0 right-0 aspect-[1.586] w-72 rotate-6 rounded-2xl bg-gradient-to-br from-slate-700 to-slate-950 shadow-2xl" />
          <div className="absolute top-10 right-10 aspect-[1.586] w-72 -rotate-3 rounded-2xl bg-gradient-to-br from-sky-500 to-indigo-800 shadow-2xl" />
          <div className="absolute top-20 right-20 flex aspect-[1.586] w-72 flex-col justify-between rounded-2xl bg-gradient-to-br from-orange-500 to-rose-700 p-5 text-white shadow-2xl">
            <span className="h-8 w-11 rounded-md bg-gradient-to-br from-amber-200 to-amber-400" />
            <span className="font-mono text-sm tracking-[0.2em]">•••• •••• •••• 1234</span>
            <span className="flex justify-between text-xs">
              <span>CARD HOLDER</span>
              <span>04/29</span>
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}
