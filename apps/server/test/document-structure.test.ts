import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DocumentMimeType, isWholeDocument, structureCheck } from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures/documents', name));
/**
 * Real files: a 2×2 JPEG and a one-page PDF from Chromium, a 1×1 PNG, and from ImageMagick a
 * progressive JPEG (ten scans, Huffman tables between them) and an interlaced PNG.
 */
const JPEG = fixture('two-by-two.jpg');
const PNG = fixture('one-by-one.png');
const PDF = fixture('one-page.pdf');
const FILES: [DocumentMimeType, Buffer][] = [
  ['image/jpeg', JPEG],
  ['image/png', PNG],
  ['application/pdf', PDF],
  ['image/jpeg', fixture('progressive.jpg')],
  ['image/png', fixture('interlaced.png')],
];

/** Fed in pieces of the given sizes, as a stream would bring it. */
function inPieces(mime: DocumentMimeType, bytes: Buffer, size: (i: number) => number): boolean {
  const check = structureCheck(mime);
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const n = Math.max(1, size(i));
    check.push(bytes.subarray(at, at + n));
    at += n;
  }
  return check.complete();
}

describe('structureCheck: whether an upload is a whole JPEG, PNG or PDF', () => {
  it.each(FILES)('a real %s is whole, in one piece, byte by byte and in random pieces', (mime, bytes) => {
    expect(isWholeDocument(mime, bytes)).toBe(true);
    expect(inPieces(mime, bytes, () => 1)).toBe(true);
    for (let run = 0; run < 20; run++) {
      const sizes = [...randomBytes(64)];
      expect(inPieces(mime, bytes, (i) => sizes[i % sizes.length] ?? 1)).toBe(true);
    }
  });

  it.each(FILES)('a %s cut short anywhere is not whole', (mime, bytes) => {
    const cuts = [];
    for (let cut = 8; cut < bytes.length; cut++) {
      if (isWholeDocument(mime, bytes.subarray(0, cut))) cuts.push(cut);
    }
    // A PDF's last bytes after %%EOF are only its line end.
    expect(cuts).toEqual(mime === 'application/pdf' ? [bytes.length - 1] : []);
  });

  it.each(FILES)('a %s header followed by garbage is not whole', (mime, bytes) => {
    for (let run = 0; run < 50; run++) {
      const fake = Buffer.concat([bytes.subarray(0, 8), randomBytes(2_000)]);
      expect(isWholeDocument(mime, fake)).toBe(false);
    }
  });

  it('a JPEG or PNG may carry data after its end (phones append their own)', () => {
    expect(isWholeDocument('image/jpeg', Buffer.concat([JPEG, randomBytes(5_000)]))).toBe(true);
    expect(isWholeDocument('image/png', Buffer.concat([PNG, randomBytes(5_000)]))).toBe(true);
  });

  it('a progressive JPEG: tables between scans, restart markers and stuffed bytes in a scan', () => {
    const sos = JPEG.indexOf(Buffer.from([0xff, 0xda]));
    const scanHeader = JPEG.subarray(sos, sos + 2 + JPEG.readUInt16BE(sos + 2));
    const body = JPEG.subarray(0, JPEG.length - 2); // without EOI
    const progressive = Buffer.concat([
      body,
      Buffer.from([0xff, 0xd0, 0x12, 0xff, 0x00, 0x34]), // RST0, data, a stuffed FF
      Buffer.from([0xff, 0xc4, 0x00, 0x02]), // an (empty) DHT between scans
      scanHeader,
      Buffer.from([0x56, 0x78, 0xff, 0xff, 0xd9]), // data, a fill byte, EOI
    ]);
    expect(isWholeDocument('image/jpeg', progressive)).toBe(true);
    expect(isWholeDocument('image/jpeg', progressive.subarray(0, progressive.length - 2))).toBe(false);
  });

  it('a JPEG with no frame, or a frame of width 0, is not whole', () => {
    const sof = JPEG.indexOf(Buffer.from([0xff, 0xc0]));
    const zeroWidth = Buffer.from(JPEG);
    zeroWidth.writeUInt16BE(0, sof + 7);
    expect(isWholeDocument('image/jpeg', zeroWidth)).toBe(false);
    const sofLength = JPEG.readUInt16BE(sof + 2);
    const noFrame = Buffer.concat([JPEG.subarray(0, sof), JPEG.subarray(sof + 2 + sofLength)]);
    expect(isWholeDocument('image/jpeg', noFrame)).toBe(false);
  });

  it('a PNG without IHDR first, without image data or of size 0 is not whole', () => {
    const zeroSize = Buffer.from(PNG);
    zeroSize.writeUInt32BE(0, 16); // IHDR width
    expect(isWholeDocument('image/png', zeroSize)).toBe(false);
    const idat = PNG.indexOf('IDAT') - 4;
    const iend = PNG.indexOf('IEND') - 4;
    const noData = Buffer.concat([PNG.subarray(0, idat), PNG.subarray(iend)]);
    expect(isWholeDocument('image/png', noData)).toBe(false);
    const ihdrLast = Buffer.concat([PNG.subarray(0, 8), PNG.subarray(idat), PNG.subarray(8, idat)]);
    expect(isWholeDocument('image/png', ihdrLast)).toBe(false);
  });

  it("a PDF's %%EOF must be in its last kilobyte, where readers look for it", () => {
    expect(isWholeDocument('application/pdf', Buffer.concat([PDF, Buffer.alloc(1_000, 0x20)]))).toBe(true);
    expect(isWholeDocument('application/pdf', Buffer.concat([PDF, Buffer.alloc(1_100, 0x20)]))).toBe(false);
    expect(isWholeDocument('application/pdf', Buffer.from('%PDF-1.4\n'))).toBe(false);
  });
});
