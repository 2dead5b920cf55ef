/**
 * Renders every theme's link-preview image and home-screen icon (share-images.ts) to PNG in
 * apps/web/public/share/, next to the SVG each was drawn from: `npm run share-images`, after a
 * theme's colours or the drawings change (a test compares the committed SVGs with the code).
 * Needs Debian's chromium, as the browser tests do.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { THEMES } from '../src/features/tenants/themes.ts';
import { previewImageSvg, SHARE_IMAGE_DIR, touchIconSvg } from '../src/plumbing/share-images.ts';

const out = fileURLToPath(new URL(`../../web/public/${SHARE_IMAGE_DIR}/`, import.meta.url));
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const theme of THEMES) {
    for (const [suffix, svg, width, height] of [
      ['preview', previewImageSvg(theme.primaryColor), 1200, 630],
      ['touch-icon', touchIconSvg(theme.primaryColor), 180, 180],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } });
      await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
      writeFileSync(`${out}${theme.name}-${suffix}.svg`, `${svg}\n`);
      writeFileSync(
        `${out}${theme.name}-${suffix}.png`,
        await page.screenshot({ clip: { x: 0, y: 0, width, height } }),
      );
      await page.close();
      process.stdout.write(`${SHARE_IMAGE_DIR}/${theme.name}-${suffix}.png\n`);
    }
  }
} finally {
  await browser.close();
}
