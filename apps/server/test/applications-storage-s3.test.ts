import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { MAX_DOCUMENT_BYTES } from '@cardwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { sweepOrphanDocuments } from '../src/features/applications/orphan-sweep.ts';
import { ObjectTooLargeError, type S3Config } from '../src/plumbing/storage.ts';
import { S3_KEY_PREFIX, s3ClientConfig, s3Storage } from '../src/plumbing/storage-s3.ts';
import { signUp } from './support/accounts-helpers.ts';
import { EMPLOYMENT, multipartBody, PDF, PERSONAL, REQUIRED_FILES } from './support/applications-helpers.ts';
import { createTestApp, DB_KINDS, type TestApp } from './support/test-app.ts';

/**
 * The S3 document store: first how its requests are built (the SDK's own middleware stack,
 * no network), then against a real S3-compatible server: moto's `moto_server` (the Python
 * `moto` package, which the project's machine image ships), started here as a child process
 * on 127.0.0.1. Where `moto_server` is missing the second part is skipped, loudly.
 */

const CREDENTIALS = { accessKeyId: 'cardwise-test', secretAccessKey: 'cardwise-test-secret' };

async function* chunks(...parts: Buffer[]): AsyncGenerator<Buffer> {
  for (const p of parts) yield p;
}

interface Captured {
  method: string;
  hostname: string;
  path: string;
  headers: Record<string, string>;
}

/** A client whose requests stop at the end of the stack (after signing) and answer 200. */
function capturingClient(config: S3Config): { client: S3Client; sent: Captured[] } {
  const client = new S3Client(s3ClientConfig(config));
  const sent: Captured[] = [];
  client.middlewareStack.add(
    () => async (args) => {
      const req = args.request as {
        method: string;
        hostname: string;
        path: string;
        headers: Record<string, string>;
      };
      sent.push({ method: req.method, hostname: req.hostname, path: req.path, headers: { ...req.headers } });
      return {
        output: { $metadata: { httpStatusCode: 200 } },
        response: { statusCode: 200, headers: {} },
      } as never;
    },
    { step: 'finalizeRequest', priority: 'low', name: 'captureRequest' },
  );
  return { client, sent };
}

describe('S3 document store: request construction (SDK middleware stack, no network)', () => {
  const config: S3Config = {
    bucket: 'cardwise-docs',
    region: 'ap-south-1',
    endpoint: 'http://127.0.0.1:9',
    credentials: CREDENTIALS,
    forcePathStyle: true,
  };

  it('puts one signed PutObject with SSE AES256, the length and the SHA-256 of the body', async () => {
    const { client, sent } = capturingClient(config);
    const storage = s3Storage(config, { client });
    const body = Buffer.concat([PDF, randomBytes(70_000)]);
    await storage.put('abc123', chunks(body.subarray(0, 1000), body.subarray(1000)));
    expect(sent).toHaveLength(1);
    const req = sent[0] as Captured;
    expect(req.method).toBe('PUT');
    expect(req.hostname).toBe('127.0.0.1');
    expect(req.path).toBe(`/cardwise-docs/${S3_KEY_PREFIX}abc123`);
    expect(req.headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(req.headers['content-length']).toBe(String(body.length));
    expect(req.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));
    expect(req.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=cardwise-test\/\d{8}\/ap-south-1\/s3\/aws4_request/,
    );
    client.destroy();
  });

  it('uses virtual-hosted addresses on AWS itself (no endpoint, no path style)', async () => {
    const aws = { ...config, endpoint: undefined, forcePathStyle: false };
    const { client, sent } = capturingClient(aws);
    await s3Storage(aws, { client }).delete('abc123');
    expect(sent[0]).toMatchObject({
      method: 'DELETE',
      hostname: 'cardwise-docs.s3.ap-south-1.amazonaws.com',
      path: `/${S3_KEY_PREFIX}abc123`,
    });
    client.destroy();
  });

  it('refuses byte 5 MB + 1 while reading and sends nothing; a failing source sends nothing', async () => {
    const { client, sent } = capturingClient(config);
    const storage = s3Storage(config, { client });
    const big = Readable.from(chunks(randomBytes(MAX_DOCUMENT_BYTES), Buffer.from([1])));
    await expect(storage.put('big1', big)).rejects.toBeInstanceOf(ObjectTooLargeError);
    async function* broken(): AsyncGenerator<Buffer> {
      yield PDF;
      throw new Error('client went away');
    }
    await expect(storage.put('broken1', broken())).rejects.toThrow('client went away');
    await expect(storage.put('../etc', chunks(PDF))).rejects.toThrow('Invalid storage key.');
    expect(sent).toEqual([]);
    client.destroy();
  });

  it('is configured from S3_* variables, and refuses half a configuration', () => {
    const base = {
      DATA_DIR: join(tmpdir(), 'cardwise-test-config'),
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATA_ENCRYPTION_KEY: '0'.repeat(64),
    };
    expect(loadConfig(base).s3).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'docs',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'docs',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
    });
    expect(loadConfig({ ...base, S3_BUCKET: 'docs', S3_REGION: 'ap-south-1' }).s3).toMatchObject({
      region: 'ap-south-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: required/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /set both or neither/,
    );
  });
});

// ---------------------------------------------------------------------------
// A real S3-compatible server
// ---------------------------------------------------------------------------

const MOTO = spawnSync('sh', ['-c', 'command -v moto_server'], { encoding: 'utf8' }).stdout.trim();
if (!MOTO) {
  console.warn(
    'applications-storage-s3: moto_server not found (pip package moto[server]); real-server tests SKIPPED',
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

// Like the PostgreSQL and Redis tests: run against each real server this machine has.
const S3_SERVERS = MOTO ? [MOTO] : [];
describe.each(S3_SERVERS)('S3 document store against a real S3-compatible server (%s)', (motoPath) => {
  let moto: ChildProcess;
  let endpoint: string;
  let n = 0;
  const config = (bucket: string): S3Config => ({
    bucket,
    region: 'us-east-1',
    endpoint,
    credentials: CREDENTIALS,
    forcePathStyle: true,
  });
  const admin = () => new S3Client(s3ClientConfig(config('x')));
  const newBucket = async () => {
    const bucket = `cardwise-${Date.now()}-${++n}`;
    const c = admin();
    await c.send(new CreateBucketCommand({ Bucket: bucket }));
    c.destroy();
    return bucket;
  };
  const objects = async (bucket: string) => {
    const c = admin();
    const out = await c.send(new ListObjectsV2Command({ Bucket: bucket }));
    c.destroy();
    return (out.Contents ?? []).map((o) => o.Key as string).sort();
  };
  const read = async (stream: Readable) => {
    const parts: Buffer[] = [];
    for await (const c of stream) parts.push(c as Buffer);
    return Buffer.concat(parts);
  };

  beforeAll(async () => {
    const port = await freePort();
    endpoint = `http://127.0.0.1:${port}`;
    moto = spawn(motoPath, ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await fetch(`${endpoint}/`)).ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error('moto_server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  afterAll(() => {
    moto?.kill('SIGTERM');
  });

  it('put, get, list and delete; objects are encrypted at rest (SSE AES256)', async () => {
    const bucket = await newBucket();
    const storage = s3Storage(config(bucket));
    const body = Buffer.concat([PDF, randomBytes(2 * 1024 * 1024)]);
    await storage.put('doc1', Readable.from(chunks(body.subarray(0, 65_536), body.subarray(65_536))));
    expect(await objects(bucket)).toEqual([`${S3_KEY_PREFIX}doc1`]);
    const head = await storage.client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: `${S3_KEY_PREFIX}doc1` }),
    );
    expect(head.ServerSideEncryption).toBe('AES256');
    const got = await storage.get('doc1');
    expect(got?.size).toBe(body.length);
    expect((await read(got?.stream as Readable)).equals(body)).toBe(true);
    expect(await storage.get('missing1')).toBeNull();
    const listed = [];
    for await (const o of storage.list()) listed.push(o);
    expect(listed).toEqual([{ key: 'doc1', modifiedAt: expect.any(Date) }]);
    await storage.delete('doc1');
    await storage.delete('doc1');
    expect(await objects(bucket)).toEqual([]);
    storage.close?.();
  });

  it('a source that fails or grows past 5 MB leaves no object', async () => {
    const bucket = await newBucket();
    const storage = s3Storage(config(bucket));
    async function* broken(): AsyncGenerator<Buffer> {
      yield PDF;
      yield randomBytes(1024 * 1024);
      throw new Error('connection reset');
    }
    await expect(storage.put('broken1', broken())).rejects.toThrow('connection reset');
    await expect(
      storage.put('big1', chunks(randomBytes(3 * 1024 * 1024), randomBytes(2 * 1024 * 1024 + 1))),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await objects(bucket)).toEqual([]);
    storage.close?.();
  });

  describe.each(DB_KINDS)('the applications API with S3_* set, on %s', (kind) => {
    let t: TestApp;
    let bucket: string;

    beforeAll(async () => {
      bucket = await newBucket();
      t = await createTestApp(kind, {
        tempDataDir: true,
        config: {
          S3_BUCKET: bucket,
          S3_ENDPOINT: endpoint,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        },
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    const json = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        remoteAddress: '10.9.0.1',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    it('uploads go to the bucket, download and delete work, the sweep keeps referenced objects only', async () => {
      const { signup, access: token } = await signUp(t.app, {
        email: `s3-${kind}-${Date.now()}@example.com`,
        remoteAddress: '10.9.0.1',
      });
      expect(signup.statusCode).toBe(201);
      const started = await json('POST', '/api/leads/applications/start_application', token, {
        card_id: 'hdfc_swiggy',
      });
      expect(started.statusCode).toBe(201);
      const id = started.json().id as number;
      for (const [step, data] of [
        ['personal_details', PERSONAL],
        ['employment_details', EMPLOYMENT],
      ] as const) {
        const r = await json('POST', `/api/leads/applications/${id}/submit_step`, token, {
          step,
          is_completed: true,
          data,
        });
        expect(r.statusCode, r.body).toBe(200);
      }
      const { body, contentType } = multipartBody(REQUIRED_FILES);
      const up = await t.app.inject({
        method: 'POST',
        url: `/api/leads/applications/${id}/upload_documents`,
        remoteAddress: '10.9.0.2',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        payload: body,
      });
      expect(up.statusCode, up.body).toBe(200);
      const keys = await objects(bucket);
      expect(keys).toHaveLength(REQUIRED_FILES.length);
      expect(keys.every((k) => k.startsWith(S3_KEY_PREFIX))).toBe(true);
      // Nothing on the local disk.
      expect(() => readdirSync(join(t.dataDir, 'documents'))).toThrow();

      const pan = REQUIRED_FILES.find((f) => f.type === 'pan');
      const file = await json('GET', `/api/leads/applications/${id}/documents/pan/file`, token);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
      expect(file.rawPayload.equals(pan?.content as Buffer)).toBe(true);

      const removed = await json('DELETE', `/api/leads/applications/${id}/documents/aadhaar_back`, token);
      expect(removed.statusCode).toBe(200);
      expect(await objects(bucket)).toHaveLength(REQUIRED_FILES.length - 1);

      // An object no row names (a crash between PutObject and the commit).
      const c = admin();
      await c.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${S3_KEY_PREFIX}orphan0001`,
          Body: PDF,
          ServerSideEncryption: 'AES256',
        }),
      );
      c.destroy();
      const storage = s3Storage(config(bucket));
      // Young: kept.
      expect(await sweepOrphanDocuments(t.database.db, storage)).toEqual({ checked: 0, removed: 0 });
      // Two hours on (S3 has no way to backdate LastModified, so the clock moves instead).
      const later = await sweepOrphanDocuments(t.database.db, storage, { now: Date.now() + 2 * 3600_000 });
      expect(later).toEqual({ checked: REQUIRED_FILES.length, removed: 1 });
      const left = await objects(bucket);
      expect(left).toHaveLength(REQUIRED_FILES.length - 1);
      expect(left).not.toContain(`${S3_KEY_PREFIX}orphan0001`);
      storage.close?.();
      // Still downloadable after the sweep.
      expect((await json('GET', `/api/leads/applications/${id}/documents/pan/file`, token)).statusCode).toBe(
        200,
      );
    });
  });
});
