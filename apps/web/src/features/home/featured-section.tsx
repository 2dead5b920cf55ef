import { TooltipProvider } from '../layout/tooltip-provider.tsx';
import { FeaturedCards } from './featured-cards.tsx';

/** Featured cards with the tooltip provider their Apply buttons need; a lazy chunk of `/`. */
export default function FeaturedSection() {
  return (
    <TooltipProvider>
      <FeaturedCards />
    </TooltipProvider>
  );
}
