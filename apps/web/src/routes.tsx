import { type ComponentType, lazy } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { loadCardsBrowser } from './features/cards/cards-page-frame.tsx';
import { CardsSectionPage } from './features/cards/cards-section-page.tsx';
import { ListCardsPage } from './features/cards/list-cards-page.tsx';
import { HomePage } from './features/home/home-page.tsx';
import { RouteError } from './features/layout/route-error.tsx';
import { Shell } from './features/layout/shell.tsx';
import { NotFound } from './features/placeholders/not-found-page.tsx';
import type { PlaceholderId } from './features/placeholders/placeholder-pages.ts';

// Every page is its own chunk (stack.md: keep `/` small). The home hero and the cards
// page heading are eager, so the first paint of `/` and `/cards` needs only the entry;
// their data-driven parts load lazily inside them.

/** What a route's page needs first, to start loading before React renders it (preloadPage). */
interface PageHandle {
  preload: () => Promise<unknown>;
}

/** A page in its own chunk, which preloadPage can start fetching before the first render. */
function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return { Page: lazy(load), handle: { preload: load } satisfies PageHandle };
}

/** The route of a lazy page, carrying how to preload it. */
function pageRoute(path: string, page: ReturnType<typeof lazyPage<object>>): RouteObject {
  return { path, element: <page.Page />, handle: page.handle };
}

const CardDetailPage = lazyPage(() => import('./features/cards/card-detail-page.tsx'));
const CardApplicationPage = lazyPage(() => import('./features/cards/card-application-page.tsx'));
const ApplicationWizard = lazyPage(() => import('./features/applications/application-wizard.tsx'));
const PlaceholderPage = lazyPage(() => import('./features/placeholders/placeholder-page.tsx'));
const LoginPage = lazyPage(() => import('./features/accounts/login-page.tsx'));
const RegisterPage = lazyPage(() => import('./features/accounts/register-page.tsx'));
const ForgotPasswordPage = lazyPage(() => import('./features/accounts/forgot-password-page.tsx'));
const ResetPasswordPage = lazyPage(() => import('./features/accounts/reset-password-page.tsx'));
const ProfilePage = lazyPage(() => import('./features/accounts/profile-page.tsx'));
const SettingsPage = lazyPage(() => import('./features/accounts/settings-page.tsx'));
const LogoutPage = lazyPage(() => import('./features/accounts/logout-page.tsx'));
const TenantSettingsPage = lazyPage(() => import('./features/tenant/tenant-settings-page.tsx'));
const DebugCategoriesPage = lazyPage(() => import('./features/cards/debug-categories-page.tsx'));
const FormPage = lazyPage(() => import('./features/forms/form-page.tsx'));
const ContactPage = lazyPage(() => import('./features/contact/contact-page.tsx'));
const AboutPage = lazyPage(() => import('./features/info/about-page.tsx'));
const FaqPage = lazyPage(() => import('./features/info/faq-page.tsx'));

function placeholder(path: string, page: PlaceholderId): RouteObject {
  return { path, element: <PlaceholderPage.Page page={page} />, handle: PlaceholderPage.handle };
}

const WAITLISTS = ['/waitlist', '/waitlist-new', '/waitlist-new-v2', '/waitlist9'];
const WISHLISTS = Array.from({ length: 9 }, (_, i) => `/wishlist${i + 1}`);

/** Spec §2, route by route. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: '/cards', element: <ListCardsPage />, handle: { preload: loadCardsBrowser } satisfies PageHandle },
  pageRoute('/card/:id', CardDetailPage),
  // The complete-journey bank's wizard (application spec §2); its static slug outranks :bankName.
  pageRoute('/cards/apply/hdfc/:cardId/*', ApplicationWizard),
  // The generic card application (spec §2) for every other bank.
  pageRoute('/cards/apply/:bankName/:cardId/*', CardApplicationPage),
  // A wizard address without its card id (spec §2: "Without a cardId it redirects to /cards").
  { path: '/cards/apply/:bankName?', element: <Navigate to="/cards" replace /> },
  {
    path: '/cards/:section',
    element: <CardsSectionPage />,
    handle: { preload: loadCardsBrowser } satisfies PageHandle,
  },
  { path: '/apply/hdfc/*', element: <Navigate to="/cards" replace state={{ outdatedLink: true }} /> },

  pageRoute('/about', AboutPage),
  pageRoute('/contact', ContactPage),
  pageRoute('/faq', FaqPage),
  pageRoute('/login', LoginPage),
  pageRoute('/register', RegisterPage),
  pageRoute('/forgot-password', ForgotPasswordPage),
  pageRoute('/reset-password', ResetPasswordPage),
  pageRoute('/profile', ProfilePage),
  pageRoute('/settings', SettingsPage),
  pageRoute('/logout', LogoutPage),
  pageRoute('/tenant-settings', TenantSettingsPage),

  ...WAITLISTS.map((path) => placeholder(path, 'waitlist')),
  ...WISHLISTS.map((path) => placeholder(path, 'wishlist')),

  placeholder('/community', 'community'),
  placeholder('/community/post/:id', 'communityPost'),
  placeholder('/community/user/:userId', 'communityUser'),
  placeholder('/community/new-post', 'communityNewPost'),
  placeholder('/community/leaderboard', 'communityLeaderboard'),
  placeholder('/community/guidelines', 'communityGuidelines'),
  placeholder('/community/dashboard', 'communityDashboard'),
  placeholder('/community/edit-post/:id', 'communityEditPost'),
  placeholder('/community/category/:categoryId', 'communityCategory'),
  placeholder('/community/ask-question', 'communityAsk'),

  // The generic config-driven form page (application spec §2), ?page={id}.
  pageRoute('/form-example', FormPage),
  placeholder('/services', 'services'),
  placeholder('/loans', 'loans'),
  placeholder('/loans/:type', 'loanType'),
  placeholder('/insurance', 'insurance'),
  placeholder('/insurance/:type', 'insuranceType'),
  placeholder('/application-flow', 'applicationFlow'),

  placeholder('/financial-advice', 'financialAdvice'),
  placeholder('/financial-advice/schedule', 'adviceSchedule'),
  placeholder('/financial-advice/schedule/:organizationId', 'adviceSchedule'),
  placeholder('/financial-advice/sessions', 'adviceSessions'),
  placeholder('/financial-advice/group-sessions', 'adviceGroupSessions'),
  placeholder('/financial-advice/group-sessions/:sessionId', 'adviceGroupSession'),
  // The footer's "Financial Advisor" link (spec §2) names a path the route table lacks.
  { path: '/financial-advisor', element: <Navigate to="/financial-advice" replace /> },

  // Development only (spec §2).
  ...(import.meta.env.DEV ? [pageRoute('/debug/categories', DebugCategoriesPage)] : []),

  { path: '*', element: <NotFound /> },
];

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    // A pathless child with its own errorElement keeps the header and footer on a page error.
    children: [{ errorElement: <RouteError />, children: pageRoutes }],
  },
];

/**
 * Starts fetching the chunks of the page at `pathname` (within the router's `basename`), for a
 * page opened by its address: called before the first render, they load beside the entry's own
 * work instead of after it (on /cards, the list's chunk started ~0.8 s after the entry had
 * loaded, and its call for the cards after that). A failed fetch is left to the page's own
 * lazy load, which shows the route's error.
 */
export function preloadPage(pathname: string, basename: string): void {
  for (const match of matchRoutes(pageRoutes, pathname, basename) ?? []) {
    const handle = match.route.handle as Partial<PageHandle> | undefined;
    handle?.preload?.().catch(() => undefined);
  }
}
