import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';
import { ensureWebBuild } from './web-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory whose embedded database the real server has migrated and seeded (see server.ts). */
    seededDataDir: string;
  }
}

/**
 * Once per run of the browser journeys: the production build, and one start of the real server on
 * a data directory it migrates and seeds. Each file's server then starts from a copy of that
 * database instead of migrating and seeding its own, which took seconds per file. The copy is made
 * by this run's code, so it cannot be stale.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'cardwise-e2e-seeded-'));
  const server = await startServer({ dataDir });
  await server.stop();
  project.provide('seededDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
