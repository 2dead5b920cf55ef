import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatPath, readableIssue } from '@cardwise/contracts';
import { z } from 'zod';
import type { S3Config } from './plumbing/storage.ts';
import { StartupError } from './startup-error.ts';

/** An IPv4 or IPv6 address, optionally with a /prefix (checked for shape; Fastify parses it). */
const PROXY_ADDRESS = /^(?:[0-9.]{7,15}|[0-9a-fA-F:.]{2,45})(?:\/\d{1,3})?$/;

/** HS256 keys shorter than the hash (256 bits) are refused (RFC 7518 §3.2). */
const JWT_SECRET_MIN_BYTES = 32;
/** AES-256-GCM (plumbing/crypto.ts). */
const ENCRYPTION_KEY_BYTES = 32;
const HEX = /^[0-9a-fA-F]+$/;

/** How a secret given in the environment becomes key bytes: an all-hex value as hex, else UTF-8. */
function decodeSecret(value: string): Buffer {
  return Buffer.from(value, HEX.test(value) ? 'hex' : 'utf8');
}

/** Why a secret is too weak to use, or undefined. Never quotes the value. */
function secretProblem(value: string, minBytes: number): string | undefined {
  if (HEX.test(value) && value.length % 2 === 1) {
    return `an all-hex value is read as hex, and this one has an odd number of digits (${value.length}); use ${minBytes * 2} or more hex characters, e.g. \`openssl rand -hex ${minBytes}\``;
  }
  const bytes = decodeSecret(value).length;
  if (bytes >= minBytes) return undefined;
  return HEX.test(value)
    ? `must hold at least ${minBytes} bytes of key material: an all-hex value is read as hex, and these ${value.length} hex characters are ${bytes} bytes; use ${minBytes * 2} or more hex characters, e.g. \`openssl rand -hex ${minBytes}\``
    : `must hold at least ${minBytes} bytes of key material (${minBytes * 2}+ hex characters, or ${minBytes}+ bytes of other text); this value is ${bytes} bytes`;
}

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The product's public address (`https://cardwise.in`), the base of links sent by email
   * (plumbing/site-url.ts, ADR 024); unset, `http://localhost:<port>`. Never the request's Host.
   */
  PUBLIC_BASE_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\/[^/?#]+(\/[^?#]*)?$/i.test(v), {
      message: 'an http(s) address with no query or fragment, e.g. https://cardwise.in',
    })
    .optional(),
  /**
   * An SMTP relay for the emails the server sends (`smtp://user:pass@host:587`, `smtps://…:465`);
   * unset, each message is written to DATA_DIR/outbox instead (ADR 024).
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//i.test(v), { message: 'an smtp:// or smtps:// address' })
    .optional(),
  /** The sender address of every email; unset, the tenant's support email. */
  MAIL_FROM: z.email().optional(),
  /** Host names under which the first label is a tenant (`partner.localhost`, `partner.cardwise.in`). */
  TENANT_BASE_DOMAINS: z.string().default('localhost'),
  /**
   * Secret for access tokens (HS256): at least 32 bytes of key material once decoded, so
   * 64+ hex characters (an all-hex value is read as hex) or 32+ UTF-8 bytes of any other
   * text. Generated into DATA_DIR for the embedded default.
   */
  JWT_SECRET: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const problem = v === undefined ? undefined : secretProblem(v, JWT_SECRET_MIN_BYTES);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /** AES-256 key (64 hex chars = 32 bytes) for PII at rest; generated into DATA_DIR for the embedded default. */
  DATA_ENCRYPTION_KEY: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v === undefined || (HEX.test(v) && v.length === ENCRYPTION_KEY_BYTES * 2)) return;
      const found =
        v === '' ? 'an empty value' : HEX.test(v) ? `${v.length} hex characters` : 'a value that is not hex';
      ctx.addIssue({
        code: 'custom',
        message: `must be exactly ${ENCRYPTION_KEY_BYTES * 2} hex characters (a ${ENCRYPTION_KEY_BYTES}-byte AES-256 key, e.g. \`openssl rand -hex ${ENCRYPTION_KEY_BYTES}\`); got ${found}`,
      });
    }),
  /**
   * Seconds a connection may go without a byte either way before it is closed. Unset, a request
   * that promised a body and never sent it was held open forever (an upload's slot with it).
   * Idle time, not the request's whole time: a slow phone still sending its documents is never cut.
   */
  REQUEST_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Seconds a cached catalogue answer may be served before it is read again. */
  CATALOG_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * The engine's budget per request: past it the answer holds the combination sizes proven so
   * far and says which are missing (ADR 009); 503 only when not even one card is proven.
   */
  RECO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(4000),
  /** Engine worker threads (default: cores - 1, at least 1). */
  RECO_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** Engine runs on the catalogue when the server starts listening, per worker (JIT warm-up; 0 = none). */
  RECO_WARMUP_RUNS: z.coerce.number().int().min(0).max(1000).default(40),
  /** When set, rate-limit counters are shared through Redis (several app processes). */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key this deployment writes (several deployments may share one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('cardwise:'),
  /**
   * Which proxies' X-Forwarded-For to believe, so that `request.ip` (the key of every per-IP
   * limit) is the client's address: `false` (none; the socket's address), `true` (exactly one
   * proxy in front: the last entry, which that proxy appended), a number of proxy hops, or
   * the proxies' addresses and CIDR ranges, comma-separated. Never "every hop": the first
   * entry is whatever the client wrote.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine(
      (v) => /^(true|false|\d{1,2})$/.test(v) || v.split(',').every((a) => PROXY_ADDRESS.test(a.trim())),
      {
        message: 'true, false, a number of proxy hops, or comma-separated proxy addresses / CIDR ranges',
      },
    ),
  /** Documents go to this S3-compatible bucket when set; else to DATA_DIR/documents. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Endpoint of an S3-compatible service (MinIO, R2, …); unset for AWS S3. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Both or neither; without them the AWS SDK's default credential chain is used. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (endpoint/bucket/key), which MinIO and most self-hosted services need. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  webDist: string;
  logLevel: string;
  tenantBaseDomains: string[];
  /** PUBLIC_BASE_URL: the base of links sent by email; unset, the local address listened on. */
  publicBaseUrl: string | undefined;
  /** SMTP_URL: the relay emails go through; unset, DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender address of every email; unset, the tenant's support email. */
  mailFrom: string | undefined;
  jwtSecret: Uint8Array;
  encryptionKey: Buffer;
  catalogCacheTtlMs: number;
  /** Fastify's connectionTimeout (REQUEST_IDLE_TIMEOUT_SECONDS): an idle connection is closed. */
  requestIdleTimeoutMs: number;
  recoTimeoutMs: number;
  recoThreads: number | undefined;
  recoWarmupRuns: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** Fastify's trustProxy (TRUST_PROXY): false, the proxies' addresses, or a hop rule. */
  trustProxy: false | string | ((address: string, hop: number) => boolean);
  /** Set when documents are stored in an S3-compatible bucket (S3_BUCKET). */
  s3: S3Config | undefined;
}

function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  const given = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
    (k) => e[k as keyof typeof e] !== undefined,
  );
  if (!e.S3_BUCKET) {
    if (given.length)
      throw new StartupError(`Invalid configuration:\n  S3_BUCKET: required when ${given.join(', ')} is set`);
    return undefined;
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new StartupError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    );
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

/**
 * A secret that must survive restarts: from the environment (its length already checked by
 * the schema), or generated once into DATA_DIR (mode 0600) so that the embedded default
 * needs no setup. A file that does not hold a key of the right size is a configuration
 * error here, not a failure at the first token or the first encrypted field.
 */
function persistentSecret(
  dataDir: string,
  file: string,
  fromEnv: string | undefined,
  bytes: number,
  variable: string,
  exact: boolean,
): Buffer {
  if (fromEnv) return decodeSecret(fromEnv);
  const path = join(dataDir, 'secrets', file);
  if (existsSync(path)) {
    const text = readFileSync(path, 'utf8').trim();
    const value = Buffer.from(text, 'hex');
    const fits = exact ? value.length === bytes : value.length >= bytes;
    if (!HEX.test(text) || text.length % 2 === 1 || !fits) {
      const size = exact
        ? `exactly ${bytes} bytes (${bytes * 2} hex characters)`
        : `at least ${bytes} bytes (${bytes * 2}+ hex characters)`;
      throw new StartupError(
        `Invalid configuration:\n  ${variable}: not set, and ${path} does not hold a hex key of ${size}; ` +
          `set ${variable}, or remove the file to have a new key generated` +
          (exact ? ' (values encrypted under the old key can then no longer be read)' : ''),
      );
    }
    return value;
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const value = randomBytes(bytes);
  writeFileSync(path, value.toString('hex'), { mode: 0o600, flag: 'wx' });
  return value;
}

/**
 * TRUST_PROXY as Fastify's option. `true` and a hop count trust the nearest N peers
 * whatever their address (so the app must be reachable only through its proxies); Fastify's
 * own `true` would trust every hop, making `request.ip` the first X-Forwarded-For entry,
 * which the client writes, and Fastify treats a bare number as "trust nothing".
 */
function trustProxy(value: string): false | string | ((address: string, hop: number) => boolean) {
  if (value === 'false') return false;
  const hops = value === 'true' ? 1 : /^\d+$/.test(value) ? Number(value) : undefined;
  if (hops === 0) return false;
  if (hops !== undefined) return (_address, hop) => hop < hops;
  return value
    .split(',')
    .map((a) => a.trim())
    .join(',');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Worded as the API words a bad field ('PORT: must be a number'), not in zod's own words.
  const parsed = envSchema.safeParse(env, { error: readableIssue });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${formatPath(i.path)}: ${i.message}`);
    throw new StartupError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    webDist: resolve(e.WEB_DIST ?? join(REPO_ROOT, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    tenantBaseDomains: e.TENANT_BASE_DOMAINS.split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    publicBaseUrl: e.PUBLIC_BASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: new Uint8Array(
      persistentSecret(dataDir, 'jwt.key', e.JWT_SECRET, JWT_SECRET_MIN_BYTES, 'JWT_SECRET', false),
    ),
    encryptionKey: persistentSecret(
      dataDir,
      'data-encryption.key',
      e.DATA_ENCRYPTION_KEY,
      ENCRYPTION_KEY_BYTES,
      'DATA_ENCRYPTION_KEY',
      true,
    ),
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_SECONDS * 1000,
    requestIdleTimeoutMs: e.REQUEST_IDLE_TIMEOUT_SECONDS * 1000,
    recoTimeoutMs: e.RECO_TIMEOUT_MS,
    recoThreads: e.RECO_THREADS,
    recoWarmupRuns: e.RECO_WARMUP_RUNS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: trustProxy(e.TRUST_PROXY),
    s3: s3Config(e),
  };
}
