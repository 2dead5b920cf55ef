import { ListChecks, Sparkles, Wallet } from 'lucide-react';
import { lazy } from 'react';
import { BrowseShortcuts } from './browse-shortcuts.tsx';
import { LazyWhenVisible } from './lazy-when-visible.tsx';
import { PromotionsBanner } from './promotions-banner.tsx';

/** Id of the spending section, the target of 'Get Started'. */
export const SPEND_SECTION_ID = 'spend-form' as const;

// Below the fold: each part is fetched only when the visitor scrolls near it.
const loadSpendingArea = () => import('../spending/spending-area.tsx');
const SpendingArea = lazy(loadSpendingArea);

/** Starts fetching the spending form's chunk, when the visitor shows they are about to need it. */
export function preloadSpendingArea(): void {
  loadSpendingArea().catch(() => undefined);
}
const FeaturedSection = lazy(() => import('./featured-section.tsx'));

const STEPS = [
  { Icon: Wallet, text: 'Add where and how much you spend' },
  { Icon: ListChecks, text: 'We test every card combination, with caps and fees' },
  { Icon: Sparkles, text: 'See which card to use for each spend' },
] as const;

/** Everything on `/` below the hero. */
export default function HomeSections() {
  return (
    <>
      <PromotionsBanner />
      <section aria-label="Spending and recommendations" className="container-page pt-12 pb-6">
        <div className="mb-6 flex flex-col gap-3">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            Personalised for your spending
          </p>
          <ol className="flex flex-col gap-2 text-sm text-muted-foreground sm:flex-row sm:gap-6">
            {STEPS.map(({ Icon, text }, i) => (
              <li key={text} className="flex items-center gap-2">
                <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-bold text-primary">
                  {i + 1}
                </span>
                <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ol>
        </div>
        <LazyWhenVisible
          id={SPEND_SECTION_ID}
          component={SpendingArea}
          minHeight="70vh"
          label="Loading the spending form"
        />
      </section>
      <BrowseShortcuts />
      <LazyWhenVisible component={FeaturedSection} minHeight="32rem" label="Loading featured cards" />
    </>
  );
}
