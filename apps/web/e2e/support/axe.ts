import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The page's serious or critical axe violations, one readable line each ("label: rule (impact)
 * what it asks — the elements"), so a failing journey says what to fix. Minor and moderate ones
 * are left to review: the journeys fail only on what blocks someone from using the page.
 * `include` limits the scan to one part (a CSS selector), where the rest of the page is scanned
 * in another state already. Animations still running (a dialog fading in, a theme's colours
 * easing) are let finish first: axe measures contrast on the colours of the moment, and
 * half-faded text fails. Endless ones (spinners, skeletons) are not waited for.
 */
export async function seriousViolations(
  page: Page,
  label: string,
  { include }: { include?: string } = {},
): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const scan = await builder.analyze();
  return scan.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}
