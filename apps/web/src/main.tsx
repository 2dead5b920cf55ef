import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { applyColorMode, initialColorMode } from './features/tenant/theme.ts';
import { installGlobalErrorLogging, installStaleBuildReload } from './lib/global-errors.ts';
import { installInputModality } from './lib/input-modality.ts';
import { canonicalTenantUrl, DEFAULT_TENANT, pageTenant, routerBasenameFor } from './lib/tenant.ts';
import { preloadPage } from './routes.tsx';
import './styles.css';

installGlobalErrorLogging();
installStaleBuildReload();
installInputModality();
// `?tenant=acme` becomes the `/t/acme` prefix before anything reads the page's tenant.
const canonical = canonicalTenantUrl(window.location);
if (canonical) window.history.replaceState(window.history.state, '', canonical);
// Set the colour mode before the first paint, so a dark-mode user never sees a light flash.
applyColorMode(document.documentElement, initialColorMode(pageTenant().slug ?? DEFAULT_TENANT));

preloadPage(window.location.pathname, routerBasenameFor(pageTenant()));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A transition render is time-sliced: the first render yields to the browser every few
// milliseconds instead of blocking the main thread in one long task (Lighthouse TBT).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
