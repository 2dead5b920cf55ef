import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/**
 * `npm run bench:api`: GET /api/cards?no_pagination=true on the real server (buildApp on
 * the embedded database with the demo catalogue, every production hook) against a bare
 * Fastify hello route, measured in the same run with the same load: same connections,
 * pipelining, duration and request headers. Each server runs in its own process, started
 * the same way, so the load generator does not share its event loop. Target: ratio ≥ 0.5.
 *
 * The two are measured in alternating rounds (hello then cards, cards then hello, ...), and
 * the ratio is the median of the rounds' ratios: on a shared machine another process's load
 * then falls on both sides of a pair instead of on one route. The CPU time each server
 * process spent per answer is printed too (from /proc, Linux): it moves much less with the
 * machine's load than req/s does.
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 50;
const PIPELINING = 1;
// The logger is on, as in production; at `info` it would also write two lines per request.
const API_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';

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
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(buffer);
      if (m?.[1]) {
        clearTimeout(timer);
        // Keep draining the pipe (so the server never blocks on it) without keeping its text.
        child.stdout?.off('data', onData).resume();
        resolvePromise({ child, url: m[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** CPU seconds (user + system) a process has used so far, or undefined off Linux. */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100/s).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

// What every browser sends; the catalogue answers are prepared compressed for it (gzip at
// once, brotli in the background once an answer is sent twice: done during the warm-up).
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  /** Server process CPU per answer, in µs. */
  serverUs: number | undefined;
  /** This process's (autocannon's) CPU per answer, in µs. */
  clientUs: number;
}

/**
 * autocannon appends every answer's body to a JS string (`body += chunk`), which it uses
 * only for `expectBody`/`verifyBody` (unused here). For a gzipped answer that is a UTF-8
 * decode of binary bytes, which costs the load generator, on the same two cores as the
 * server, more CPU than the server spends on the answer: the run would measure autocannon.
 * The lean client keeps everything else (every byte is read off the socket and parsed as
 * HTTP, status codes counted) and drops only that string; it is the same for both routes.
 */
function leanClient(client: unknown): void {
  const queue = (client as { pipelinedRequests?: { addBody?: unknown } }).pipelinedRequests;
  if (typeof queue?.addBody !== 'function') throw new Error('autocannon internals changed: see leanClient');
  queue.addBody = () => {};
}

async function load(
  url: string,
  seconds: number,
  pid: number | undefined,
  headers: Record<string, string> = BROWSER_HEADERS,
  stockClient = false,
): Promise<Measured> {
  const server0 = cpuSeconds(pid);
  const client0 = process.cpuUsage();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: PIPELINING,
    headers,
    ...(stockClient ? {} : { setupClient: leanClient }),
  });
  const client = process.cpuUsage(client0);
  const server1 = cpuSeconds(pid);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const n = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.total / n,
    serverUs: server0 === undefined || server1 === undefined ? undefined : ((server1 - server0) * 1e6) / n,
    clientUs: (client.user + client.system) / n,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const load1 = () => loadavg()[0]?.toFixed(2) ?? '?';

const dataDir = mkdtempSync(join(tmpdir(), 'cardwise-bench-'));
const children: ChildProcess[] = [];
try {
  const loadBefore = load1();
  const hello = await startServer('apps/server/bench/hello-server.ts', {});
  children.push(hello.child);
  const api = await startServer('apps/server/src/server.ts', {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: API_LOG_LEVEL,
    WEB_DIST: join(dataDir, 'no-web'),
  });
  children.push(api.child);

  // A listening server warms its engine workers on the catalogue (RECO_WARMUP_RUNS): measure
  // the steady state, not that one-off work on the second core.
  const warmStart = performance.now();
  for (;;) {
    const health = (await (await fetch(`${api.url}/api/health`)).json()) as { engine?: string };
    if (health.engine === undefined || health.engine === 'ready') break;
    if (performance.now() - warmStart > 300_000) throw new Error('the engine did not warm up in 300 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const warmSeconds = (performance.now() - warmStart) / 1000;

  const cardsUrl = `${api.url}/api/cards?no_pagination=true`;
  const cards = (await (await fetch(cardsUrl)).json()) as { bank: string }[];
  console.log(
    `catalogue: ${cards.length} cards from ${new Set(cards.map((c) => c.bank)).size} banks; engine warm-up waited ${warmSeconds.toFixed(1)} s`,
  );

  const helloUrl = `${hello.url}/`;
  const helloPid = hello.child.pid;
  const apiPid = api.child.pid;
  // Warm both up (JIT, caches) before measuring.
  await load(helloUrl, 2, helloPid);
  await load(cardsUrl, 2, apiPid);

  const probe = await fetch(cardsUrl, { headers: BROWSER_HEADERS });
  await probe.arrayBuffer();
  console.log(
    `the answer a browser gets: ${probe.headers.get('content-encoding') ?? 'identity'}, ${probe.headers.get('content-length')} bytes of body`,
  );

  const rounds: { hello: Measured; cards: Measured }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      const h = await load(helloUrl, SECONDS, helloPid);
      rounds.push({ hello: h, cards: await load(cardsUrl, SECONDS, apiPid) });
    } else {
      const c = await load(cardsUrl, SECONDS, apiPid);
      rounds.push({ hello: await load(helloUrl, SECONDS, helloPid), cards: c });
    }
  }
  const plain = await load(cardsUrl, SECONDS, apiPid, { accept: 'application/json' });
  const stock = {
    hello: await load(helloUrl, SECONDS, helloPid, BROWSER_HEADERS, true),
    cards: await load(cardsUrl, SECONDS, apiPid, BROWSER_HEADERS, true),
  };
  const loadAfter = load1();

  const summary = (ms: Measured[]): Measured => ({
    rps: median(ms.map((m) => m.rps)),
    p50: median(ms.map((m) => m.p50)),
    p99: median(ms.map((m) => m.p99)),
    bytes: median(ms.map((m) => m.bytes)),
    serverUs: ms.some((m) => m.serverUs === undefined)
      ? undefined
      : median(ms.map((m) => m.serverUs as number)),
    clientUs: median(ms.map((m) => m.clientUs)),
  });
  const base = summary(rounds.map((r) => r.hello));
  const real = summary(rounds.map((r) => r.cards));
  const ratios = rounds.map((r) => r.cards.rps / r.hello.rps);
  const ratio = median(ratios);

  const us = (v: number | undefined) => (v === undefined ? '   -' : v.toFixed(0).padStart(4));
  const row = (name: string, r: Measured) =>
    `${name.padEnd(42)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(2)} ms  p99 ${String(r.p99).padStart(3)} ms  ${r.bytes.toFixed(0).padStart(6)} B/answer  CPU/answer: server ${us(r.serverUs)} µs, autocannon ${us(r.clientUs)} µs`;
  console.log(
    `\n${CONNECTIONS} connections, pipelining ${PIPELINING}, ${SECONDS} s a measurement, ${ROUNDS} alternating rounds (medians), one process per server`,
  );
  console.log(
    `API server: LOG_LEVEL=${API_LOG_LEVEL} (logger on${API_LOG_LEVEL === 'warn' ? ', per-request lines off' : ''}); load average ${loadBefore} before, ${loadAfter} after, ${availableParallelism()} cores\n`,
  );
  console.log(row('bare Fastify hello (baseline)', base));
  console.log(row('GET /api/cards?no_pagination=true', real));
  console.log(row('  the same without Accept-Encoding (info)', plain));
  console.log(row('  hello, autocannon keeping bodies (info)', stock.hello));
  console.log(row('  cards, autocannon keeping bodies (info)', stock.cards));
  console.log(
    `\nratio (cards / hello) per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${ratio.toFixed(2)}   target ≥ 0.50   ${ratio >= 0.5 ? 'PASS' : 'FAIL'}`,
  );
  if (base.serverUs !== undefined && real.serverUs !== undefined) {
    console.log(
      `(info) the same comparison in server CPU time per answer, hello / cards: ${(base.serverUs / real.serverUs).toFixed(2)}`,
    );
  }
  console.log(
    `(info) with autocannon keeping every body as a string: ratio ${(stock.cards.rps / stock.hello.rps).toFixed(2)}, one round`,
  );
  process.exitCode = ratio >= 0.5 ? 0 : 1;
} finally {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
