import { ArrowRight, ChevronRight, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTenant } from '../tenant/tenant-context.ts';
import { promotionsFor, readDismissed, writeDismissed } from './promotions.ts';

/** Rotation interval; paused while the pointer or focus is on the banner. */
export const PROMOTION_ROTATE_MS = 7000;

/** Spec §2/§4 promotions: rotating, dismissible for the session, 'Explore Now'. */
export function PromotionsBanner() {
  const [dismissed, setDismissed] = useState(readDismissed);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const { config } = useTenant();
  const remaining = promotionsFor(config?.banks.map((b) => b.code) ?? null).filter(
    (p) => !dismissed.has(p.id),
  );
  const current = remaining.length ? remaining[index % remaining.length] : undefined;

  useEffect(() => {
    if (paused || remaining.length < 2) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setIndex((i) => i + 1), PROMOTION_ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused, remaining.length]);

  if (!current) return null;
  const { Icon } = current;
  return (
    <aside
      aria-label="Promotions"
      className="container-page pt-8"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className={`relative flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:gap-4 ${current.tone}`}
      >
        <div className="flex min-w-0 flex-1 items-start gap-3" aria-live="polite">
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
            <button
              type="button"
              className="btn-ghost px-3"
              onClick={() => setIndex((i) => i + 1)}
              aria-label="Next promotion"
            >
              <ChevronRight className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        {/* 44 px: the icon sits where the old 28 px button's did (top right on phones); on wider screens the negative margin keeps the row's spacing. */}
        <button
          type="button"
          className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-lg opacity-70 hover:opacity-100 sm:static sm:-mx-2"
          aria-label={`Dismiss: ${current.title}`}
          onClick={() => {
            const next = new Set(dismissed).add(current.id);
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
