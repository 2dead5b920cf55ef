import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { newStorageKey } from '../src/features/applications/document-upload.ts';
import { localDiskStorage } from '../src/plumbing/storage.ts';
import { JPEG } from './support/applications-helpers.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function* once(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}

describe('local disk document storage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cardwise-storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves a document whole when it is deleted between get and the first read', async () => {
    // A download racing the document's DELETE (or its replacement by a new upload): the row was
    // read, the file is gone before the answer's stream opens it. It used to fail with ENOENT
    // after the answer's headers were set: a 500 with Fastify's own body.
    const storage = localDiskStorage(dir);
    const key = newStorageKey();
    await storage.put(key, once(JPEG));
    const object = await storage.get(key);
    expect(object?.size).toBe(JPEG.length);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect((await readAll(object!.stream)).equals(JPEG)).toBe(true);
  });
});
