import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
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
const CardDetailPage = lazy(() => import('./features/cards/card-detail-page.tsx'));
const CardApplicationPage = lazy(() => import('./features/cards/card-application-page.tsx'));
const ApplicationWizard = lazy(() => import('./features/applications/application-wizard.tsx'));
const PlaceholderPage = lazy(() => import('./features/placeholders/placeholder-page.tsx'));
const LoginPage = lazy(() => import('./features/accounts/login-page.tsx'));
const RegisterPage = lazy(() => import('./features/accounts/register-page.tsx'));
const ForgotPasswordPage = lazy(() => import('./features/accounts/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(() => import('./features/accounts/reset-password-page.tsx'));
const ProfilePage = lazy(() => import('./features/accounts/profile-page.tsx'));
const SettingsPage = lazy(() => import('./features/accounts/settings-page.tsx'));
const LogoutPage = lazy(() => import('./features/accounts/logout-page.tsx'));
const TenantSettingsPage = lazy(() => import('./features/tenant/tenant-settings-page.tsx'));
const DebugCategoriesPage = lazy(() => import('./features/cards/debug-categories-page.tsx'));
const FormPage = lazy(() => import('./features/forms/form-page.tsx'));
const ContactPage = lazy(() => import('./features/contact/contact-page.tsx'));
const AboutPage = lazy(() => import('./features/info/about-page.tsx'));
const FaqPage = lazy(() => import('./features/info/faq-page.tsx'));

function placeholder(path: string, page: PlaceholderId): RouteObject {
  return { path, element: <PlaceholderPage page={page} /> };
}

const WAITLISTS = ['/waitlist', '/waitlist-new', '/waitlist-new-v2', '/waitlist9'];
const WISHLISTS = Array.from({ length: 9 }, (_, i) => `/wishlist${i + 1}`);

/** Spec §2, route by route. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: '/cards', element: <ListCardsPage /> },
  { path: '/card/:id', element: <CardDetailPage /> },
  // The complete-journey bank's wizard (application spec §2); its static slug outranks :bankName.
  { path: '/cards/apply/hdfc/:cardId/*', element: <ApplicationWizard /> },
  // The generic card application (spec §2) for every other bank.
  { path: '/cards/apply/:bankName/:cardId/*', element: <CardApplicationPage /> },
  // A wizard address without its card id (spec §2: "Without a cardId it redirects to /cards").
  { path: '/cards/apply/:bankName?', element: <Navigate to="/cards" replace /> },
  { path: '/cards/:section', element: <CardsSectionPage /> },
  { path: '/apply/hdfc/*', element: <Navigate to="/cards" replace state={{ outdatedLink: true }} /> },

  { path: '/about', element: <AboutPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/faq', element: <FaqPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/settings', element: <SettingsPage /> },
  { path: '/logout', element: <LogoutPage /> },
  { path: '/tenant-settings', element: <TenantSettingsPage /> },

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
  { path: '/form-example', element: <FormPage /> },
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
  ...(import.meta.env.DEV ? [{ path: '/debug/categories', element: <DebugCategoriesPage /> }] : []),

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
