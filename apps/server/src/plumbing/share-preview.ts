import { renderAsync } from '@resvg/resvg-js';
import { brandedPreviewSvg } from './share-images.ts';

/** Rendered previews kept (tenant × name × colour); a handful of tenants, capped all the same. */
const MAX_KEPT = 64;

/**
 * A tenant's link-preview image (1200 × 630 PNG) with its name on it, rendered on first request
 * and kept: link previews take only raster images, and a tenant's name is data, so unlike the
 * themes' images (rendered once by `npm run share-images`) it cannot be drawn at build time.
 * resvg (a Rust SVG renderer, prebuilt for every platform npm serves) renders off the event loop
 * with the system's fonts; the SVG is ours alone (brandedPreviewSvg), so it references no file.
 */
export function sharePreviews() {
  const kept = new Map<string, Promise<Buffer>>();
  return {
    render(primary: string, companyName: string): Promise<Buffer> {
      const key = `${primary}\n${companyName}`;
      let png = kept.get(key);
      if (!png) {
        if (kept.size >= MAX_KEPT) kept.clear();
        png = renderAsync(brandedPreviewSvg(primary, companyName), {
          font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
        }).then((image) => image.asPng());
        // A failed rendering is not kept: the next request tries again.
        png.catch(() => kept.delete(key));
        kept.set(key, png);
      }
      return png;
    },
  };
}
