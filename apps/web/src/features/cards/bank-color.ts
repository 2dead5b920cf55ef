/** Spec §3: bank brand colours default to orange. */
export const DEFAULT_BANK_COLOR = '#F97316';

export function bankColorOf(color: string | null | undefined): string {
  return color && /^#[0-9a-f]{3,8}$|^(rgb|hsl)a?\(/i.test(color.trim()) ? color.trim() : DEFAULT_BANK_COLOR;
}

/** A darker stop for the card gradient, so white text stays readable on light brand colours. */
export function cardGradient(color: string): string {
  const base = bankColorOf(color);
  return `linear-gradient(135deg, ${base} 0%, color-mix(in srgb, ${base} 55%, #000) 100%)`;
}
