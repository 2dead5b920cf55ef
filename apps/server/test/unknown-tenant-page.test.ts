import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unknownTenantPage } from '../src/plumbing/unknown-tenant-page.ts';

/**
 * The unknown-site page has no script and no assets, so it cannot load the app's stylesheet and
 * repeats its colours and font stack as literal CSS. This keeps the two from drifting apart.
 */
describe('the unknown-site page’s look', () => {
  const styles = readFileSync(fileURLToPath(new URL('../../web/src/styles.css', import.meta.url)), 'utf8');
  const block = (selector: string) => {
    const start = styles.indexOf(`${selector} {`);
    expect(start, selector).toBeGreaterThanOrEqual(0);
    return styles.slice(start, styles.indexOf('}', start));
  };
  const token = (css: string, name: string) =>
    new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.replace(/\s+/g, ' ').trim();
  const page = unknownTenantPage('nosuch');
  const rule = (selector: string) => new RegExp(`${selector} \\{([^}]*)\\}`).exec(page)?.[1] ?? '';

  it('uses the app’s background, text and muted-text colours, light and dark', () => {
    const light = rule(':root');
    const dark = rule('@media \\(prefers-color-scheme: dark\\) \\{ :root');
    for (const [pageCss, appCss] of [
      [light, block(':root')],
      [dark, block(':root.dark')],
    ] as const) {
      expect(token(pageCss, 'bg')).toBe(token(appCss, 'cw-background'));
      expect(token(pageCss, 'fg')).toBe(token(appCss, 'cw-foreground'));
      expect(token(pageCss, 'muted')).toBe(token(appCss, 'cw-muted-foreground'));
    }
  });

  it('uses the app’s font stack', () => {
    const font = /font-family:\s*([^;]+);/.exec(rule('body'))?.[1]?.replace(/\s+/g, ' ').trim();
    expect(font).toBe(token(block('@theme inline'), 'font-sans'));
  });
});
