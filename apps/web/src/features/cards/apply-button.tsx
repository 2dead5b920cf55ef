import type { CardSummary } from '@cardwise/contracts';
import { ArrowRight } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
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
  /**
   * In a list of cards, the button's name says which card ('Apply Now: Axis Bank ACE Credit
   * Card'): twelve buttons all named "Apply Now" could not be told apart in a screen reader's list
   * of buttons. The visible text stays, first in the name.
   */
  named?: boolean;
}

/** Apply action of spec §4: enabled by the apply rule, otherwise disabled with an explanation. */
export function ApplyButton({
  card,
  className = '',
  label = 'Apply Now',
  requireAffiliateLink = false,
  named = false,
}: Props) {
  const name = named ? `${label}: ${card.name}` : undefined;
  const { config } = useTenant();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closing = useRef(false);
  // The dialog (or the referral dialog that replaces it) is unmounted on close and was opened
  // without a Radix Trigger, so nothing handed focus back: it fell to <body> (WCAG 2.4.3).
  // Focus returns here once it is gone, whichever way it was closed.
  useEffect(() => {
    if (open || !closing.current) return;
    closing.current = false;
    button.current?.focus();
  }, [open]);
  const enabled =
    canApply(card, config?.completeJourneyBanks ?? '') &&
    (!requireAffiliateLink || Boolean(card.affiliated_url));

  if (!enabled) return <DisabledApply label={label} name={name} className={className} />;

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`btn-primary ${className}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={name}
      >
        {/* An arrow, not the "opens another site" icon: this opens our chooser, which for a bank with
            the in-product journey never leaves the site. */}
        {label} <ArrowRight className="size-4" aria-hidden="true" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ApplyDialog
            card={card}
            open={open}
            onOpenChange={(next) => {
              closing.current = !next;
              setOpen(next);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The unavailable Apply and its reason (spec §2's tooltip text), for every way of reaching
 * it: a mouse hover (after the spec's 700 ms), keyboard focus, and a tap, which Radix's
 * tooltip ignores by design, so a click opens it here. The button is aria-disabled, not
 * disabled: a disabled button gets no pointer, click or focus events, so neither a tap nor
 * the Tab key could reach the reason. Screen readers hear the button as unavailable, with
 * the reason as its description whether or not the tooltip is open.
 *
 * The Radix tooltip (popper, presence, portal) mounts on the first hover, keyboard focus or
 * tap rather than in every tile of a list: twelve of them were a visible part of /cards'
 * start-up on a mobile CPU. Mounting replaces the button element, so a focus it had is
 * handed to the new one.
 */
function DisabledApply({ label, name, className }: { label: string; name?: string; className: string }) {
  const reasonId = useId();
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const refocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (armed && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [armed]);

  const arm = (keepFocus: boolean) => {
    refocus.current = keepFocus;
    setArmed(true);
  };

  const trigger = (
    <button
      ref={button}
      type="button"
      aria-disabled="true"
      aria-label={name}
      // While open, Radix points the description at the tooltip itself (the same words, once).
      aria-describedby={open ? undefined : reasonId}
      className={`btn-outline cursor-not-allowed ${className}`}
      onPointerEnter={
        armed
          ? undefined
          : (event) => {
              if (event.pointerType !== 'touch') arm(false);
            }
      }
      // Keyboard focus only: a tap focuses the button too, and replacing it between the
      // tap's pointer-down and its click would lose the click.
      onFocus={
        armed
          ? undefined
          : (event) => {
              if (event.currentTarget.matches(':focus-visible')) arm(true);
            }
      }
      onClick={(event) => {
        // Nothing to apply for: the click shows the reason (and preventing the default
        // keeps Radix's trigger from closing it again).
        event.preventDefault();
        if (!armed) arm(document.activeElement === event.currentTarget);
        setOpen(true);
      }}
    >
      {/* Faded like a disabled button, but not the focus ring, which stays fully visible. */}
      <span className="opacity-60">{label}</span>
    </button>
  );
  const reason = (
    <span id={reasonId} hidden>
      {NOT_AVAILABLE_TEXT}
    </span>
  );
  if (!armed)
    return (
      <>
        {trigger}
        {reason}
      </>
    );

  return (
    <>
      <Tooltip.Root open={open} onOpenChange={setOpen}>
        <Tooltip.Trigger asChild>{trigger}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-w-60 rounded-lg bg-slate-900 px-3 py-2 text-xs text-white shadow-lg dark:bg-slate-700"
          >
            {NOT_AVAILABLE_TEXT}
            <Tooltip.Arrow className="fill-slate-900 dark:fill-slate-700" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
      {reason}
    </>
  );
}
