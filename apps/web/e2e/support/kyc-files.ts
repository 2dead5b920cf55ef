/** What the wizard journeys upload: small files whose first bytes make their type. */
/** A card of the complete-journey bank (HDFC), so it can be applied for in the product. */
export const CARD = 'hdfc_millennia';

/** A JPEG header and filler: typed as JPEG by its magic bytes, though no viewer can draw it. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(400, 7),
]);
/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
