import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, WEB_DIST } from './web-build.ts';

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
  /** The last lines the server printed (its request log), for a journey that failed. */
  logTail: (chars?: number) => string;
}

const LISTENING = /listening on http:\/\/127\.0\.0\.1:(\d+)/;

/**
 * The real server (`apps/server/src/server.ts`) on an ephemeral port with a fresh
 * data directory: migrated and seeded on start, removed on stop. `env` adds to (or overrides)
 * this process's environment for it, e.g. a JWT_SECRET a test signs its own tokens with.
 */
export async function startServer(
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardwise-e2e-'));
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
    rmSync(dataDir, { recursive: true, force: true });
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
    return { url, stop: cleanup, logTail: (chars = 20_000) => output.slice(-chars) };
  } catch (error) {
    await cleanup();
    throw error;
  }
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
