import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { MAX_DOCUMENT_BYTES } from '@cardwise/contracts';
import { checkKey, type DocumentStorage, KEY, ObjectTooLargeError, type S3Config } from './storage.ts';

/**
 * Documents in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph, …) under `documents/`.
 *
 * `put` reads the stream into memory, refusing byte `maxObjectBytes + 1` as it reads (so at
 * most 5 MB is ever held per file), then sends ONE PutObject with server-side encryption
 * (AES256). PutObject is atomic: an interrupted or failed upload leaves no object, and a
 * reader never sees a partial one, so no temp objects exist and none need sweeping.
 * SigV4 signs the body's SHA-256 (x-amz-content-sha256), so the store checks integrity.
 */

export const S3_KEY_PREFIX = 'documents/';

export interface S3DocumentStorage extends DocumentStorage {
  readonly kind: 's3';
  readonly bucket: string;
  readonly client: S3Client;
}

export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // CRC checksums only where an operation requires them: several S3-compatible servers
    // reject the SDK's newer default trailers, and SigV4's payload hash covers the body.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  };
}

function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    err?.name === 'NoSuchKey' ||
    err?.name === 'NotFound' ||
    err?.Code === 'NoSuchKey' ||
    err?.$metadata?.httpStatusCode === 404
  );
}

export function s3Storage(
  config: S3Config,
  options: { client?: S3Client; maxObjectBytes?: number } = {},
): S3DocumentStorage {
  const client = options.client ?? new S3Client(s3ClientConfig(config));
  const maxBytes = options.maxObjectBytes ?? MAX_DOCUMENT_BYTES;
  const Bucket = config.bucket;
  const objectKey = (key: string) => `${S3_KEY_PREFIX}${key}`;

  return {
    kind: 's3',
    bucket: Bucket,
    client,
    async put(key, body) {
      checkKey(key);
      const chunks: Buffer[] = [];
      let size = 0;
      // The source's error (too large, wrong type, connection gone) ends this before any request.
      for await (const chunk of body as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > maxBytes) throw new ObjectTooLargeError(maxBytes);
        chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      }
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: Buffer.concat(chunks, size),
          ContentLength: size,
          ContentType: 'application/octet-stream',
          ServerSideEncryption: 'AES256',
        }),
      );
    },
    async get(key) {
      checkKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!(out.Body instanceof Readable)) throw new Error('S3 GetObject answered without a body stream.');
        return { stream: out.Body, size: out.ContentLength ?? 0 };
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      checkKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: S3_KEY_PREFIX, ContinuationToken, MaxKeys: 1000 }),
        );
        for (const o of page.Contents ?? []) {
          const key = o.Key?.slice(S3_KEY_PREFIX.length) ?? '';
          if (!KEY.test(key) || !o.LastModified) continue;
          yield { key, modifiedAt: o.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      client.destroy();
    },
  };
}
