import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { newStorageKey } from '../src/features/applications/document-upload.ts';
import {
  DocumentUnreadableError,
  documentKey,
  ENCRYPTION_OVERHEAD,
  encryptedStorage,
} from '../src/plumbing/encrypted-storage.ts';
import { documentStorage, localDiskStorage } from '../src/plumbing/storage.ts';
import { JPEG, PDF, PNG } from './support/applications-helpers.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function* inChunks(bytes: Buffer, size = 7): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const KEY_A = documentKey(Buffer.alloc(32, 1));
const KEY_B = documentKey(Buffer.alloc(32, 2));
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Documents hold PAN and Aadhaar numbers: on the local disk they are encrypted (ADR 022). */
describe('documents encrypted at rest on the local disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cardwise-encrypted-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const local = localDiskStorage(dir);
  const storage = encryptedStorage(local, KEY_A);
  const onDisk = (key: string) => readFileSync(join(dir, key));

  it('gives back what was stored, with its plaintext size, whatever the chunking', async () => {
    for (const file of [JPEG, PNG, PDF, Buffer.alloc(0)]) {
      const key = newStorageKey();
      await storage.put(key, inChunks(file));
      const object = await storage.get(key);
      expect(object?.size).toBe(file.length);
      expect((await readAll(object!.stream)).equals(file)).toBe(true);
    }
  });

  it('writes no plaintext to disk, and a fresh nonce each time', async () => {
    const [one, two] = [newStorageKey(), newStorageKey()];
    await storage.put(one, inChunks(PNG));
    await storage.put(two, inChunks(PNG));
    const stored = onDisk(one);
    expect(stored.subarray(0, 8).equals(PNG_MAGIC)).toBe(false);
    expect(stored.subarray(0, 6).toString('latin1')).toBe('CWENC\u0001');
    expect(stored.includes(PNG.subarray(0, 16))).toBe(false);
    expect(stored.length).toBe(PNG.length + ENCRYPTION_OVERHEAD);
    expect(onDisk(two).equals(stored)).toBe(false);
  });

  it('keeps the local store’s own members: list, delete, dir and the temp sweep', async () => {
    expect(storage.kind).toBe('local');
    expect(storage.dir).toBe(dir);
    expect(typeof storage.sweepTemp).toBe('function');
    const key = newStorageKey();
    await storage.put(key, inChunks(JPEG));
    const listed: string[] = [];
    for await (const o of storage.list()) listed.push(o.key);
    expect(listed).toContain(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('serves a file written before encryption (no header) as it is', async () => {
    const key = newStorageKey();
    writeFileSync(join(dir, key), PDF);
    const object = await storage.get(key);
    expect(object?.size).toBe(PDF.length);
    expect((await readAll(object!.stream)).equals(PDF)).toBe(true);
  });

  it('refuses a file under another key, tampered with, cut short, renamed or of an unknown version', async () => {
    const stored = async () => {
      const key = newStorageKey();
      await storage.put(key, inChunks(JPEG));
      return key;
    };
    const unreadable = (s: typeof storage, key: string) =>
      expect(s.get(key)).rejects.toBeInstanceOf(DocumentUnreadableError);

    await unreadable(encryptedStorage(local, KEY_B), await stored());

    for (const at of [6, 20, 100, JPEG.length + ENCRYPTION_OVERHEAD - 1]) {
      const key = await stored();
      const bytes = onDisk(key);
      bytes[at] = (bytes[at] ?? 0) ^ 0x01;
      writeFileSync(join(dir, key), bytes);
      await unreadable(storage, key);
    }

    const cut = await stored();
    writeFileSync(join(dir, cut), onDisk(cut).subarray(0, 30));
    await unreadable(storage, cut);

    const [from, to] = [await stored(), newStorageKey()];
    renameSync(join(dir, from), join(dir, to));
    await unreadable(storage, to);

    const later = await stored();
    const bytes = onDisk(later);
    bytes[5] = 2;
    writeFileSync(join(dir, later), bytes);
    await unreadable(storage, later);
  });

  it('stores nothing when the source fails', async () => {
    const key = newStorageKey();
    async function* failing(): AsyncGenerator<Buffer> {
      yield JPEG.subarray(0, 10);
      throw new Error('connection gone');
    }
    await expect(storage.put(key, failing())).rejects.toThrow('connection gone');
    expect(existsSync(join(dir, key))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it('is what the app’s local store is, under a key derived from DATA_ENCRYPTION_KEY', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cardwise-encrypted-app-'));
    try {
      const encryptionKey = Buffer.alloc(32, 1);
      const configured = await documentStorage({ dataDir, encryptionKey });
      const key = newStorageKey();
      await configured.put(key, inChunks(PNG));
      expect(
        readFileSync(join(dataDir, 'documents', key))
          .subarray(0, 5)
          .toString(),
      ).toBe('CWENC');
      // Derived, not the data key itself: fields and files never share a key.
      await expect(
        encryptedStorage(localDiskStorage(join(dataDir, 'documents')), encryptionKey).get(key),
      ).rejects.toBeInstanceOf(DocumentUnreadableError);
      const object = await encryptedStorage(localDiskStorage(join(dataDir, 'documents')), KEY_A).get(key);
      expect((await readAll(object!.stream)).equals(PNG)).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
