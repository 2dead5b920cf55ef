import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants, themes } from '../src/db/schema.ts';
import { TENANT_SEEDS } from '../src/features/tenants/tenant-seed.ts';
import { THEMES } from '../src/features/tenants/themes.ts';
import { parseIndexHtml } from '../src/plumbing/index-html.ts';
import { previewImageSvg, shareImagePaths, touchIconSvg } from '../src/plumbing/share-images.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** The built web app: client routes get index.html, missing files a 404 (never the page). */
describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'cardwise-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // The share images of two themes (npm run share-images); the 'broken' theme below has none.
    mkdirSync(join(dist, 'share'));
    for (const theme of ['default', 'ocean']) {
      for (const kind of ['preview', 'touch-icon'])
        writeFileSync(join(dist, 'share', `${theme}-${kind}.png`), 'png');
    }
    t = await createTestApp('pglite', { config: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves client routes (any tenant prefix) as the app’s page', async () => {
    for (const url of ['/', '/cards', '/card/hdfc_swiggy', '/t/paisapal/cards?tag=new_launch']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
    }
  });

  it('serves built assets, and answers a missing one with 404 instead of the page', async () => {
    const found = await get('/assets/app-abc123.js');
    expect(found.statusCode).toBe(200);
    expect(found.headers['cache-control']).toContain('immutable');
    // A chunk of an older build (a tab left open across a deploy) or any missing file.
    for (const url of [
      '/assets/app-old999.js',
      '/assets/index-old.css',
      '/favicon-missing.png',
      '/x/y.js.map',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toContain('text/html');
    }
  });
});

/**
 * The page's head is the tenant's (ADR 012): link previews (WhatsApp, Slack, crawlers that run
 * no script) read the HTML as served, so og:site_name, theme-color and an absolute og:image
 * must be right before any JS runs.
 */
const HEAD = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Best Credit Card Comparison in India</title>
    <meta name="theme-color" content="#ea580c" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="apple-touch-icon" href="/share/default-touch-icon.png" />
    <meta property="og:site_name" content="Cardwise" />
    <meta property="og:title" content="Best Credit Card Comparison in India" />
    <meta
      property="og:image"
      content="/share/default-preview.png"
    />
    <meta name="twitter:image" content="/share/default-preview.png" />
    <meta name="twitter:title" content="Best Credit Card Comparison in India" />
  </head>
  <body><div id="root"></div><noscript>Cardwise needs JavaScript to compare credit cards.</noscript>
  <script type="module" src="/assets/app-abc123.js"></script></body>
</html>`;

/** The content of the meta tag with this property or name, read as a browser would. */
function meta(html: string, key: string): string | undefined {
  for (const tag of html.match(/<meta\b[^>]*>/g) ?? []) {
    if (new RegExp(`(?:property|name)="${key}"`).test(tag)) {
      const raw = /content="([^"]*)"/.exec(tag)?.[1];
      return raw
        ?.replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&');
    }
  }
  return undefined;
}

/** The href of the page's `<link rel="icon">` (or another rel), HTML-unescaped; a data: URL decoded. */
function icon(html: string, rel = 'icon'): string | undefined {
  const tag = new RegExp(`<link\\b[^>]*\\brel="${rel}"[^>]*>`).exec(html)?.[0];
  const href = tag && /href="([^"]*)"/.exec(tag)?.[1]?.replaceAll('&#39;', "'").replaceAll('&amp;', '&');
  return href?.startsWith('data:image/svg+xml,')
    ? `data:image/svg+xml,${decodeURIComponent(href.slice('data:image/svg+xml,'.length))}`
    : href;
}

describe('the page’s head per tenant', () => {
  let t: TestApp;
  let proxied: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'cardwise-web-head-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), HEAD);
    // The build's compressed twin of index.html must never be sent in place of the rendered page.
    writeFileSync(join(dist, 'index.html.gz'), 'not the page');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // The share images of two themes (npm run share-images); the 'broken' theme below has none.
    mkdirSync(join(dist, 'share'));
    for (const theme of ['default', 'ocean']) {
      for (const kind of ['preview', 'touch-icon'])
        writeFileSync(join(dist, 'share', `${theme}-${kind}.png`), 'png');
    }
    t = await createTestApp('pglite', { config: { WEB_DIST: dist } });
    // Behind one proxy: X-Forwarded-Proto and X-Forwarded-Host are believed. A tenant whose name
    // and theme colour need escaping is added before the first request reads the tenant list.
    proxied = await createTestApp('pglite', { config: { WEB_DIST: dist, TRUST_PROXY: 'true' } });
    await proxied.database.db.insert(themes).values({
      name: 'broken',
      description: 'A colour that is not one',
      primary_color: '#fff" onload="alert(1)',
      light: {},
      dark: {},
    });
    await proxied.database.db.insert(tenants).values({
      id: 'quoted',
      company_name: `Tom & Jerry's "Cards" <b>`,
      theme: 'broken',
      support_email: 'cards@quoted.example',
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers });

  it('gives the default tenant its name, brand colour and an absolute og:image', async () => {
    for (const url of ['/', '/index.html', '/cards?tag=new_launch']) {
      const res = await get(t, url, { host: 'localhost:3000', 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding'], url).toBeUndefined();
      const html = res.body;
      expect(meta(html, 'og:site_name'), url).toBe('Cardwise');
      // The default theme's primary colour (the tenant's brand colour).
      expect(meta(html, 'theme-color'), url).toBe('#c2410c');
      expect(meta(html, 'og:image'), url).toBe('http://localhost:3000/share/default-preview.png');
      expect(icon(html, 'apple-touch-icon'), url).toBe('/share/default-touch-icon.png');
      expect(meta(html, 'og:title'), url).toBe('Best Credit Card Comparison in India');
      expect(html, url).toContain('<title>Best Credit Card Comparison in India</title>');
      expect(html, url).toContain('<noscript>Cardwise needs JavaScript');
      expect(html, url).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
    }
  });

  it.each([
    ['subdomain', '/', { host: 'paisapal.localhost:3000' }, 'http://paisapal.localhost:3000'],
    ['path prefix', '/t/paisapal/cards', { host: 'localhost:3000' }, 'http://localhost:3000'],
    ['query', '/card/hdfc_swiggy?tenant=paisapal', { host: 'localhost:3000' }, 'http://localhost:3000'],
    ['header', '/', { host: 'localhost:3000', 'x-tenant': 'paisapal' }, 'http://localhost:3000'],
    // Its own address stays its own, whatever else the request names.
    [
      'subdomain, over a query naming another',
      '/card/sbi_cashback?tenant=cardwise',
      { host: 'paisapal.localhost:3000', 'x-tenant': 'cardwise' },
      'http://paisapal.localhost:3000',
    ],
  ])('gives a partner tenant (named by the %s) its own head', async (_how, url, headers, origin) => {
    const res = await get(t, url, headers);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(meta(html, 'og:site_name')).toBe('PaisaPal Money');
    expect(meta(html, 'theme-color')).toBe('#0e7490'); // the ocean theme's primary colour
    // Previews and iOS take only raster images: its own preview (its name drawn on its theme's),
    // and its theme's touch icon, not the built brand's.
    const preview = meta(html, 'og:image');
    expect(preview).toMatch(new RegExp(`^${origin}/share/tenants/paisapal-preview\\.png\\?v=[0-9a-f]{12}$`));
    expect(meta(html, 'twitter:image')).toBe(preview);
    expect(icon(html, 'apple-touch-icon')).toBe('/share/ocean-touch-icon.png');
    // The titles do not name the brand: kept. The noscript text did: the partner's name now.
    expect(meta(html, 'og:title')).toBe('Best Credit Card Comparison in India');
    expect(meta(html, 'twitter:title')).toBe('Best Credit Card Comparison in India');
    expect(html).toContain('<noscript>PaisaPal Money needs JavaScript to compare credit cards.</noscript>');
    expect(html).not.toContain('Cardwise');
    // Not the built brand's icon (/favicon.svg, in its colour): the card mark in the partner's.
    const partnerIcon = icon(html);
    expect(partnerIcon).toMatch(/^data:image\/svg\+xml,<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(partnerIcon).toContain('<rect width="32" height="32" rx="8" fill="#0e7490"/>');
    expect(partnerIcon).toContain('stroke="#fff"');
  });

  it('says the page varies by host, is always revalidated, and answers a matching ETag with 304', async () => {
    const first = await get(t, '/', { host: 'paisapal.localhost' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/\bHost\b/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(t, '/', { host: 'paisapal.localhost', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another tenant's page is another representation: another ETag, a full answer.
    const other = await get(t, '/', { host: 'localhost', 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    expect(meta(other.body, 'og:site_name')).toBe('Cardwise');
  });

  it('answers HEAD for the page as GET does, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/', headers: { host: 'paisapal.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe('');
  });

  it('answers an unknown tenant with its own 404 page: no app, no brand, the address it asked for', async () => {
    for (const [url, headers, name] of [
      ['/', { host: 'nobody.localhost:3000' }, 'nobody'],
      ['/t/nobody/cards', {}, 'nobody'],
      ['/cards?tenant=Ghost', {}, 'ghost'],
    ] as const) {
      const res = await get(t, url, headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers.vary, url).toMatch(/\bHost\b/);
      expect(res.headers.etag, url).toBeUndefined();
      expect(res.body, url).toContain('<title>This site does not exist</title>');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(res.body, url).toContain(`There is no card comparison site called “${name}”.`);
      expect(res.body, url).not.toMatch(/<script|Cardwise|og:site_name/);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { host: 'nobody.localhost' } });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
    // Its API refuses it the same way (the app's own page for the case reads that).
    const api = await get(t, '/api/tenant', { host: 'nobody.localhost:3000' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('unknown_tenant');
  });

  it('serves a malformed tenant name the page as built (the app does not read it as a tenant)', async () => {
    const res = await get(t, '/?tenant=No%20Such');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(HEAD);
  });

  it('keeps og:image relative when the Host header is not a host name', async () => {
    const res = await get(t, '/', { host: 'evil.example"><script>alert(1)</script>' });
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'og:image')).toBe('/share/default-preview.png');
    expect(res.body).not.toContain('<script>alert');
  });

  it('builds og:image from the forwarded protocol and host only when TRUST_PROXY believes them', async () => {
    const forwarded = {
      host: 'internal:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'paisapal.example.in',
    };
    expect(meta((await get(proxied, '/', forwarded)).body, 'og:image')).toBe(
      'https://paisapal.example.in/share/default-preview.png',
    );
    expect(meta((await get(t, '/', forwarded)).body, 'og:image')).toBe(
      'http://internal:3000/share/default-preview.png',
    );
  });

  it('serves a partner’s preview as a 1200 × 630 PNG with its name, and no other tenant’s', async () => {
    const page = await get(t, '/', { host: 'paisapal.localhost:3000' });
    const url = new URL(meta(page.body, 'og:image') as string);
    const res = await get(t, url.pathname + url.search);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const png = res.rawPayload;
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    // The default tenant keeps the built image; unknown, malformed and theme-less ones have none.
    for (const [app, file] of [
      [t, 'cardwise'],
      [t, 'nobody'],
      [t, 'Paisapal'],
      [t, '..'],
      [t, 'paisapal.png'],
      [proxied, 'quoted'], // its brand colour is not a colour
    ] as const) {
      const missing = await get(app, `/share/tenants/${file}-preview.png`);
      expect(missing.statusCode, file).toBe(404);
      expect(missing.headers['content-type'], file).not.toContain('text/html');
    }
  });

  it('escapes the tenant’s name and ignores a brand colour that is not a colour', async () => {
    const res = await get(proxied, '/t/quoted/', { host: 'localhost' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('content="Tom &amp; Jerry&#39;s &quot;Cards&quot; &lt;b&gt;"');
    expect(meta(html, 'og:site_name')).toBe(`Tom & Jerry's "Cards" <b>`);
    expect(html).toContain('<noscript>Tom &amp; Jerry&#39;s &quot;Cards&quot; &lt;b&gt; needs JavaScript');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('onload');
    expect(meta(html, 'theme-color')).toBe('#ea580c'); // as built
    expect(icon(html)).toBe('/favicon.svg'); // as built
    // Its theme has no share images in the build: the built ones, never a missing file.
    expect(meta(html, 'og:image')).toBe('http://localhost/share/default-preview.png');
    expect(icon(html, 'apple-touch-icon')).toBe('/share/default-touch-icon.png');
  });
});

/**
 * apps/web/index.html is the template the server renders: every tag the server rewrites must be
 * there, and for the default tenant without an origin the rendering is the file itself.
 */
describe('apps/web/index.html as the server’s template', () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const webRoot = join(here, '../../web');
  const source = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const page = parseIndexHtml(source);

  it('names the default tenant and has the tags the server rewrites', () => {
    expect(page.brand).toBe('Cardwise');
    expect(meta(source, 'og:site_name')).toBe('Cardwise');
    // The colour the server sends for the default tenant (its theme's primary), so the page as
    // built and as served for it agree.
    const defaultTheme = TENANT_SEEDS.find((t) => t.is_default)?.theme;
    expect(meta(source, 'theme-color')).toBe(THEMES.find((t) => t.name === defaultTheme)?.primaryColor);
    const image = meta(source, 'og:image');
    expect(image).toMatch(/^\/[^/]/);
    // The image is a file the build copies from public/ (served at the root).
    expect(existsSync(join(webRoot, 'public', image as string))).toBe(true);
  });

  it('renders to itself for the default tenant, and to the partner’s head for a partner', () => {
    const builtColor = meta(source, 'theme-color');
    expect(page.render({ siteName: 'Cardwise', themeColor: builtColor })).toBe(source);
    const partner = page.render({
      siteName: 'PaisaPal Money',
      themeColor: '#0e7490',
      origin: 'https://paisapal.cardwise.in',
    });
    expect(meta(partner, 'og:site_name')).toBe('PaisaPal Money');
    expect(meta(partner, 'theme-color')).toBe('#0e7490');
    expect(meta(partner, 'og:image')).toBe(`https://paisapal.cardwise.in${meta(source, 'og:image')}`);
    const themed = page.render({ siteName: 'PaisaPal Money', themeColor: '#0e7490', theme: 'ocean' });
    expect(meta(themed, 'og:image')).toBe('/share/ocean-preview.png');
    expect(icon(themed, 'apple-touch-icon')).toBe('/share/ocean-touch-icon.png');
    // A partner's own preview replaces the theme's, and its description names the partner.
    const own = page.render({
      siteName: 'PaisaPal Money',
      themeColor: '#0e7490',
      theme: 'ocean',
      preview: '/share/tenants/paisapal-preview.png?v=abc&x',
    });
    expect(meta(own, 'og:image')).toBe('/share/tenants/paisapal-preview.png?v=abc&x');
    expect(own).toContain('content="/share/tenants/paisapal-preview.png?v=abc&amp;x"');
    expect(meta(own, 'twitter:image')).toBe(meta(own, 'og:image'));
    expect(meta(own, 'og:image:alt')).toBe(`${meta(source, 'og:image:alt')}, under the name PaisaPal Money`);
    expect(meta(themed, 'og:image:alt')).toBe(meta(source, 'og:image:alt'));
    // Everything else is the file as written: the same titles and descriptions, and the brand
    // named nowhere once the partner's name has replaced it.
    for (const key of ['og:title', 'twitter:title', 'description', 'og:description', 'twitter:description']) {
      expect(meta(partner, key), key).toBe(meta(source, key)?.replaceAll('Cardwise', 'PaisaPal Money'));
    }
    expect(partner).not.toContain('Cardwise');
    expect(icon(partner)).toContain('fill="#0e7490"');
  });

  it('has every theme’s share images as PNGs of the sizes previews and iOS take, rendered from the current drawings', () => {
    // PNG: the 8-byte signature, then the IHDR chunk with width and height (big-endian).
    const size = (file: string) => {
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString('latin1'), file).toBe('PNG');
      return [png.readUInt32BE(16), png.readUInt32BE(20)];
    };
    const pathsOf = (theme: string) => {
      const paths = shareImagePaths(theme);
      if (!paths) throw new Error(`no share image paths for ${theme}`);
      return paths;
    };
    for (const theme of THEMES) {
      const { preview, touchIcon } = pathsOf(theme.name);
      expect(size(join(webRoot, 'public', preview)), preview).toEqual([1200, 630]);
      expect(size(join(webRoot, 'public', touchIcon)), touchIcon).toEqual([180, 180]);
      // Stale after a theme's colour or a drawing changes: run `npm run share-images`.
      expect(readFileSync(join(webRoot, 'public', preview.replace(/png$/, 'svg')), 'utf8')).toBe(
        `${previewImageSvg(theme.primaryColor)}\n`,
      );
      expect(readFileSync(join(webRoot, 'public', touchIcon.replace(/png$/, 'svg')), 'utf8')).toBe(
        `${touchIconSvg(theme.primaryColor)}\n`,
      );
    }
    expect(meta(source, 'og:image')).toBe(pathsOf('default').preview);
    expect(meta(source, 'twitter:image')).toBe(pathsOf('default').preview);
    expect(meta(source, 'og:image:width')).toBe('1200');
    expect(meta(source, 'og:image:height')).toBe('630');
    expect(icon(source, 'apple-touch-icon')).toBe(pathsOf('default').touchIcon);
  });

  it('has an icon the server redraws for a partner, drawn in the file’s own theme-color', () => {
    const href = icon(source);
    expect(href).toMatch(/^\/[^/].*\.svg$/);
    // Kept as built only for the colour it is drawn in: the default tenant's.
    const built = readFileSync(join(webRoot, 'public', href as string), 'utf8');
    expect(/<rect width="32" height="32" rx="8" fill="(#[0-9a-f]+)"/.exec(built)?.[1]).toBe(
      meta(source, 'theme-color'),
    );
    expect(icon(page.render({ siteName: 'Cardwise', themeColor: meta(source, 'theme-color') }))).toBe(href);
    // A light brand colour gets a dark card outline.
    expect(icon(page.render({ siteName: 'Pale', themeColor: '#FDE68A' }))).toContain('stroke="#0f172a"');
  });
});
