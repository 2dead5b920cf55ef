import { lazy, Suspense } from 'react';
import { usePageTitle } from '../layout/use-page-title.ts';
import { Hero } from './hero.tsx';
import { scrollToSection } from './scroll-to-section.ts';

const loadHomeSections = () => import('./home-sections.tsx');
const HomeSections = lazy(loadHomeSections);

/**
 * A pointer over 'Get Started', or the keyboard on it: the spending form's chunk starts loading
 * then rather than when the scroll reaches it (it showed 'Loading the spending form' for seconds
 * after the click). Not at first load: the Lighthouse budget keeps it out of `/`'s first bytes.
 */
function preloadSpendingForm(): void {
  loadHomeSections()
    .then((m) => m.preloadSpendingArea())
    .catch(() => undefined);
}

/** Id of the spending section, the target of 'Get Started' (kept here: the hero must not import the lazy chunk). */
const SPEND_SECTION_ID = 'spend-form';

/**
 * `/`. The hero is part of the entry chunk so the page's largest text paints without
 * waiting for another download; the sponsored carousel and the sections below load
 * lazily, the heavy ones (spending form, recommendations, preferences, featured cards)
 * only when scrolled near.
 */
export function HomePage() {
  usePageTitle(null);
  return (
    <>
      <Hero onGetStarted={() => scrollToSection(SPEND_SECTION_ID)} onGetStartedIntent={preloadSpendingForm} />
      <Suspense fallback={<div className="min-h-[60vh]" aria-hidden="true" />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
