import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const REPO_ROOT = resolve(WEB_ROOT, '../..');
export const WEB_DIST = join(WEB_ROOT, 'dist');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Inputs of the web build: a change to any of them makes dist stale. */
function sourcesMtime(): number {
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => join(WEB_ROOT, p));
  inputs.push(join(REPO_ROOT, 'packages/contracts/src'));
  return Math.max(...inputs.filter(existsSync).map(newestMtime));
}

/** Build the SPA once (`vite build`) unless dist is newer than every source file. */
export function ensureWebBuild(): void {
  const index = join(WEB_DIST, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= sourcesMtime()) return;
  // Vitest sets NODE_ENV=test, which would give a development React build: force production.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: WEB_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
