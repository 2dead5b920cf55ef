import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { databaseUnreachable, StartupError } from '../startup-error.ts';

/** The one database type every repository takes; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  /** 'pglite' (embedded, under DATA_DIR) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../migrations');

export interface DatabaseOptions {
  /** A postgres:// URL; when absent the embedded PGlite database under dataDir is used. */
  url?: string | undefined;
  /** Where the embedded database lives (`<dataDir>/db`); ignored with a URL. */
  dataDir?: string | undefined;
  /** Server only: told when an idle pooled connection fails (default: a warning on stderr). */
  onIdleError?: (err: Error) => void;
  /** Embedded only: keep everything in memory (tests that need no persistence). */
  inMemory?: boolean;
  /**
   * Embedded in memory only, a test seam: start from this dump of a data directory
   * (`PGlite.dumpDataDir`) instead of an empty one PGlite makes with initdb, which is most of the
   * seconds a PGlite takes to open. The server's tests pass one they migrated once per run.
   */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const url = opts.url;
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
    });
    // An idle connection can die under us (server restart, failover, an operator ending
    // it). pg then emits 'error' on the pool, and with no listener that would end the whole
    // process; the pool simply replaces the connection on the next query.
    pool.on('error', (err) => (opts.onIdleError ?? defaultIdleError)(err));
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // The first query of every process (server and CLIs): where an unusable DATABASE_URL shows.
      migrate: () =>
        migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }).catch((err: unknown) => {
          throw databaseUnreachable(err, url) ?? err;
        }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let release = () => {};
  if (opts.inMemory || !opts.dataDir) {
    client = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  } else {
    const dir = join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    release = lockEmbedded(dir);
    client = new PGlite(dir);
  }
  await client.waitReady;
  const pgliteDb = drizzlePglite(client);
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.close();
      release();
    },
  };
}

function defaultIdleError(err: Error): void {
  process.stderr.write(`database: an idle connection failed and will be replaced (${err.message})\n`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: two processes opening the same directory corrupt it.
 * A pid file turns that mistake (say, `npm run catalog` while `npm start` runs) into a clear error.
 */
const heldLocks = new Set<string>();

function lockEmbedded(dir: string): () => void {
  const lock = join(dir, '..', 'db.lock');
  const inUse = (pid: number) =>
    new StartupError(
      `The embedded database in ${dir} is in use by process ${pid}. Stop it first, or use a PostgreSQL server (DATABASE_URL).`,
    );
  if (heldLocks.has(lock)) throw inUse(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      heldLocks.add(lock);
      return () => {
        heldLocks.delete(lock);
        rmSync(lock, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(lock, 'utf8'));
      // A live other process holds it; a dead one (or a recycled pid of ours) left it behind.
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw inUse(pid);
      rmSync(lock, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}.`);
}
