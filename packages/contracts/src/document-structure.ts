import type { DocumentMimeType } from './applications.ts';

/**
 * Whether a JPEG, PNG or PDF is whole: its first bytes name a type (sniffDocumentType), and
 * these checks walk its structure, so a file cut short (a failed download, a half-synced cloud
 * copy) or garbage behind a valid header is refused at upload, where the applicant can still
 * choose another file, and not found unreadable by the bank's reviewer days later.
 *
 * Not a decoder: no pixel is decoded (that would take an image library on the server and
 * most of 5 MB of memory per file). It reads the container: a JPEG's marker segments, its
 * frame header and its end-of-image marker; a PNG's chunk sequence from IHDR to IEND; a PDF's
 * end-of-file marker in its last kilobyte, as readers look for it. Fed in pieces, as a stream
 * arrives (the server never holds a whole upload), or in one piece (the browser's File).
 */
export interface StructureCheck {
  push(bytes: Uint8Array): void;
  /** After the last byte: true when the file is whole. */
  complete(): boolean;
}

export function structureCheck(mime: DocumentMimeType): StructureCheck {
  if (mime === 'image/png') return pngCheck();
  if (mime === 'image/jpeg') return jpegCheck();
  return pdfCheck();
}

/** Whole-file convenience for the browser. */
export function isWholeDocument(mime: DocumentMimeType, bytes: Uint8Array): boolean {
  const check = structureCheck(mime);
  check.push(bytes);
  return check.complete();
}

/**
 * PNG: the 8-byte signature, then chunks (length, type, data, CRC). The first chunk is a
 * 13-byte IHDR with a non-zero size, image data (IDAT) follows, and IEND closes the file.
 * CRCs are not recomputed: a cut or a garbage length already breaks the sequence.
 */
function pngCheck(): StructureCheck {
  let skip = 8; // bytes still to pass over (the signature first)
  const header = new Uint8Array(16); // a chunk's length and type, then IHDR's width and height
  let have = 0;
  let need = 8;
  let chunks = 0;
  let ihdr = false;
  let idat = false;
  let iend = false;
  let broken = false;

  return {
    push(bytes) {
      let i = 0;
      // After IEND and its CRC, anything more is ignored.
      while (i < bytes.length && !broken && !(iend && skip === 0)) {
        if (skip > 0) {
          const n = Math.min(skip, bytes.length - i);
          skip -= n;
          i += n;
          continue;
        }
        header[have++] = bytes[i++] as number;
        if (have < need) continue;
        const view = new DataView(header.buffer);
        const length = view.getUint32(0);
        const type = String.fromCharCode(...header.subarray(4, 8));
        if (need === 16) {
          // IHDR's width and height, read after its type.
          if (view.getUint32(8) === 0 || view.getUint32(12) === 0) broken = true;
          ihdr = true;
          skip = length - 8 + 4;
          have = 0;
          need = 8;
          continue;
        }
        chunks++;
        if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) {
          broken = true;
        } else if (chunks === 1) {
          if (type !== 'IHDR' || length !== 13) broken = true;
          else need = 16;
          continue;
        } else if (type === 'IEND') {
          iend = idat && length === 0;
          if (!iend) broken = true;
        } else if (type === 'IDAT') {
          idat = true;
        }
        skip = length + 4;
        have = 0;
      }
    },
    complete: () => !broken && ihdr && idat && iend && skip === 0,
  };
}

/** JPEG markers with no length field: TEM, RST0–7, SOI, EOI. */
const STANDALONE = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd9);
/** Start-of-frame markers (SOF0–15 but DHT C4, JPG C8 and DAC CC). */
const FRAME = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * JPEG: SOI, then marker segments (FF, marker, 2-byte length); a frame header (SOFn) with a
 * non-zero width before the first scan (SOS); entropy-coded data, where FF is followed by 00
 * or a restart marker; other segments between progressive scans; and the end-of-image
 * marker. What follows EOI is ignored: phones append their own data there (motion photos).
 */
function jpegCheck(): StructureCheck {
  type State = 'soi' | 'marker' | 'code' | 'length' | 'segment' | 'scan' | 'scanFF' | 'done';
  let state: State = 'soi';
  let soiBytes = 0;
  let marker = 0;
  let lengthBytes: number[] = [];
  let remaining = 0;
  let segmentIndex = 0;
  let frameWidth = 0;
  let frame = false;
  let scanned = false;
  let broken = false;

  const startSegment = (m: number) => {
    marker = m;
    lengthBytes = [];
    state = 'length';
  };

  return {
    push(bytes) {
      for (let i = 0; i < bytes.length && !broken && state !== 'done'; i++) {
        const b = bytes[i] as number;
        switch (state) {
          case 'soi':
            if (b !== (soiBytes === 0 ? 0xff : 0xd8)) broken = true;
            else if (++soiBytes === 2) state = 'marker';
            break;
          case 'marker':
            if (b !== 0xff) broken = true;
            else state = 'code';
            break;
          case 'code':
            if (b === 0xff) break; // fill bytes
            if (b === 0xd9) {
              broken = !scanned;
              state = 'done';
            } else if (b === 0xd8 || b === 0x00) {
              broken = true;
            } else if (STANDALONE(b)) {
              state = 'marker';
            } else {
              startSegment(b);
            }
            break;
          case 'length':
            lengthBytes.push(b);
            if (lengthBytes.length === 2) {
              const length = ((lengthBytes[0] as number) << 8) | (lengthBytes[1] as number);
              if (length < 2) {
                broken = true;
                break;
              }
              remaining = length - 2;
              segmentIndex = 0;
              frameWidth = 0;
              if (FRAME(marker)) frame = true;
              if (remaining === 0) afterSegment();
              else state = 'segment';
            }
            break;
          case 'segment':
            if (FRAME(marker) && segmentIndex < 5) {
              // A frame header: precision (1), height (2), width (2).
              if (segmentIndex >= 3) frameWidth = (frameWidth << 8) | b;
              segmentIndex++;
              if (--remaining === 0) afterSegment();
            } else {
              // The rest of a segment is passed over whole (an EXIF block is tens of kilobytes).
              const n = Math.min(remaining, bytes.length - i);
              remaining -= n;
              i += n - 1;
              if (remaining === 0) afterSegment();
            }
            break;
          case 'scan': {
            // Entropy-coded data is most of a file: jump to its next FF natively.
            const next = bytes.indexOf(0xff, i);
            if (next === -1) i = bytes.length;
            else {
              i = next;
              state = 'scanFF';
            }
            break;
          }
          case 'scanFF':
            if (b === 0x00 || (b >= 0xd0 && b <= 0xd7)) state = 'scan';
            else if (b === 0xff) state = 'scanFF';
            else if (b === 0xd9) state = 'done';
            else if (b === 0xd8) broken = true;
            else startSegment(b);
            break;
        }
      }

      function afterSegment() {
        if (FRAME(marker) && frameWidth === 0) broken = true;
        if (marker === 0xda) {
          if (!frame) broken = true;
          scanned = true;
          state = 'scan';
        } else {
          state = scanned ? 'scan' : 'marker';
        }
      }
    },
    complete: () => !broken && state === 'done' && scanned,
  };
}

const PDF_TAIL = 1024;
const EOF_MARKER = [0x25, 0x25, 0x45, 0x4f, 0x46]; // %%EOF

/** PDF: readers look for `%%EOF` in the last kilobyte; a file cut short has none there. */
function pdfCheck(): StructureCheck {
  const tail = new Uint8Array(PDF_TAIL);
  let length = 0;
  let total = 0;
  return {
    push(bytes) {
      total += bytes.length;
      const incoming = bytes.length >= PDF_TAIL ? bytes.subarray(bytes.length - PDF_TAIL) : bytes;
      const keep = Math.min(length, PDF_TAIL - incoming.length);
      tail.copyWithin(0, length - keep, length);
      tail.set(incoming, keep);
      length = keep + incoming.length;
    },
    complete() {
      if (total < 8) return false;
      for (let i = length - EOF_MARKER.length; i >= 0; i--) {
        if (EOF_MARKER.every((c, k) => tail[i + k] === c)) return true;
      }
      return false;
    },
  };
}
