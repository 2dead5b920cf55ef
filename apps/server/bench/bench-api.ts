import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/**
 * `npm run bench:api`: GET /api/cards?no_pagination=true on the real server (embedded
 * database, demo catalogue) against a bare Fastify hello route, measured in the same run
 * with the same load. Each server runs in its own process so the load generator does not
 * share its event loop. Target: ratio ≥ 0.5.
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

function startServer(
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start in 120 s`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(buffer);
      if (m?.[1]) {
        clearTimeout(timer);
        resolvePromise({ child, url: m[1] });
      }
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

// What every browser sends; the catalogue answers are prepared gzipped for it.
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

async function load(url: string, seconds: number, headers: Record<string, string> = BROWSER_HEADERS) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    headers,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result;
}

const dataDir = mkdtempSync(join(tmpdir(), 'cardwise-bench-'));
const children: ChildProcess[] = [];
try {
  const hello = await startServer('apps/server/bench/hello-server.ts', {});
  children.push(hello.child);
  const api = await startServer('apps/server/src/server.ts', {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: join(dataDir, 'no-web'),
  });
  children.push(api.child);

  const cardsUrl = `${api.url}/api/cards?no_pagination=true`;
  const probe = await fetch(cardsUrl);
  const cards = (await probe.json()) as { bank: string }[];
  const bytes = Number(probe.headers.get('content-length') ?? 0);
  console.log(
    `catalogue: ${cards.length} cards from ${new Set(cards.map((c) => c.bank)).size} banks, ${bytes} bytes a response`,
  );

  // Warm both up (JIT, caches) before measuring.
  await load(`${hello.url}/`, 2);
  await load(cardsUrl, 2);
  const base = await load(`${hello.url}/`, DURATION);
  const real = await load(cardsUrl, DURATION);
  const plain = await load(cardsUrl, DURATION, { accept: 'application/json' });

  const ratio = real.requests.average / base.requests.average;
  const row = (name: string, r: autocannon.Result) =>
    `${name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(3)} ms`;
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, one process per server\n`);
  console.log(row('bare Fastify hello (baseline)', base));
  console.log(row('GET /api/cards?no_pagination=true (gzip)', real));
  console.log(row('  the same without Accept-Encoding (info)', plain));
  console.log(
    `\nratio (cards / hello): ${ratio.toFixed(2)}   target ≥ 0.50   ${ratio >= 0.5 ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = ratio >= 0.5 ? 0 : 1;
} finally {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
