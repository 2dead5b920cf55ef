import { isHexColor } from '@cardwise/contracts';

/**
 * The brand the served page's head names. The server renders index.html per request with the
 * tenant's name (`og:site_name`) and brand colour (`theme-color`), ADR 012, so the page knows
 * whose site it is before GET /api/tenant answers; the tenant provider shows these until then
 * (and when that request fails) instead of the default brand's.
 */
export interface HeadBrand {
  companyName: string | null;
  /** A `#rgb`/`#rrggbb` colour, or null. */
  color: string | null;
}

function metaContent(doc: Document, selector: string): string | null {
  const value = doc.querySelector(`meta[${selector}]`)?.getAttribute('content')?.trim();
  return value || null;
}

export function readHeadBrand(doc: Document = document): HeadBrand {
  const color = metaContent(doc, 'name="theme-color"');
  return {
    companyName: metaContent(doc, 'property="og:site_name"'),
    color: color && isHexColor(color) ? color : null,
  };
}
