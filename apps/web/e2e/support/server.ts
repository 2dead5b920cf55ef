import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { REPO_ROOT, WEB_DIST } from './web-build.ts';

export interface RunningServer {
  url: string;
  /** The server's DATA_DIR (its database, secrets and the emails it wrote, `outbox/`); removed on stop. */
  dataDir: string;
  stop: () => Promise<void>;
  /** The last lines the server printed (its request log), for a journey that failed. */
  logTail: (chars?: number) => string;
}

const LISTENING = /listening on http:\/\/127\.0\.0\.1:(\d+)/;

/**
 * The real server (`apps/server/src/server.ts`) on an ephemeral port with a fresh data directory,
 * removed on stop. Its database is a copy of the one the run's global setup had the server migrate
 * and seed (the server still runs its migrations and seed check on it, which find nothing to do);
 * outside a run, or given `dataDir` (kept on stop), the server migrates and seeds it itself. Secrets
 * are never copied: each server makes its own. `env` adds to (or overrides) this process's
 * environment for it, e.g. a JWT_SECRET a test signs its own tokens with.
 */
export async function startServer(
  options: { timeoutMs?: number; env?: Record<string, string>; dataDir?: string } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'cardwise-e2e-'));
  const seeded = options.dataDir ? undefined : seededDatabase();
  if (seeded) cpSync(seeded, join(dataDir, 'db'), { recursive: true });
  const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env, PORT: '0', DATA_DIR: dataDir, WEB_DIST, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group, so stop() ends npx, tsx and node together.
    detached: true,
  });
  let output = '';
  const cleanup = async () => {
    await killGroup(child);
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const port = await new Promise<number>((resolvePort, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not start in time:\n${output}`)),
        options.timeoutMs ?? 120_000,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = LISTENING.exec(output);
        if (match) {
          clearTimeout(timer);
          resolvePort(Number(match[1]));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url);
    return { url, dataDir, stop: cleanup, logTail: (chars = 20_000) => output.slice(-chars) };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The seeded database of the run's global setup, when there is one. */
function seededDatabase(): string | undefined {
  let dir: string | undefined;
  try {
    dir = inject('seededDataDir');
  } catch {
    // Not inside a Vitest run (inject throws there), e.g. a script starting the server.
    return undefined;
  }
  const db = dir ? join(dir, 'db') : undefined;
  return db && existsSync(db) ? db : undefined;
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // Not accepting connections yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url}/api/health never answered OK`);
}

async function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
