import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { BrandMark } from './brand-mark.tsx';
import { HEADER_LINKS } from './nav-links.ts';

// The menus (language, colour mode, account, mobile navigation) bring Radix and its
// positioning code; they load right after the first paint instead of in the entry (see Header).
const HeaderMenus = lazy(() => import('./header-menus.tsx'));

/**
 * Same-size stand-ins while the menus load, so nothing shifts when they arrive: 40 px with a
 * mouse, 44 px (a fingertip's target) on phones and touch screens.
 */
function MenusPlaceholder() {
  return (
    <>
      <span className="size-10 touch:size-11" aria-hidden="true" />
      <span className="size-10 touch:size-11" aria-hidden="true" />
      <span className="size-10 rounded-full border border-border touch:size-11" aria-hidden="true" />
      <span className="size-10 touch:size-11 lg:hidden" aria-hidden="true" />
    </>
  );
}

function navClass({ isActive }: { isActive: boolean }): string {
  // 44 px tall on a touch screen wide enough to show these links (a tablet held sideways).
  return `rounded-lg px-3 py-2 text-sm font-medium transition-colors touch:py-3 ${
    isActive
      ? 'bg-accent text-accent-foreground'
      : 'text-muted-foreground hover:bg-muted hover:text-foreground'
  }`;
}

/**
 * Effects run once the first render is committed: only then is the menus' chunk requested,
 * so it does not compete with the page's own chunk and data while the page first renders.
 * A transition: the placeholders stay until the menus are there.
 */
function DeferredHeaderMenus() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => startTransition(() => setWanted(true)), []);
  return (
    <Suspense fallback={<MenusPlaceholder />}>{wanted ? <HeaderMenus /> : <MenusPlaceholder />}</Suspense>
  );
}

export function Header() {
  return (
    // Nearly opaque: at 70% over the dark footer the light header turned grey, and the orange
    // wordmark on it lost its contrast.
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-card focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="container-page flex h-(--cw-header-height) items-center gap-2 sm:gap-3">
        {/* min-w-0: on a 320 px phone the brand gives way, not the menu button beside it. */}
        <Link to="/" className="mr-auto flex min-h-11 min-w-0 items-center rounded-lg lg:mr-4">
          <BrandMark />
        </Link>
        <nav aria-label="Main" className="mr-auto hidden items-center gap-1 lg:flex">
          {HEADER_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        {/* On touch screens the 44 px controls stand side by side, 44 px apart as with a mouse. */}
        <div className="flex shrink-0 items-center gap-1 touch:gap-0">
          <DeferredHeaderMenus />
        </div>
      </div>
    </header>
  );
}
