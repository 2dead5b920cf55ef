import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The page's serious or critical axe violations, one readable line each ("label: rule (impact)
 * what it asks — the elements"), so a failing journey says what to fix. Minor and moderate ones
 * are left to review: the journeys fail only on what blocks someone from using the page.
 * `include` limits the scan to one part (a CSS selector), where the rest of the page is scanned
 * in another state already. Axe measures contrast on the colours of the moment, and half-faded
 * text fails: CSS transitions (a theme's colours easing) are turned off for the page from its
 * first scan on, and animations still running (a dialog fading in) are let finish. Endless ones
 * (spinners, skeletons) are not waited for.
 */
export async function seriousViolations(
  page: Page,
  label: string,
  { include }: { include?: string } = {},
): Promise<string[]> {
  // Card tiles out of view (`tile-lazy`: content-visibility: auto) skip style until something
  // reads it: a theme switched meanwhile started their buttons' colour transition only when axe
  // read them, which it measured at its first frame (a CI run's /t/paisapal/cards, 375 px, dark:
  // six tiles' outline buttons, light text on a still-white button), and a skipped subtree's
  // transitions do not run on. The scan measures the page as it settles: colour transitions off
  // (running ones jump to their end), so a style read there gives the final colours.
  await page.evaluate(() => {
    if (document.getElementById('axe-settled')) return;
    const style = document.createElement('style');
    style.id = 'axe-settled';
    style.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(style);
  });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // Legacy mode runs axe.run in the page itself. The default (axe.runPartial) opens a blank page
  // for every scan, injects axe there too and merges the results in it: twice the time of the
  // scan on this machine (measured 2026-12-07: /cards at 375 px 5.9-7.4 s against 3.2-4.0 s), with
  // the same violations, passes, incomplete and inapplicable rules. What legacy mode gives up is
  // cross-origin frames, which the app has none of (a PDF's preview is a frame of its own blob: URL).
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (include) builder.include(include);
  const scan = await builder.analyze();
  return scan.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}
