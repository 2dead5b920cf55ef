import { TooltipProvider } from '../layout/tooltip-provider.tsx';
import { BrowseShortcuts } from './browse-shortcuts.tsx';
import { FeaturedCards } from './featured-cards.tsx';
import { SpendingSection } from './spending-section.tsx';

/** Everything on `/` below the hero: loaded lazily, since featured cards need the API client. */
export default function HomeSections() {
  return (
    <TooltipProvider>
      <BrowseShortcuts />
      <FeaturedCards />
      <SpendingSection />
    </TooltipProvider>
  );
}
