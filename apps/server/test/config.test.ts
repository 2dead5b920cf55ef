import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { StartupError } from '../src/startup-error.ts';

/**
 * The secrets' strength is checked when the configuration loads: a key too short for HS256
 * or AES-256 is a clear configuration error naming the variable, never a weak key in use or
 * a crash at the first encrypted field.
 */
describe('loading the configuration: secrets', () => {
  let dataDir: string;
  const KEY = 'ab'.repeat(32); // 64 hex characters: 32 bytes
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cardwise-config-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
  const errorOf = (env: Record<string, string>): string => {
    try {
      load(env);
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error('the configuration loaded');
  };

  describe('JWT_SECRET', () => {
    it('reads an all-hex value as hex: 64 hex characters are 32 bytes', () => {
      expect(load({ JWT_SECRET: KEY, DATA_ENCRYPTION_KEY: KEY }).jwtSecret).toEqual(
        new Uint8Array(Buffer.from(KEY, 'hex')),
      );
      expect(load({ JWT_SECRET: 'f'.repeat(128), DATA_ENCRYPTION_KEY: KEY }).jwtSecret.length).toBe(64);
    });

    it('reads any other value as UTF-8: 32 bytes or more', () => {
      const secret = 'test-secret-test-secret-test-sec'; // 32 characters, not all hex
      expect(Buffer.from(load({ JWT_SECRET: secret, DATA_ENCRYPTION_KEY: KEY }).jwtSecret).toString()).toBe(
        secret,
      );
      // 11 three-byte characters: 33 bytes of UTF-8 from 11 characters.
      expect(load({ JWT_SECRET: '€'.repeat(11), DATA_ENCRYPTION_KEY: KEY }).jwtSecret.length).toBe(33);
    });

    it('refuses 32 hex characters (16 bytes of key), naming the variable and the way out', () => {
      const message = errorOf({ JWT_SECRET: 'a1'.repeat(16), DATA_ENCRYPTION_KEY: KEY });
      expect(message).toMatch(/^Invalid configuration:\n {2}JWT_SECRET: must hold at least 32 bytes/);
      expect(message).toContain('these 32 hex characters are 16 bytes');
      expect(message).toContain('openssl rand -hex 32');
      // 63 hex characters is odd: refused, not silently cut to 31 bytes.
      expect(errorOf({ JWT_SECRET: 'a'.repeat(63), DATA_ENCRYPTION_KEY: KEY })).toMatch(
        /JWT_SECRET: an all-hex value is read as hex, and this one has an odd number of digits \(63\)/,
      );
      expect(errorOf({ JWT_SECRET: 'a'.repeat(65), DATA_ENCRYPTION_KEY: KEY })).toMatch(/odd number/);
    });

    it('refuses text shorter than 32 bytes, and never quotes the secret', () => {
      const secret = 'short-secret-short-secret-31byte';
      expect(secret.length).toBe(32);
      const message = errorOf({ JWT_SECRET: secret.slice(1), DATA_ENCRYPTION_KEY: KEY });
      expect(message).toMatch(
        /JWT_SECRET: must hold at least 32 bytes of key material .* this value is 31 bytes/,
      );
      expect(message).not.toContain(secret.slice(1));
      expect(errorOf({ JWT_SECRET: '', DATA_ENCRYPTION_KEY: KEY })).toMatch(/JWT_SECRET: .* 0 bytes/);
    });
  });

  describe('DATA_ENCRYPTION_KEY', () => {
    it('takes exactly 64 hex characters as the 32-byte AES-256 key', () => {
      expect(load({ JWT_SECRET: KEY, DATA_ENCRYPTION_KEY: KEY }).encryptionKey).toEqual(
        Buffer.from(KEY, 'hex'),
      );
    });

    it.each([
      ['32 hex characters', 'ab'.repeat(16), 'got 32 hex characters'],
      ['66 hex characters', 'ab'.repeat(33), 'got 66 hex characters'],
      ['an odd number of hex digits', 'a'.repeat(63), 'got 63 hex characters'],
      ['an empty value', '', 'got an empty value'],
    ])('refuses %s with a clear error', (_what, value, got) => {
      const message = errorOf({ JWT_SECRET: KEY, DATA_ENCRYPTION_KEY: value });
      expect(message).toMatch(
        /^Invalid configuration:\n {2}DATA_ENCRYPTION_KEY: must be exactly 64 hex characters \(a 32-byte AES-256 key, e\.g\. `openssl rand -hex 32`\)/,
      );
      expect(message.endsWith(got)).toBe(true);
    });

    it('refuses a value that is not hex', () => {
      const message = errorOf({ JWT_SECRET: KEY, DATA_ENCRYPTION_KEY: 'z'.repeat(64) });
      expect(message).toMatch(
        /DATA_ENCRYPTION_KEY: must be exactly 64 hex characters .*; got a value that is not hex$/,
      );
      expect(message).not.toContain('z'.repeat(64));
    });
  });

  describe('generated into DATA_DIR when not set', () => {
    it('generates both keys once and reads the same ones back', () => {
      const dir = mkdtempSync(join(tmpdir(), 'cardwise-config-gen-'));
      try {
        const first = loadConfig({ DATA_DIR: dir });
        expect(first.jwtSecret.length).toBe(32);
        expect(first.encryptionKey.length).toBe(32);
        const again = loadConfig({ DATA_DIR: dir });
        expect(again.jwtSecret).toEqual(first.jwtSecret);
        expect(again.encryptionKey).toEqual(first.encryptionKey);
        expect(readFileSync(join(dir, 'secrets', 'data-encryption.key'), 'utf8')).toBe(
          first.encryptionKey.toString('hex'),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('refuses a key file of the wrong size with an error naming the variable and the file', () => {
      const dir = mkdtempSync(join(tmpdir(), 'cardwise-config-bad-'));
      try {
        mkdirSync(join(dir, 'secrets'));
        writeFileSync(join(dir, 'secrets', 'data-encryption.key'), 'ab'.repeat(16));
        const encryption = (() => {
          try {
            loadConfig({ DATA_DIR: dir, JWT_SECRET: KEY });
          } catch (err) {
            return (err as Error).message;
          }
        })();
        expect(encryption).toMatch(/DATA_ENCRYPTION_KEY: not set, and .*data-encryption\.key does not hold/);
        expect(encryption).toContain('exactly 32 bytes (64 hex characters)');

        writeFileSync(join(dir, 'secrets', 'jwt.key'), 'not hex at all');
        expect(() => loadConfig({ DATA_DIR: dir, DATA_ENCRYPTION_KEY: KEY })).toThrow(
          /JWT_SECRET: not set, and .*jwt\.key does not hold a hex key of at least 32 bytes/,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

describe('loading the configuration: plain settings', () => {
  it("names each bad setting in the API's words, as a StartupError the server prints without a stack", () => {
    let error: unknown;
    const dir = mkdtempSync(join(tmpdir(), 'cardwise-config-'));
    try {
      loadConfig({ DATA_DIR: dir, PORT: 'abc', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(error).toBeInstanceOf(StartupError);
    const message = (error as Error).message;
    // Not zod's "Invalid input: expected number, received NaN", nor "must be a number, not a number".
    expect(message).toContain('\n  PORT: must be a number\n');
    expect(message).toContain('  LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent');
    expect(message).not.toMatch(/Invalid (input|option)|not a number/);
  });
});
