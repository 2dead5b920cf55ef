/**
 * `#rgb`/`#rrggbb` colours, as tenants' brand colours and themes give them. One reading for the
 * server (the page head's icon, ADR 012) and the web app (readable text on a theme's colours).
 */
const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** `#rgb`/`#rrggbb` → [r, g, b] (0–255), or null for other formats. */
export function hexChannels(color: string): [number, number, number] | null {
  const hex = HEX_COLOR.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG) of a `#rgb`/`#rrggbb` colour, or null for other formats. */
export function luminance(color: string): number | null {
  const channels = hexChannels(color);
  if (!channels) return null;
  const [r, g, b] = channels.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio (1–21) of two `#rgb`/`#rrggbb` colours, or null when either is another format. */
export function contrastRatio(a: string, b: string): number | null {
  const [x, y] = [luminance(a), luminance(b)];
  if (x === null || y === null) return null;
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * Text colour for a theme's accent background. Themes give no accent foreground, and a
 * light accent in a dark theme would otherwise get the dark theme's light text. Not a hex
 * colour: `fallback`.
 */
export function readableOn(background: string, fallback: string): string {
  const l = luminance(background);
  if (l === null) return fallback;
  return l > 0.35 ? '#0f172a' : '#f8fafc';
}
