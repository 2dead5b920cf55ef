import { ArrowRight, ChevronRight, Pause, Play, X } from 'lucide-react';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTenant } from '../tenant/tenant-context.ts';
import { promotionsFor, readDismissed, writeDismissed } from './promotions.ts';

/** Rotation interval; paused while the pointer or focus is on the banner. */
export const PROMOTION_ROTATE_MS = 7000;

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** Focuses the element after `el` (made focusable by script only, if it is not). */
function focusAfter(el: HTMLElement | null): void {
  const after = el?.nextElementSibling;
  if (!(after instanceof HTMLElement)) return;
  if (!after.hasAttribute('tabindex')) after.setAttribute('tabindex', '-1');
  after.focus();
}

/** Spec §2/§4 promotions: rotating, dismissible for the session, 'Explore Now'. */
export function PromotionsBanner() {
  const [dismissed, setDismissed] = useState(readDismissed);
  const [index, setIndex] = useState(0);
  /** Stopped by the Pause button (WCAG 2.2.2); with reduced motion it starts stopped, Play starts it. */
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotationButton = useRef<HTMLButtonElement>(null);
  const banner = useRef<HTMLElement>(null);
  const { config } = useTenant();
  const remaining = promotionsFor(config?.banks.map((b) => b.code) ?? null).filter(
    (p) => !dismissed.has(p.id),
  );
  const current = remaining.length ? remaining[index % remaining.length] : undefined;
  const rotating = !stopped && !hovered && !focused && remaining.length > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => i + 1), PROMOTION_ROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating]);

  // Focus on the Play button itself does not pause: pressing Play would otherwise seem to do
  // nothing until the focus moved on (the WAI-ARIA carousel pattern does the same).
  const onFocus = (event: FocusEvent) => setFocused(event.target !== rotationButton.current);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  if (!current) return null;
  const { Icon } = current;
  return (
    <aside
      ref={banner}
      aria-label="Promotions"
      className="container-page pt-8"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div
        className={`relative flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:gap-4 ${current.tone}`}
      >
        {/* Announced when the person changes the promotion, not at each automatic turn, which
            would interrupt a screen reader every 7 s (WAI-ARIA carousel pattern). */}
        <div className="flex min-w-0 flex-1 items-start gap-3" aria-live={rotating ? 'off' : 'polite'}>
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/70 dark:bg-black/20">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 pr-8 sm:pr-0">
            <p className="font-semibold">{current.title}</p>
            <p className="text-sm opacity-85">{current.description}</p>
          </div>
        </div>
        <div className="flex items-center gap-2 sm:shrink-0">
          <Link to={current.action.to} className="btn-primary">
            Explore Now <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
          {remaining.length > 1 ? (
            <>
              <button
                ref={rotationButton}
                type="button"
                className="btn-ghost px-3"
                onClick={() => setStopped((s) => !s)}
                aria-label={stopped ? 'Play promotions' : 'Pause promotions'}
              >
                {stopped ? (
                  <Play className="size-4" aria-hidden="true" />
                ) : (
                  <Pause className="size-4" aria-hidden="true" />
                )}
              </button>
              <button
                type="button"
                className="btn-ghost px-3"
                onClick={() => setIndex((i) => i + 1)}
                aria-label="Next promotion"
              >
                <ChevronRight className="size-4" aria-hidden="true" />
              </button>
            </>
          ) : null}
        </div>
        {/* 44 px: the icon sits where the old 28 px button's did (top right on phones); on wider screens the negative margin keeps the row's spacing. */}
        <button
          type="button"
          className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-lg opacity-70 hover:opacity-100 sm:static sm:-mx-2"
          aria-label={`Dismiss: ${current.title}`}
          onClick={() => {
            const next = new Set(dismissed).add(current.id);
            // The last one dismissed takes the banner, and its button, away: the focus goes on to
            // what follows the banner, or the next Tab started again from the top (WCAG 2.4.3).
            if (remaining.length === 1) focusAfter(banner.current);
            writeDismissed(next);
            setDismissed(next);
          }}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </aside>
  );
}
