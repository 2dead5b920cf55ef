import type { CardSummary } from '@cardwise/contracts';
import { ExternalLink } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { useTenant } from '../tenant/tenant-context.ts';
import { canApply, NOT_AVAILABLE_TEXT } from './apply-rule.ts';

// The dialog (and Radix Dialog with it) loads on the first click, not with the list.
const ApplyDialog = lazy(() => import('./apply-dialog.tsx'));

interface Props {
  card: CardSummary;
  className?: string;
  label?: string;
  /** Sponsored cards (spec §5): Apply Now also requires an affiliate link. */
  requireAffiliateLink?: boolean;
}

/** Apply action of spec §4: enabled by the apply rule, otherwise disabled with an explanation. */
export function ApplyButton({
  card,
  className = '',
  label = 'Apply Now',
  requireAffiliateLink = false,
}: Props) {
  const { config } = useTenant();
  const [open, setOpen] = useState(false);
  const enabled =
    canApply(card, config?.completeJourneyBanks ?? '') &&
    (!requireAffiliateLink || Boolean(card.affiliated_url));

  if (!enabled) {
    return (
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          {/* A disabled button gets no pointer or focus events; the wrapper carries the tooltip. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users reach the explanation */}
          <span tabIndex={0} className={`inline-flex rounded-lg ${className}`}>
            <button
              type="button"
              disabled
              className="btn-outline w-full"
              aria-label={`${label}: ${NOT_AVAILABLE_TEXT}`}
            >
              {label}
            </button>
          </span>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            className="z-50 max-w-60 rounded-lg bg-slate-900 px-3 py-2 text-xs text-white shadow-lg"
          >
            {NOT_AVAILABLE_TEXT}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    );
  }

  return (
    <>
      <button
        type="button"
        className={`btn-primary ${className}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {label} <ExternalLink className="size-4" aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ApplyDialog card={card} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
