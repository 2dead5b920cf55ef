import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { StartupError } from '../src/startup-error.ts';
import { createTestDatabase } from './support/test-app.ts';

describe('embedded database', () => {
  it('refuses a second opener of the same directory with a clear error, and frees it on close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cardwise-lock-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      // Same process here; the lock is the pid file, which a second process would hit the same way.
      // A StartupError: server.ts prints its message alone, without a stack.
      const second = openDatabase({ dataDir: dir });
      await expect(second).rejects.toThrow(/in use by process \d+/);
      await expect(second).rejects.toBeInstanceOf(StartupError);
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

const SERVERS = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];

describe.each(SERVERS)('PostgreSQL server connections (%s)', (url) => {
  it('survives an idle connection being ended by the server, and keeps answering', async () => {
    const database = await createTestDatabase('postgres');
    const errors: Error[] = [];
    try {
      const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const row = result.rows[0];
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // End every other connection to the test database, as a server restart or failover would.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [row?.name],
      );
      await admin.end();
      await new Promise((r) => setTimeout(r, 200));
      const after = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
      expect(after.rows).toEqual([{ one: 1 }]);
    } catch (err) {
      errors.push(err as Error);
    } finally {
      await database.dispose();
    }
    expect(errors).toEqual([]);
  }, 60_000);
});
