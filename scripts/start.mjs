#!/usr/bin/env node
// `npm start`: build the web app if it is missing or older than its sources, then run the
// server (API + web app on one port). The server migrates the database and seeds the demo
// catalogue on first start. Plain JS so that it runs before anything is compiled.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const builtIndex = join(web, 'dist/index.html');

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function webIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = ['src', 'index.html', 'public', 'vite.config.ts']
    .map((p) => join(web, p))
    .filter(existsSync);
  const contracts = join(root, 'packages/contracts/src');
  const newest = Math.max(...sources.map(newestMtime), newestMtime(contracts));
  return newest > statSync(builtIndex).mtimeMs;
}

if (process.env.WEB_DIST === undefined && webIsStale()) {
  console.log('building the web app (apps/web/dist) ...');
  const r = spawnSync('npm', ['run', 'build', '-w', '@cardwise/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
