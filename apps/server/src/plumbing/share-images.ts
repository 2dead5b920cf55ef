import { luminance } from '@cardwise/contracts';
import { escapeHtml } from './escape-html.ts';

/**
 * The link-preview image (og:image, 1200 × 630) and the home-screen icon (apple-touch-icon,
 * 180 × 180) of a theme, as SVG. Previews (WhatsApp, Facebook, LinkedIn, X) and iOS accept only
 * raster images, so `npm run share-images` renders these to PNG once per theme into
 * `apps/web/public/share/` (committed, with the SVG each was rendered from); the served head
 * points a tenant at its theme's pair (index-html.ts, ADR 012). Neither names a brand: every
 * tenant on a theme shares them, as they share its colours. A partner's own preview, with its
 * name drawn on the theme's, is `brandedPreviewSvg`, rendered at run time (share-preview.ts).
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

/** Longest name drawn on a preview (beyond it, an ellipsis): one line above the card. */
const MAX_NAME_CHARS = 42;

/**
 * A theme's preview with the tenant's name above the words: a tile with the name's first letter,
 * then the name, both in the brand colour (the name in dark ink where that colour is too light to
 * read on the preview's background). Drawn from text only, never from a tenant's logo: a logo is
 * markup an operator pasted, and the renderer (share-preview.ts) would follow its references to
 * files on this machine.
 */
export function brandedPreviewSvg(primary: string, companyName: string): string {
  const chars = [...companyName.trim()];
  const name =
    chars.length > MAX_NAME_CHARS
      ? `${chars
          .slice(0, MAX_NAME_CHARS - 1)
          .join('')
          .trimEnd()}…`
      : chars.join('');
  const initial = (chars[0] ?? '').toLocaleUpperCase('en-IN');
  // The background is #f8fafc (luminance ≈ 0.95): below 3:1 against it, the name is dark ink.
  const nameColor = (luminance(primary) ?? 0) > 0.27 ? '#0f172a' : primary;
  const brand =
    `<rect x="96" y="84" width="64" height="64" rx="16" fill="${primary}"/>` +
    '<g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700">' +
    `<text x="128" y="129" font-size="34" fill="${inkOn(primary)}" text-anchor="middle">${escapeHtml(initial)}</text>` +
    `<text x="180" y="128" font-size="36" fill="${nameColor}">${escapeHtml(name)}</text></g>`;
  return previewImageSvg(primary).replace('</svg>', `${brand}</svg>`);
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
