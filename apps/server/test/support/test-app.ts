import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { importCatalog } from '../../src/features/catalog/import-catalog.ts';
import { seedTenants } from '../../src/features/tenants/seed-tenants.ts';
import { describeFieldErrors } from '../../src/plumbing/errors.ts';

export type DbKind = 'pglite' | 'postgres';

/**
 * Every data-layer test runs on the embedded database, and also on the PostgreSQL
 * server when TEST_DATABASE_URL is set (CI sets it): one dialect, checked on both.
 */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const here = dirname(fileURLToPath(import.meta.url));
export const MINI_CATALOG = JSON.parse(
  readFileSync(join(here, '../fixtures/mini-catalog.json'), 'utf8'),
) as unknown;

export interface TestDatabase extends Database {
  dispose(): Promise<void>;
}

/** A fresh, migrated, empty database: in-memory PGlite, or a throw-away database on the server. */
export async function createTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ inMemory: true, loadDataDir: pgliteTemplate() });
    // Nothing to do on the run's template (global-setup.ts); the whole history on an empty one.
    await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  // A throw-away database per test file: files never see each other's rows.
  const name = `cardwise_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  // dispose() drops the database with (force), which ends any connection still open.
  const database = await openDatabase({ url: dbUrl.toString(), onIdleError: () => {} });
  await database.migrate();
  return {
    ...database,
    async dispose() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** The run's migrated embedded database (global-setup.ts), read once per file. */
let template: Blob | undefined;
function pgliteTemplate(): Blob | undefined {
  if (template) return template;
  let file: string | undefined;
  try {
    file = inject('pgliteTemplate');
  } catch {
    // Outside a Vitest run: an empty database, migrated below.
    return undefined;
  }
  if (!file) return undefined;
  template = new Blob([readFileSync(file)]);
  return template;
}

export async function seedMiniCatalog(database: Database): Promise<void> {
  await seedCatalog(database, MINI_CATALOG, 'mini catalogue');
}

/** A catalogue and the demo tenants; a catalogue that does not validate fails with its errors spelt out. */
async function seedCatalog(database: Database, catalog: unknown, name: string): Promise<void> {
  const result = await importCatalog(database.db, catalog);
  if (!result.ok) throw new Error(describeFieldErrors(name, result.errors));
  await seedTenants(database.db);
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: join(process.env.TMPDIR ?? '/tmp', 'cardwise-test-config'),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_ENCRYPTION_KEY: '0'.repeat(64),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export interface TestAppOptions {
  /** The catalogue to import instead of the mini one (a modified copy of it, say). */
  catalog?: unknown;
  /** Settings over testConfig's, by their environment names. */
  config?: Record<string, string>;
  /**
   * A DATA_DIR of the app's own (its documents, its outbox), removed on close: for the tests that
   * look at the files the app writes, which the shared default directory would mix up.
   */
  tempDataDir?: boolean;
  /** Run on the seeded database before the app is built, e.g. to leave a row as an older version did. */
  prepare?: (database: TestDatabase) => Promise<void>;
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** The app's DATA_DIR. */
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a real database, seeded with the small fixture catalogue (or `catalog`) and the demo tenants. */
export async function createTestApp(kind: DbKind, options: TestAppOptions = {}): Promise<TestApp> {
  const ownDir = options.tempDataDir ? mkdtempSync(join(tmpdir(), 'cardwise-test-')) : undefined;
  const config = testConfig({ ...options.config, ...(ownDir ? { DATA_DIR: ownDir } : {}) });
  const removeDir = () => {
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
  };
  const database = await createTestDatabase(kind);
  let app: FastifyInstance | undefined;
  try {
    await seedCatalog(
      database,
      options.catalog ?? MINI_CATALOG,
      options.catalog ? 'catalogue' : 'mini catalogue',
    );
    await options.prepare?.(database);
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  } catch (e) {
    // A set-up that fails leaves no database (on the server, a whole database) behind.
    await app?.close();
    await database.dispose();
    removeDir();
    throw e;
  }
  const built = app;
  return {
    app: built,
    database,
    dataDir: config.dataDir,
    async close() {
      await built.close();
      await database.dispose();
      removeDir();
    },
  };
}

/**
 * createTestApp for the tests of the enclosing block: built in its beforeAll, closed in its
 * afterAll. The object's fields are there from that beforeAll on; a later beforeAll of the block
 * may use them.
 */
export function useTestApp(kind: DbKind, options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(kind, options));
  });
  afterAll(async () => {
    // Unset when the beforeAll failed, which has cleaned up after itself.
    await t.close?.();
  });
  return t;
}

/**
 * A fresh temporary DATA_DIR for the tests of the enclosing block, for the command-line tools,
 * which open the embedded database there; removed after the block. The path, once it has started.
 */
export function useTempDataDir(prefix: string): () => string {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    process.env.DATA_DIR = dir;
  });
  afterAll(() => {
    delete process.env.DATA_DIR;
    rmSync(dir, { recursive: true, force: true });
  });
  return () => dir;
}

/** What a CLI writes to one of its streams, kept as text (the CLIs take any `{ write }`). */
export function textSink(): { text: string; write(s: string): boolean } {
  return {
    text: '',
    write(s: string) {
      this.text += s;
      return true;
    },
  };
}
