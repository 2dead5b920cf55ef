import { UNKNOWN_TENANT_TITLE, unknownTenantText } from '@cardwise/contracts';
import { escapeHtml } from './escape-html.ts';

/**
 * The page at the address of a partner site that does not exist (ADR 012). Sent instead of the
 * app, with status 404: the app would first paint the default brand's shell and fire requests
 * that all fail (a toast, "Cards could not be loaded") until GET /api/tenant told it, and a
 * crawler or link preview would read the default brand's head as this address's. No script and
 * no brand here; the words and colours are the app's own page for the same case
 * (tenant-provider.tsx), which still covers a tenant that goes away while the app is open.
 * Without assets it cannot load the app's stylesheet, so its colours and font stack are the
 * app's (web/src/styles.css) written out; unknown-tenant-page.test.ts keeps them equal.
 */
export function unknownTenantPage(slug: string): string {
  const title = escapeHtml(UNKNOWN_TENANT_TITLE);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <meta name="color-scheme" content="light dark" />
    <title>${title}</title>
    <style>
      :root { color-scheme: light dark; --bg: #f8fafc; --fg: #0f172a; --muted: #475569; }
      @media (prefers-color-scheme: dark) { :root { --bg: #0b1120; --fg: #f1f5f9; --muted: #cbd5e1; } }
      body { margin: 0; background: var(--bg); color: var(--fg);
        font-family: "Inter", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans",
          "Helvetica Neue", Arial, sans-serif; }
      main { display: flex; min-height: 100vh; min-height: 100dvh; box-sizing: border-box;
        align-items: center; justify-content: center; padding: 1.5rem; }
      div { max-width: 28rem; text-align: center; }
      h1 { margin: 0; font-size: 1.5rem; line-height: 2rem; font-weight: 700; }
      p { margin: 0.75rem 0 0; line-height: 1.5rem; color: var(--muted); }
    </style>
  </head>
  <body>
    <main>
      <div>
        <h1>${title}</h1>
        <p>${escapeHtml(unknownTenantText(slug))}</p>
      </div>
    </main>
  </body>
</html>
`;
}
