import { createHash } from 'node:crypto';
import { isHexColor } from '@cardwise/contracts';
import { renderAsync } from '@resvg/resvg-js';
import type { FastifyInstance } from 'fastify';
import { brandedPreviewSvg, SHARE_IMAGE_DIR } from './share-images.ts';
import type { RequestTenant, Tenancy } from './tenancy.ts';

/** Rendered previews kept (tenant × name × colour); a handful of tenants, capped all the same. */
const MAX_KEPT = 64;

/** SVG → PNG. resvg (a Rust SVG renderer, prebuilt for every platform npm serves) renders off the
 * event loop with the system's fonts; the SVG is ours alone (brandedPreviewSvg), so it references
 * no file. */
export type RenderPng = (svg: string) => Promise<Buffer>;
const renderWithResvg: RenderPng = (svg) =>
  renderAsync(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).then((image) =>
    image.asPng(),
  );

/**
 * Renders each name × colour's preview once and keeps the PNG (a failed rendering is not kept:
 * the next request tries again). `renderPng` is resvg's except in the tests of a failure, which
 * our own SVG never causes.
 */
export function sharePreviews(renderPng: RenderPng = renderWithResvg) {
  const kept = new Map<string, Promise<Buffer>>();
  return {
    render(primary: string, companyName: string): Promise<Buffer> {
      const key = `${primary}\n${companyName}`;
      let png = kept.get(key);
      if (!png) {
        if (kept.size >= MAX_KEPT) kept.clear();
        png = renderPng(brandedPreviewSvg(primary, companyName));
        png.catch(() => kept.delete(key));
        kept.set(key, png);
      }
      return png;
    },
  };
}

const version = (t: RequestTenant) =>
  createHash('sha256').update(`${t.brandColor}\n${t.row.company_name}`).digest('hex').slice(0, 12);

/**
 * A partner's link-preview image (1200 × 630 PNG) with its name on it, at
 * `/share/tenants/{id}-preview.png?v={version of name and colour}` (ADR 012): link previews take
 * only raster images, and a tenant's name is data, so unlike the themes' images (rendered once by
 * `npm run share-images`) it is drawn at run time, on first request. The default tenant keeps the
 * built image: its own brand is the site's address already, a partner's is not. `path` is what
 * the page's head names (undefined: the theme's image); `fallback` is where a request goes when
 * the rendering fails.
 */
export function registerSharePreviews(
  app: FastifyInstance,
  tenancy: Tenancy,
  fallback: (t: RequestTenant) => string,
  previews: ReturnType<typeof sharePreviews> = sharePreviews(),
): { path(t: RequestTenant): string | undefined } {
  function path(t: RequestTenant): string | undefined {
    if (t.row.is_default || !t.brandColor || !isHexColor(t.brandColor)) return undefined;
    return `/${SHARE_IMAGE_DIR}/tenants/${t.id}-preview.png?v=${version(t)}`;
  }
  app.get(`/${SHARE_IMAGE_DIR}/tenants/:file`, async (request, reply) => {
    const { file } = request.params as { file: string };
    const id = /^(.+)-preview\.png$/.exec(file)?.[1];
    const tenant = id === undefined ? undefined : await tenancy.byId(id);
    if (!tenant || path(tenant) === undefined)
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
    let png: Buffer;
    try {
      png = await previews.render(tenant.brandColor as string, tenant.row.company_name);
    } catch (err) {
      // Our fault, not the client's: a preview without the name beats none.
      request.log.error({ err }, 'share preview: rendering failed');
      return reply.redirect(fallback(tenant), 302);
    }
    // The address carries the version (?v=), so a cached copy may be kept a day.
    return reply
      .header('cache-control', 'public, max-age=86400')
      .header('etag', `"${version(tenant)}"`)
      .type('image/png')
      .send(png);
  });
  return { path };
}
