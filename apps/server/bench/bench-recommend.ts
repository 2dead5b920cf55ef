import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CategoryNodeDto } from '@cardwise/contracts';

/**
 * `npm run bench:recommend`: POST /api/cards/recommend on the real server with the demo
 * catalogue and 20 realistic spending entries, k = 3 (and k = 5, 10 for context), measured
 * end to end over loopback. In the same run, the catalogue list route is timed the same
 * way as a floor for "an HTTP round trip to this server". Target: p95 ≤ 50 ms at k = 3.
 * Then 100 seeded random households (BENCH_HOUSEHOLDS), one request each: how many answers are
 * slow, partial (ADR 009) or 503.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

function start(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST: join(dataDir, 'none'),
        // Each request looks like its own client (X-Forwarded-For), so the rate limit does not end the run.
        TRUST_PROXY: 'true',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m?.[1]) ok({ child, url: m[1] });
    });
    child.on('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
}

/** Twenty everyday spends a household in a metro might record, picked from the real tree. */
const WANTED: [string[], number, string][] = [
  [['online', 'food_delivery', 'swiggy'], 6000, 'MONTHLY'],
  [['online', 'food_delivery', 'zomato'], 3000, 'MONTHLY'],
  [['online', 'e_commerce_marketplace', 'amazon', 'electronics'], 60000, 'YEARLY'],
  [['online', 'e_commerce_marketplace', 'amazon', 'grocery'], 4000, 'MONTHLY'],
  [['online', 'e_commerce_marketplace', 'flipkart', 'fashion'], 3000, 'MONTHLY'],
  [['online', 'fashion_e_commerce', 'myntra'], 2500, 'MONTHLY'],
  [['online', 'quick_commerce', 'blinkit'], 5000, 'MONTHLY'],
  [['online', 'online_grocery', 'bigbasket'], 4000, 'MONTHLY'],
  [['online', 'ride_hailing', 'uber'], 800, 'WEEKLY'],
  [['online', 'travel_ota', 'makemytrip'], 45000, 'HALF_YEARLY'],
  [['online', 'rail', 'irctc'], 8000, 'QUARTERLY'],
  [['online', 'bill_payment_app'], 4500, 'MONTHLY'],
  [['online', 'rent_payments'], 30000, 'MONTHLY'],
  [['online', 'wallet_loads'], 2000, 'MONTHLY'],
  [['offline', 'fuel_station'], 5000, 'MONTHLY'],
  [['offline', 'supermarket'], 7000, 'MONTHLY'],
  [['offline', 'restaurants'], 4000, 'MONTHLY'],
  [['offline', 'pharmacy'], 1500, 'MONTHLY'],
  [['offline', 'electronics_store'], 40000, 'YEARLY'],
  [['online', 'e_commerce_marketplace', 'amazon', 'fashion'], 300, 'DAILY'],
];
const FIELDS = ['spending_mode', 'platform_type', 'platform_name', 'spending_category'] as const;

function entriesFrom(tree: CategoryNodeDto[]) {
  return WANTED.map(([path, amount, frequency], i) => {
    const entry: Record<string, string | number> = { id: `e${i + 1}`, amount, frequency };
    let level = tree;
    path.forEach((slug, depth) => {
      const node = level.find((n) => n.slug === slug) ?? level[0];
      if (!node) throw new Error(`no node for ${path.join('/')}`);
      entry[FIELDS[depth]!] = node.id;
      level = node.children;
    });
    return entry;
  });
}

/**
 * Households the fixed list above does not represent: 1–30 entries anywhere in the tree (any
 * depth), about ₹50–₹30,000 a month each, most monthly; k = 10 for half the requests, 1–9 for
 * the rest; one owned card in two of five. Seeded, so every run sends the same requests.
 */
function randomHouseholds(tree: CategoryNodeDto[], cardIds: string[], count: number, seed: number) {
  let state = seed >>> 0;
  const rnd = () => {
    // Park–Miller minimal standard generator: deterministic, no dependency needed for a bench.
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  const FIELDS6 = [...FIELDS, 'spending_sub_category', 'product'] as const;
  const FREQUENCIES = { DAILY: 1 / 30, WEEKLY: 1 / 4.3, QUARTERLY: 3, HALF_YEARLY: 6, YEARLY: 12 } as const;
  return Array.from({ length: count }, () => {
    const spending = Array.from({ length: 1 + Math.floor(rnd() ** 1.5 * 30) }, (_, i) => {
      const frequency =
        rnd() < 0.75 ? 'MONTHLY' : pick(Object.keys(FREQUENCIES) as (keyof typeof FREQUENCIES)[]);
      const perMonth = 300 * 100 ** rnd();
      const factor = frequency === 'MONTHLY' ? 1 : FREQUENCIES[frequency];
      const entry: Record<string, string | number> = {
        id: `r${i + 1}`,
        amount: Math.max(50, Math.round((perMonth * factor) / 10) * 10),
        frequency,
      };
      let level = tree;
      const depth = 1 + Math.floor(rnd() * 5);
      for (let d = 0; d < depth && level.length > 0; d++) {
        const node = pick(level);
        entry[FIELDS6[d]!] = node.id;
        level = node.children;
      }
      return entry;
    });
    const desiredCardCount = rnd() < 0.5 ? 10 : 1 + Math.floor(rnd() * 9);
    const ownedCards = rnd() < 0.4 ? [pick(cardIds)] : [];
    return { spending, preferences: { desiredCardCount, ownedCards } };
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function time(runs: number, f: () => Promise<Response>) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await f();
    const body = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${body}`);
    ms.push(performance.now() - t0);
  }
  return { p50: pct(ms, 50), p95: pct(ms, 95), max: Math.max(...ms) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'cardwise-bench-reco-'));
const { child, url } = await start(dataDir);
try {
  // Measure the server as users meet it once it is up: after its engine workers have warmed up.
  const warmStart = performance.now();
  for (let i = 0; i < 600; i++) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as { engine?: string };
    if (health.engine === 'ready') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log(`engine workers warmed up ${(performance.now() - warmStart).toFixed(0)} ms after listening`);
  const tree = (await (await fetch(`${url}/api/categories`)).json()) as CategoryNodeDto[];
  const spending = entriesFrom(tree);
  const post = (k: number) => () =>
    fetch(`${url}/api/cards/recommend`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
      body: JSON.stringify({ spending, preferences: { desiredCardCount: k } }),
    });
  const first = (await (await post(3)()).json()) as {
    spend_level_winners: { n: number; group_savings: number; card_ids: string[] }[];
  };
  console.log(`demo catalogue, ${spending.length} entries; best per n at k = 3:`);
  for (const g of first.spend_level_winners)
    console.log(`  n=${g.n}  ₹${g.group_savings}/month  ${g.card_ids.join(' + ')}`);
  await time(10, post(3));
  const floor = await time(RUNS, () => fetch(`${url}/api/cards?page_size=1`));
  const rows: [string, Awaited<ReturnType<typeof time>>][] = [
    ['GET /api/cards?page_size=1 (round-trip floor)', floor],
  ];
  for (const k of [3, 5])
    rows.push([`POST /api/cards/recommend, 20 entries, k=${k}`, await time(RUNS, post(k))]);
  console.log(`\n${RUNS} sequential requests each, milliseconds end to end over loopback\n`);
  for (const [name, r] of rows) {
    console.log(
      `${name.padEnd(48)} p50 ${r.p50.toFixed(1).padStart(6)}  p95 ${r.p95.toFixed(1).padStart(6)}  max ${r.max.toFixed(1).padStart(6)}`,
    );
  }
  // k = 10 is the most a user can ask for: timed too (fewer runs: it is the slowest answer).
  const k10 = await time(Math.max(5, Math.round(RUNS / 6)), post(10));
  console.log(
    `${'POST /api/cards/recommend, 20 entries, k=10'.padEnd(48)} p50 ${k10.p50.toFixed(1).padStart(6)}  p95 ${k10.p95.toFixed(1).padStart(6)}  max ${k10.max.toFixed(1).padStart(6)}`,
  );

  // Random households: what share of users meets a slow answer, a partial one or a 503.
  const HOUSEHOLDS = Number(process.env.BENCH_HOUSEHOLDS ?? 100);
  const cardsAnswer = (await (await fetch(`${url}/api/cards?no_pagination=true`)).json()) as
    | { id: string }[]
    | { results: { id: string }[] };
  const cardList = Array.isArray(cardsAnswer) ? cardsAnswer : cardsAnswer.results;
  const households = randomHouseholds(
    tree,
    cardList.map((c) => String(c.id)),
    HOUSEHOLDS,
    97,
  );
  const all: number[] = [];
  const k10Times: number[] = [];
  const outcome = { complete: 0, partial: 0, unavailable: 0 };
  for (const [i, body] of households.entries()) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/cards/recommend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { incomplete?: unknown };
    const ms = performance.now() - t0;
    all.push(ms);
    if (body.preferences.desiredCardCount === 10) k10Times.push(ms);
    if (res.status === 503) outcome.unavailable++;
    else if (!res.ok) throw new Error(`HTTP ${res.status}: ${JSON.stringify(answer)}`);
    else if (answer.incomplete) outcome.partial++;
    else outcome.complete++;
  }
  console.log(
    `\n${HOUSEHOLDS} random households (1–30 entries, k = 10 for ${k10Times.length} of them), one request each:`,
  );
  console.log(
    `  all    p50 ${pct(all, 50).toFixed(0)} ms  p90 ${pct(all, 90).toFixed(0)} ms  p99 ${pct(all, 99).toFixed(0)} ms  max ${Math.max(...all).toFixed(0)} ms`,
  );
  console.log(
    `  k = 10 p50 ${pct(k10Times, 50).toFixed(0)} ms  p90 ${pct(k10Times, 90).toFixed(0)} ms  max ${Math.max(...k10Times).toFixed(0)} ms`,
  );
  console.log(
    `  answers: ${outcome.complete} complete, ${outcome.partial} partial (the largest sizes not proven within the budget, ADR 009), ${outcome.unavailable} × 503`,
  );

  const k3 = rows[1]![1];
  console.log(`\nk=3 p95 ${k3.p95.toFixed(1)} ms, target ≤ 50 ms: ${k3.p95 <= 50 ? 'PASS' : 'FAIL'}`);
  process.exitCode = k3.p95 <= 50 ? 0 : 1;
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
