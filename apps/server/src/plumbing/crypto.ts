import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Small, boring crypto helpers.
 *
 * Field encryption (PII at rest: PAN, Aadhaar, KYC numbers): AES-256-GCM with a random
 * 96-bit nonce per value, stored as `v1:<base64url(nonce | tag | ciphertext)>`. Pass the
 * same `context` to encrypt and decrypt (for example `profile:pan:<userId>`): it is bound
 * as additional authenticated data, so a ciphertext copied into another row or column
 * fails to decrypt instead of silently showing someone else's number.
 *
 *   const stored = encryptField(config.encryptionKey, 'ABCDE1234F', `profile:pan:${userId}`);
 *   const pan = decryptField(config.encryptionKey, stored, `profile:pan:${userId}`);
 */

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('The data encryption key must be 32 bytes (AES-256).');
}

export function encryptField(key: Buffer, plaintext: string, context = ''): string {
  checkKey(key);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Throws when the value was tampered with, encrypted under another key, or for another context. */
export function decryptField(key: Buffer, stored: string, context = ''): string {
  checkKey(key);
  const [version, payload] = stored.split(':', 2);
  if (version !== VERSION || !payload) throw new Error('Unsupported encrypted value.');
  const raw = Buffer.from(payload, 'base64url');
  if (raw.length < NONCE_BYTES + TAG_BYTES) throw new Error('Truncated encrypted value.');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** `null` stays `null`: convenient for nullable columns. */
export function encryptNullable(key: Buffer, plaintext: string | null, context = ''): string | null {
  return plaintext === null ? null : encryptField(key, plaintext, context);
}
export function decryptNullable(key: Buffer, stored: string | null, context = ''): string | null {
  return stored === null ? null : decryptField(key, stored, context);
}

/** An unguessable opaque token (refresh tokens, one-time links): 32 random bytes, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Hex sha-256: how opaque tokens are stored (a high-entropy token needs no slow hash). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

// Crockford-style alphabet without 0/O, 1/I/L: references are read out over the phone.
const READABLE = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

// India has one time zone and no daylight saving: its year is the one the applicant lives in.
const INDIAN_YEAR = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' });

/**
 * PREFIX-2026-XXXXXXXX: random (about 40 bits), never derived from a sequential id. The year is
 * India's: an application sent at 00:30 on 1 January in India is still 31 December in UTC, and
 * its reference should not carry the year just ended.
 */
export function readableReference(prefix: string, now = new Date()): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += READABLE[randomInt(READABLE.length)];
  return `${prefix}-${INDIAN_YEAR.format(now)}-${code}`;
}
