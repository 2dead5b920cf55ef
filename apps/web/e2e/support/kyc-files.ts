import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A card of the complete-journey bank (HDFC), so it can be applied for in the product. */
export const CARD = 'hdfc_millennia';

/**
 * What the wizard journeys upload: small real files, whole as the server checks them
 * (document-structure.ts), shared with the server's tests: a 2×2 JPEG and a one-page PDF made by
 * Chromium, a 1×1 PNG.
 */
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../../server/test/fixtures/documents', name));
export const JPEG = fixture('two-by-two.jpg');
export const PNG = fixture('one-by-one.png');
export const PDF = fixture('one-page.pdf');

/**
 * A whole JPEG (it passes the server's check, which reads the container, not the pixels) whose
 * frame header says 0-bit samples, so no browser decodes it: the preview's error path.
 */
export const UNDECODABLE_JPEG = Buffer.from(JPEG);
UNDECODABLE_JPEG[JPEG.indexOf(Buffer.from([0xff, 0xc0])) + 4] = 0;
