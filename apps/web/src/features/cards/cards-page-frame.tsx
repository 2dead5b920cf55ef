import type { Section } from '@cardwise/contracts';
import { lazy, Suspense, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../layout/use-page-title.ts';
import { CardSkeleton } from './card-skeleton.tsx';
import { OutdatedLinkNotice } from './outdated-link-notice.tsx';
import { SECTION_INFO } from './sections.ts';

// Filters and results need the API client and its schemas; they load while the heading paints.
export const loadCardsBrowser = () => import('./list-cards.tsx');
const CardsBrowser = lazy(loadCardsBrowser);

const SKELETONS = ['a', 'b', 'c', 'd', 'e', 'f'];

export function CardGridSkeleton() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      {SKELETONS.map((k) => (
        <CardSkeleton key={k} />
      ))}
    </div>
  );
}

/**
 * /cards and /cards/:section: heading (and the outdated-link notice) render at once
 * from the entry chunk; the filters and card grid arrive lazily.
 */
export function CardsPageFrame({ section }: { section: Section | null }) {
  const info = section ? SECTION_INFO[section] : null;
  usePageTitle(info?.title ?? 'Credit Cards');
  const location = useLocation();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const outdated = (location.state as { outdatedLink?: boolean } | null)?.outdatedLink === true;

  function dismissOutdated() {
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    headingRef.current?.focus();
  }

  return (
    <div className="container-page py-8 sm:py-12">
      {outdated ? <OutdatedLinkNotice onBrowse={dismissOutdated} /> : null}
      <header className="mb-8 max-w-3xl">
        <p className="text-sm font-semibold text-primary">{info ? 'Editor’s section' : 'Compare'}</p>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl"
        >
          {info?.title ?? 'Credit Cards'}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {info?.intro ??
            'Every card with its fee, fee type and key benefits. Filter by bank, fee or where you spend, then open a card for the full details.'}
        </p>
      </header>
      <Suspense
        fallback={
          <>
            <div className="skeleton h-44 w-full rounded-2xl" aria-hidden="true" />
            <div className="mt-16">
              <CardGridSkeleton />
            </div>
          </>
        }
      >
        <CardsBrowser section={section} />
      </Suspense>
    </div>
  );
}
