import { useRef } from 'react';
import { usePageTitle } from '../layout/use-page-title.ts';
import { BrowseShortcuts } from './browse-shortcuts.tsx';
import { FeaturedCards } from './featured-cards.tsx';
import { Hero } from './hero.tsx';
import { SpendingSection } from './spending-section.tsx';

/**
 * `/`. Built from independent sections so the later home-page issue can slot in the
 * spending form, recommendations and preferences (inside SpendingSection) and the
 * sponsored carousel (in Hero) without reshaping the page.
 */
export default function HomePage() {
  usePageTitle(null);
  const spendRef = useRef<HTMLElement>(null);
  return (
    <>
      <Hero
        onGetStarted={() => {
          spendRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          spendRef.current?.focus({ preventScroll: true });
        }}
      />
      <BrowseShortcuts />
      <FeaturedCards />
      <SpendingSection ref={spendRef} />
    </>
  );
}
