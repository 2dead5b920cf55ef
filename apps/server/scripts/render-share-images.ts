/**
 * Renders every theme's link-preview image and home-screen icon (share-images.ts) to PNG in
 * apps/web/public/share/, next to the SVG each was drawn from: `npm run share-images`, after a
 * theme's colours or the drawings change (a test compares the committed SVGs with the code).
 * Needs Debian's chromium, as the browser tests do.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The browser tests' launcher: the same Chromium (CHROME_PATH) and flags.
import { launchChromium } from '../../web/e2e/support/browser.ts';
import { THEMES } from '../src/features/tenants/themes.ts';
import {
  previewImageSvg,
  SHARE_IMAGE_DIR,
  shareImagePaths,
  touchIconSvg,
} from '../src/plumbing/share-images.ts';

const publicDir = fileURLToPath(new URL('../../web/public/', import.meta.url));
mkdirSync(join(publicDir, SHARE_IMAGE_DIR), { recursive: true });
const browser = await launchChromium();
try {
  for (const theme of THEMES) {
    const paths = shareImagePaths(theme.name);
    if (!paths) throw new Error(`theme name ${theme.name} cannot name a file`);
    for (const [path, svg, width, height] of [
      [paths.preview, previewImageSvg(theme.primaryColor), 1200, 630],
      [paths.touchIcon, touchIconSvg(theme.primaryColor), 180, 180],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } });
      await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
      const file = join(publicDir, path);
      writeFileSync(file.replace(/\.png$/, '.svg'), `${svg}\n`);
      writeFileSync(file, await page.screenshot({ clip: { x: 0, y: 0, width, height } }));
      await page.close();
      process.stdout.write(`${path}\n`);
    }
  }
} finally {
  await browser.close();
}
