import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an embedded database this run's migrations have been applied to (see below). */
    pgliteTemplate: string;
  }
}

/**
 * Once per run of the server's tests: an embedded database migrated with this run's migrations,
 * dumped to a file. Each test database of the files starts from a copy of it (test-app.ts)
 * instead of PGlite's initdb, which took most of the seconds every file spent before its first
 * test (ADR 027). The files still run the migrations on their copy, which find nothing to do.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'cardwise-pglite-template-'));
  const database = await openDatabase({ inMemory: true });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
