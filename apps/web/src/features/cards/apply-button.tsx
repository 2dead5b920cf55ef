import type { CardSummary } from '@cardwise/contracts';
import { ExternalLink } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
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

  if (!enabled) return <DisabledApply label={label} className={className} />;

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

/**
 * The disabled Apply with its explanation tooltip. The Radix tooltip (popper, presence,
 * portal) mounts on the first hover or focus rather than in every tile of a list: twelve
 * of them were a visible part of /cards' start-up on a mobile CPU. Mounting swaps the
 * wrapper element, so a keyboard focus is handed to the new one (which opens the tooltip).
 */
function DisabledApply({ label, className }: { label: string; className: string }) {
  const [armed, setArmed] = useState(false);
  const refocus = useRef(false);
  const wrapper = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (armed && refocus.current) {
      refocus.current = false;
      wrapper.current?.focus();
    }
  }, [armed]);

  const trigger = (
    // A disabled button gets no pointer or focus events; the wrapper carries the tooltip.
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only arm the tooltip below
    <span
      ref={wrapper}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users reach the explanation
      tabIndex={0}
      className={`inline-flex rounded-lg ${className}`}
      onPointerEnter={armed ? undefined : () => setArmed(true)}
      onFocus={
        armed
          ? undefined
          : () => {
              refocus.current = true;
              setArmed(true);
            }
      }
    >
      <button
        type="button"
        disabled
        className="btn-outline w-full"
        aria-label={`${label}: ${NOT_AVAILABLE_TEXT}`}
      >
        {label}
      </button>
    </span>
  );
  if (!armed) return trigger;

  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{trigger}</Tooltip.Trigger>
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
