import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DocumentStorage } from './storage.ts';

/**
 * Documents encrypted at rest (ADR 022): KYC scans and cashback proofs hold PAN and Aadhaar
 * numbers in the clear, which the database already keeps only encrypted.
 *
 * Each object is `CWENC` | version 1 | 12-byte random nonce | AES-256-GCM ciphertext | 16-byte tag.
 * The header and the storage key are the associated data, so a file copied or renamed to
 * another key fails to decrypt instead of being served as someone else's document.
 *
 * `put` encrypts as the upload streams in (the store still writes a temp file and renames it,
 * and nothing is held whole). `get` reads the object whole (at most 5 MB) and checks the tag
 * before the first byte leaves: a stream that failed halfway would have sent part of a forged
 * file under a 200. An object without the header is one written before this (every upload is
 * sniffed as JPEG, PNG or PDF, none of which starts `CWENC`) and is served as it is.
 */

const MAGIC = Buffer.from('CWENC', 'latin1');
const VERSION = 1;
const HEADER = Buffer.concat([MAGIC, Buffer.of(VERSION)]);
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** What encryption adds to an object's size. */
export const ENCRYPTION_OVERHEAD = HEADER.length + NONCE_BYTES + TAG_BYTES;

/** An encrypted object that does not decrypt: tampered with, renamed, or sealed under another key. */
export class DocumentUnreadableError extends Error {
  readonly code = 'document_unreadable';
}

/** The documents' key: derived from the data encryption key, so no field and no file share one. */
export function documentKey(encryptionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', encryptionKey, '', 'cardwise documents at rest v1', 32));
}

const associatedData = (key: string) => Buffer.concat([HEADER, Buffer.from(key, 'latin1')]);

async function* seal(
  key: string,
  cipherKey: Buffer,
  body: AsyncIterable<Uint8Array>,
): AsyncGenerator<Buffer> {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', cipherKey, nonce);
  cipher.setAAD(associatedData(key));
  yield Buffer.concat([HEADER, nonce]);
  for await (const chunk of body) {
    const out = cipher.update(chunk);
    if (out.length) yield out;
  }
  const last = cipher.final();
  yield Buffer.concat([last, cipher.getAuthTag()]);
}

function open(key: string, cipherKey: Buffer, stored: Buffer): Buffer {
  if (stored[MAGIC.length] !== VERSION)
    throw new DocumentUnreadableError('Unsupported encrypted document version.');
  if (stored.length < ENCRYPTION_OVERHEAD) throw new DocumentUnreadableError('Truncated encrypted document.');
  const nonce = stored.subarray(HEADER.length, HEADER.length + NONCE_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', cipherKey, nonce);
  decipher.setAAD(associatedData(key));
  decipher.setAuthTag(stored.subarray(stored.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(stored.subarray(HEADER.length + NONCE_BYTES, stored.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new DocumentUnreadableError('Encrypted document failed authentication.');
  }
}

async function readWhole(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `inner` with every object it is given encrypted under `cipherKey` (`documentKey(...)`); every
 * other member (`list`, `delete`, the local store's `dir` and `sweepTemp`) is the inner store's.
 */
export function encryptedStorage<S extends DocumentStorage>(inner: S, cipherKey: Buffer): S {
  if (cipherKey.length !== 32) throw new Error('The document key must be 32 bytes (AES-256).');
  return {
    ...inner,
    put(key, body) {
      return inner.put(key, seal(key, cipherKey, body as AsyncIterable<Uint8Array>));
    },
    async get(key) {
      const object = await inner.get(key);
      if (!object) return null;
      const stored = await readWhole(object.stream);
      const plain = stored.subarray(0, MAGIC.length).equals(MAGIC) ? open(key, cipherKey, stored) : stored;
      return { stream: Readable.from([plain], { objectMode: false }), size: plain.length };
    },
  };
}
