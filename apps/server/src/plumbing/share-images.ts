import { luminance } from '@cardwise/contracts';

/**
 * The link-preview image (og:image, 1200 × 630) and the home-screen icon (apple-touch-icon,
 * 180 × 180) of a theme, as SVG. Previews (WhatsApp, Facebook, LinkedIn, X) and iOS accept only
 * raster images, so `npm run share-images` renders these to PNG once per theme into
 * `apps/web/public/share/` (committed, with the SVG each was rendered from); the served head
 * points a tenant at its theme's pair (index-html.ts, ADR 012). Neither names a brand: every
 * tenant on a theme shares them, as they share its colours.
 */
export const SHARE_IMAGE_DIR = 'share';

/** Dark ink on a light colour, white on a dark one. */
function inkOn(color: string): string {
  return (luminance(color) ?? 0) > 0.35 ? '#0f172a' : '#fff';
}

/**
 * The card mark of `apps/web/public/favicon.svg` (and of the header's brand mark without a logo)
 * on `color`, a `#rgb`/`#rrggbb` colour (callers check it: it is written into the SVG as is).
 * Rounded for a tab icon; square for iOS, which rounds a touch icon's corners itself.
 */
export function cardMarkSvg(
  color: string,
  options: { rounded: boolean; px?: number; title?: string },
): string {
  const size = options.px === undefined ? '' : ` width="${options.px}" height="${options.px}"`;
  const title = options.title === undefined ? '' : `<title>${options.title}</title>`;
  const ink = inkOn(color);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg"${size} viewBox="0 0 32 32">${title}` +
    `<rect width="32" height="32"${options.rounded ? ' rx="8"' : ''} fill="${color}"/>` +
    `<rect x="6" y="9" width="20" height="14" rx="3" fill="none" stroke="${ink}" stroke-width="2"/>` +
    `<path d="M6 14h20" stroke="${ink}" stroke-width="2"/></svg>`
  );
}

/** `primary`: a `#rgb`/`#rrggbb` colour (a theme's), written into the SVG as is. */
export function previewImageSvg(primary: string): string {
  const ink = inkOn(primary);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">' +
    '<title>Best Credit Card Comparison in India</title>' +
    '<rect width="1200" height="630" fill="#f8fafc"/>' +
    `<rect width="24" height="630" fill="${primary}"/>` +
    `<g transform="rotate(-8 980 315)"><rect x="840" y="225" width="290" height="183" rx="20" fill="${primary}"/>` +
    '<rect x="872" y="272" width="52" height="38" rx="7" fill="#fde68a"/>' +
    `<rect x="872" y="355" width="170" height="14" rx="7" fill="${ink}" fill-opacity="0.55"/></g>` +
    '<g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#0f172a">' +
    '<text x="96" y="255" font-size="56" font-weight="700">Best Credit Card</text>' +
    '<text x="96" y="328" font-size="56" font-weight="700">Comparison in India</text>' +
    '<text x="96" y="410" font-size="27" fill="#334155">Fees with GST, reward rates, caps and benefits:</text>' +
    '<text x="96" y="452" font-size="27" fill="#334155">the card combination that saves you the most</text>' +
    '</g></svg>'
  );
}

export function touchIconSvg(primary: string): string {
  return cardMarkSvg(primary, { rounded: false, px: 180, title: 'Credit card comparison' });
}

export interface ShareImagePaths {
  preview: string;
  touchIcon: string;
}

/** A theme name that can be part of a file name; nothing else ever reaches the file system. */
const THEME_NAME = /^[a-z]+$/;
const SHARE_IMAGE = new RegExp(`^/${SHARE_IMAGE_DIR}/[a-z]+-(preview|touch-icon)\\.png$`);

/** Paths (on the site) of a theme's preview image and touch icon; null for a name unfit for a file. */
export function shareImagePaths(theme: string): ShareImagePaths | null {
  if (!THEME_NAME.test(theme)) return null;
  return {
    preview: `/${SHARE_IMAGE_DIR}/${theme}-preview.png`,
    touchIcon: `/${SHARE_IMAGE_DIR}/${theme}-touch-icon.png`,
  };
}

/** Which of a theme's share images `path` is (as shareImagePaths writes it), or null. */
export function shareImageKind(path: string): keyof ShareImagePaths | null {
  const m = SHARE_IMAGE.exec(path);
  if (!m) return null;
  return m[1] === 'preview' ? 'preview' : 'touchIcon';
}
