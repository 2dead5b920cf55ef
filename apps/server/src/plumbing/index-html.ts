import { isHexColor } from '@cardwise/contracts';
import { escapeHtml } from './escape-html.ts';
import { cardMarkSvg, shareImageKind, shareImagePaths } from './share-images.ts';

/**
 * The built SPA's index.html with the head of one tenant: link previews (WhatsApp, Slack,
 * crawlers that run no script) read the meta tags of the HTML as served, so the brand name,
 * theme colour and image URL must be the tenant's before any JS runs (ADR 012).
 *
 * The file is parsed once into fixed text and slots; rendering joins them with the tenant's
 * values, escaped for HTML. Only the tags below are touched, everything else is served byte
 * for byte as built:
 *
 * - `og:site_name`: the tenant's name;
 * - `theme-color`: the tenant's brand colour (a `#rgb`/`#rrggbb` colour), else as built;
 * - `og:image`, `twitter:image`: a relative URL made absolute on the request's origin; a theme's
 *   share image (`/share/{theme}-preview.png`, share-images.ts) becomes the tenant's theme's;
 *   a partner's own preview (`preview`, its name drawn on the theme's) where it has one, and
 *   `og:image:alt` then says so;
 * - `<link rel="apple-touch-icon">` on a theme's share icon: the tenant's theme's;
 * - `<link rel="icon">` with a path on this origin: where the tenant's brand colour is not the
 *   file's own `theme-color` (the built icon is drawn in that), an inline SVG of the same card
 *   mark in the tenant's colour (`tenantIcon`), so a partner's tab never shows the built brand's
 *   icon; as built otherwise;
 * - the built brand name (the file's `og:site_name`) where the title, the descriptions or
 *   the `<noscript>` text name it: the tenant's name instead.
 */

export interface HeadValues {
  /** The tenant's name (og:site_name). */
  siteName: string;
  /** The tenant's brand colour; not a hex colour = the file's own. */
  themeColor?: string | undefined;
  /** `https://host[:port]` of the request; undefined = image URLs stay as built. */
  origin?: string | undefined;
  /**
   * The tenant's theme, whose share images (`/share/{theme}-…png`) replace the built ones;
   * undefined (or not a theme-like name) = as built. The caller passes it only when the files exist.
   */
  theme?: string | undefined;
  /**
   * A path on this origin of the tenant's own preview image (its name drawn on it, web-app.ts),
   * replacing the theme's preview in og:image and twitter:image; og:image:alt then names it too.
   */
  preview?: string | undefined;
}

/** `path` with the tenant's theme where it names a theme's share image, else unchanged. */
function themedShareImage(path: string, theme: string | undefined): string {
  const kind = shareImageKind(path);
  const paths = kind && theme !== undefined ? shareImagePaths(theme) : null;
  return kind && paths ? paths[kind] : path;
}

export interface IndexHtml {
  /** The file exactly as built. */
  readonly raw: string;
  /** The built brand name (the file's og:site_name), if it has one. */
  readonly brand: string | undefined;
  render(values: HeadValues): string;
}

function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_m, e: string) =>
    e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : "'",
  );
}

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing else is echoed. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `https://host` from the request's protocol and host, or undefined when either looks wrong. */
export function requestOrigin(protocol: string | undefined, host: string | undefined): string | undefined {
  const scheme = protocol?.trim().toLowerCase();
  if ((scheme !== 'http' && scheme !== 'https') || !host || host.length > 261 || !HOST.test(host))
    return undefined;
  return `${scheme}://${host.toLowerCase()}`;
}

/**
 * The card mark (share-images.ts) on the tenant's colour, as a `data:` URL (a `#rgb`/`#rrggbb`
 * colour only). Inline, not
 * a route: the browser fetches an icon without the app's X-Tenant header and, on a `/t/{tenant}`
 * page, outside its prefix, so only the page itself knows the tenant in every case.
 */
export function tenantIcon(color: string): string {
  return `data:image/svg+xml,${encodeURIComponent(cardMarkSvg(color, { rounded: true }))}`;
}

type Slot = (v: HeadValues) => string;
interface Edit {
  start: number;
  end: number;
  slot: Slot;
}

const META = /<meta\b[^>]*>/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

interface MetaTag {
  key: string;
  /** Offsets of the content attribute's value in the file. */
  contentStart: number;
  contentEnd: number;
  content: string;
}

function metaTags(html: string): MetaTag[] {
  const found: MetaTag[] = [];
  for (const tag of html.matchAll(META)) {
    const attrs = new Map<string, { value: string; start: number }>();
    const body = tag[0].slice(5); // after "<meta"
    for (const a of body.matchAll(ATTRIBUTE)) {
      const value = a[2] ?? a[3] ?? a[4];
      if (value === undefined || !a[1]) continue;
      // Where the value starts: after the name, the "=", spaces and an opening quote if any.
      const valueOffset = a[0].length - value.length - (a[4] === undefined ? 1 : 0);
      attrs.set(a[1].toLowerCase(), { value, start: (tag.index ?? 0) + 5 + (a.index ?? 0) + valueOffset });
    }
    const key = (attrs.get('property') ?? attrs.get('name'))?.value.toLowerCase();
    const content = attrs.get('content');
    if (key && content) {
      found.push({
        key,
        contentStart: content.start,
        contentEnd: content.start + content.value.length,
        content: content.value,
      });
    }
  }
  return found;
}

const LINK = /<link\b[^>]*>/gi;

/** Offsets of the href of every `<link>` whose `rel` holds the token `token`. */
function linkHrefs(html: string, token: string): { start: number; end: number; href: string }[] {
  const found: { start: number; end: number; href: string }[] = [];
  for (const tag of html.matchAll(LINK)) {
    let rel: string | undefined;
    let href: { value: string; start: number } | undefined;
    const body = tag[0].slice(5); // after "<link"
    for (const a of body.matchAll(ATTRIBUTE)) {
      const value = a[2] ?? a[3] ?? a[4];
      if (value === undefined || !a[1]) continue;
      const name = a[1].toLowerCase();
      if (name === 'rel') rel = value;
      if (name === 'href') {
        const valueOffset = a[0].length - value.length - (a[4] === undefined ? 1 : 0);
        href = { value, start: (tag.index ?? 0) + 5 + (a.index ?? 0) + valueOffset };
      }
    }
    if (href && rel?.toLowerCase().split(/\s+/).includes(token)) {
      found.push({ start: href.start, end: href.start + href.value.length, href: href.value });
    }
  }
  return found;
}

/** Text between `<tag>` and `</tag>` (the first such element). */
function elementText(html: string, tag: string): { start: number; end: number } | undefined {
  const open = new RegExp(`<${tag}\\b[^>]*>`, 'i').exec(html);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const end = html.toLowerCase().indexOf(`</${tag}>`, start);
  return end < 0 ? undefined : { start, end };
}

/** Edits replacing every occurrence of `needle` in html[start, end) by the tenant's name. */
function brandEdits(html: string, start: number, end: number, needle: string): Edit[] {
  const edits: Edit[] = [];
  for (let at = html.indexOf(needle, start); at >= 0 && at + needle.length <= end; ) {
    edits.push({ start: at, end: at + needle.length, slot: (v) => escapeHtml(v.siteName) });
    at = html.indexOf(needle, at + needle.length);
  }
  return edits;
}

const NAMING_BRAND = new Set([
  'og:title',
  'twitter:title',
  'description',
  'og:description',
  'twitter:description',
  'application-name',
  'apple-mobile-web-app-title',
]);

export function parseIndexHtml(raw: string): IndexHtml {
  const tags = metaTags(raw);
  const siteNameTag = tags.find((t) => t.key === 'og:site_name');
  const brand = siteNameTag ? unescapeHtml(siteNameTag.content) : undefined;
  const edits: Edit[] = [];
  for (const t of tags) {
    const { contentStart: start, contentEnd: end, content } = t;
    if (t.key === 'og:site_name') {
      edits.push({ start, end, slot: (v) => escapeHtml(v.siteName) });
    } else if (t.key === 'theme-color') {
      edits.push({
        start,
        end,
        slot: (v) => (v.themeColor && isHexColor(v.themeColor) ? escapeHtml(v.themeColor) : content),
      });
    } else if (t.key === 'og:image' || t.key === 'twitter:image') {
      // Only a path on this origin; an absolute URL (or //host/...) is kept as built.
      if (content.startsWith('/') && !content.startsWith('//')) {
        edits.push({
          start,
          end,
          slot: (v) => {
            const path =
              v.preview !== undefined && shareImageKind(content) === 'preview'
                ? escapeHtml(v.preview)
                : themedShareImage(content, v.theme);
            return v.origin ? `${escapeHtml(v.origin)}${path}` : path;
          },
        });
      }
    } else if (t.key === 'og:image:alt') {
      edits.push({
        start,
        end,
        slot: (v) =>
          v.preview === undefined ? content : `${content}, under the name ${escapeHtml(v.siteName)}`,
      });
    } else if (siteNameTag && NAMING_BRAND.has(t.key)) {
      edits.push(...brandEdits(raw, start, end, siteNameTag.content));
    }
  }
  const builtColor = tags.find((t) => t.key === 'theme-color')?.content.toLowerCase();
  for (const icon of linkHrefs(raw, 'apple-touch-icon')) {
    edits.push({ start: icon.start, end: icon.end, slot: (v) => themedShareImage(icon.href, v.theme) });
  }
  for (const icon of linkHrefs(raw, 'icon')) {
    // Only a path on this origin (the build's own icon); an absolute URL is someone's choice.
    if (!icon.href.startsWith('/') || icon.href.startsWith('//')) continue;
    edits.push({
      start: icon.start,
      end: icon.end,
      slot: (v) =>
        v.themeColor && isHexColor(v.themeColor) && v.themeColor.toLowerCase() !== builtColor
          ? escapeHtml(tenantIcon(v.themeColor))
          : icon.href,
    });
  }
  if (siteNameTag) {
    for (const tag of ['title', 'noscript']) {
      const text = elementText(raw, tag);
      if (text) edits.push(...brandEdits(raw, text.start, text.end, siteNameTag.content));
    }
  }
  edits.sort((a, b) => a.start - b.start);

  const texts: string[] = [];
  const slots: Slot[] = [];
  let at = 0;
  for (const e of edits) {
    if (e.start < at) continue; // overlapping (not expected): the first edit wins
    texts.push(raw.slice(at, e.start));
    slots.push(e.slot);
    at = e.end;
  }
  texts.push(raw.slice(at));

  return {
    raw,
    brand,
    render(values) {
      let out = texts[0] ?? '';
      for (let i = 0; i < slots.length; i++) out += (slots[i] as Slot)(values) + texts[i + 1];
      return out;
    },
  };
}
