import { Resvg } from '@resvg/resvg-js';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TenantRow } from '../src/features/tenants/tenants-repository.ts';
import { brandedPreviewSvg } from '../src/plumbing/share-images.ts';
import { registerSharePreviews, sharePreviews } from '../src/plumbing/share-preview.ts';
import type { RequestTenant } from '../src/plumbing/tenancy.ts';

/** RGBA pixels of an SVG as resvg renders it (the renderer the server uses). */
function pixels(svg: string) {
  const image = new Resvg(svg, {
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  }).render();
  // `pixels` is a getter that copies the whole image: read it once.
  const { width, height, pixels: rgba } = image;
  const at = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    return [...rgba.subarray(i, i + 3)];
  };
  /** Pixels within `box` whose colour is within 40 of `rgb` on every channel. */
  const count = (rgb: number[], [x0, y0, x1, y1]: [number, number, number, number]) => {
    let n = 0;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) if (at(x, y).every((v, c) => Math.abs(v - (rgb[c] as number)) < 40)) n++;
    return n;
  };
  return { width, height, at, count };
}

const OCEAN = [0x0e, 0x74, 0x90];
const INK = [0x0f, 0x17, 0x2a];
const NAME_BOX: [number, number, number, number] = [180, 90, 700, 140];

describe("a partner's link-preview image", () => {
  it('draws the name and its initial in the brand colour above the theme’s preview', () => {
    const p = pixels(brandedPreviewSvg('#0e7490', 'PaisaPal Money'));
    expect([p.width, p.height]).toEqual([1200, 630]);
    expect(p.at(110, 100)).toEqual(OCEAN); // the tile
    expect(p.count([255, 255, 255], [104, 92, 152, 140])).toBeGreaterThan(50); // its white "P"
    expect(p.count(OCEAN, NAME_BOX)).toBeGreaterThan(1500); // the name, in the system's fonts
    // Without a name there is no text there: the count above is the name's.
    expect(pixels(brandedPreviewSvg('#0e7490', '')).count(OCEAN, NAME_BOX)).toBe(0);
  });

  it('writes a light brand colour’s name in dark ink, and never the name as markup', () => {
    const light = pixels(brandedPreviewSvg('#fde047', 'Sunny Cards'));
    expect(light.count(INK, NAME_BOX)).toBeGreaterThan(1000);
    const svg = brandedPreviewSvg('#0e7490', `Tom & Jerry's "Cards" <image href="/etc/x.png"/>`);
    expect(svg).not.toContain('<image');
    expect(svg).toContain('Tom &amp; Jerry&#39;s &quot;Cards&quot; &lt;image');
  });

  it('shortens a long name to one line with an ellipsis', () => {
    const svg = brandedPreviewSvg('#0e7490', `${'Very Long Partner Name '.repeat(4)}Ltd`);
    const name = /font-size="36"[^>]*>([^<]*)</.exec(svg)?.[1] ?? '';
    expect([...name].length).toBeLessThanOrEqual(42);
    expect(name.startsWith('Very Long Partner Name Very Long Partner')).toBe(true);
    expect(name.endsWith('…')).toBe(true);
  });

  it('renders each name and colour once, as a PNG', async () => {
    const previews = sharePreviews();
    const first = previews.render('#0e7490', 'PaisaPal Money');
    expect(previews.render('#0e7490', 'PaisaPal Money')).toBe(first);
    expect(previews.render('#0e7490', 'Another')).not.toBe(first);
    const png = await first;
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });
});

describe('when a preview cannot be rendered', () => {
  it('redirects to the theme’s preview instead of failing, logs it, and tries again next time', async () => {
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    });
    const tenant: RequestTenant = {
      id: 'paisapal',
      row: { id: 'paisapal', company_name: 'PaisaPal Money', is_default: false } as TenantRow,
      bankCodes: [],
      brandColor: '#0e7490',
    };
    let calls = 0;
    const failing = sharePreviews(async () => {
      calls++;
      throw new Error('renderer unavailable');
    });
    const { path } = registerSharePreviews(
      app,
      { resolve: async () => tenant, byId: async (id) => (id === tenant.id ? tenant : undefined) },
      () => '/share/ocean-preview.png',
      failing,
    );
    const url = path(tenant) as string;
    for (const attempt of [1, 2]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, `attempt ${attempt}`).toBe(302);
      expect(res.headers.location).toBe('/share/ocean-preview.png');
      expect(res.headers['cache-control']).toBeUndefined(); // the failure is not cached downstream
    }
    expect(calls).toBe(2); // a failed rendering is not kept
    expect(logged.join('')).toContain('share preview: rendering failed');
    await app.close();
  });
});
