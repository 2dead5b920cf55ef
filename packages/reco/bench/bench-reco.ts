/**
 * `npm run bench:reco [-- options]`: times the exact engine on seeded realistic
 * instances and checks it against the full MIP solved by HiGHS.
 *
 * Options:
 *   --seeds=5                 instances per size
 *   --limit=5                 HiGHS time limit per MIP (one MIP per n), seconds
 *   --generous=45             time limit for the first seed of every size, so each
 *                             size has at least one instance checked to proven optimality
 *   --no-baseline             engine timings only
 *   --cache=<file>            reuse / store HiGHS results (they do not depend on the engine)
 *   --sizes=50x10x3,...       override the size list
 *
 * The engine runs first (all sizes), then HiGHS, so the engine's peak RSS is
 * measured before the WebAssembly solver is loaded.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { instanceSchema } from '@cardwise/contracts';
import { recommend } from '../src/index.ts';
import { loadHighs, oracleCandidates, solveModel } from '../test/helpers/highs-oracle.ts';
import { generateInstance } from './generate-instance.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k as string, v ?? 'true'];
  }),
);
const SEEDS = Number(args.get('seeds') ?? 5);
const LIMIT = Number(args.get('limit') ?? 5);
const GENEROUS = Number(args.get('generous') ?? 45);
const BASELINE = !args.has('no-baseline');
const CACHE = args.get('cache');
const SIZES: [number, number, number][] = (
  args.get('sizes') ?? '50x10x3,150x25x3,300x40x5,300x40x10,600x60x5'
)
  .split(',')
  .map((s) => s.split('x').map(Number) as [number, number, number]);

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number;
};
const fmt = (v: number): string => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

interface EngineRun {
  ms: number;
  best: Record<number, number>;
}
interface BaselineRun {
  ms: number;
  perN: Record<number, { status: string; value: number; ms: number; limit: number }>;
}

// Warm-up so JIT compilation is not charged to the first measured instance.
for (let s = 1; s <= 3; s++) recommend(instanceSchema.parse(generateInstance(40, 8, 3, 1000 + s)));

const engine = new Map<string, EngineRun[]>();
let peakRss = process.memoryUsage().rss;
for (const [c, e, k] of SIZES) {
  const runs: EngineRun[] = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const inst = instanceSchema.parse(generateInstance(c, e, k, seed));
    const t = performance.now();
    const res = recommend(inst);
    const ms = performance.now() - t;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const best: Record<number, number> = {};
    for (const g of res.spend_level_winners) best[g.n] = g.group_savings;
    runs.push({ ms, best });
  }
  engine.set(`${c}x${e}x${k}`, runs);
}
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);

const cache: Record<string, BaselineRun> =
  CACHE !== undefined && existsSync(CACHE) ? JSON.parse(readFileSync(CACHE, 'utf8')) : {};
const baseline = new Map<string, BaselineRun[]>();
if (BASELINE) {
  const highs = await loadHighs();
  for (const [c, e, k] of SIZES) {
    const runs: BaselineRun[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      const limit = seed === 1 ? GENEROUS : LIMIT;
      const key = `${c}x${e}x${k}#${seed}@${limit}`;
      const hit = cache[key];
      if (hit !== undefined) {
        runs.push(hit);
        continue;
      }
      const inst = instanceSchema.parse(generateInstance(c, e, k, seed));
      const cands = oracleCandidates(inst);
      const perN: BaselineRun['perN'] = {};
      let total = 0;
      for (let n = 1; n <= Math.min(k, cands.length); n++) {
        const t = performance.now();
        const r = solveModel(highs, inst, inst.ownedCards, { n, candidates: cands }, limit);
        const ms = performance.now() - t;
        total += ms;
        perN[n] = { status: r.status, value: r.value, ms, limit };
      }
      const run = { ms: total, perN };
      cache[key] = run;
      runs.push(run);
      process.stderr.write(`  baseline ${key}: ${(total / 1000).toFixed(1)} s\n`);
      if (CACHE !== undefined) writeFileSync(CACHE, JSON.stringify(cache));
    }
    baseline.set(`${c}x${e}x${k}`, runs);
  }
}

console.log(
  'Machine: 2 cores shared with other engineers working at the same time; timings are noisy (wall clock, single run per instance).',
);
console.log(`Engine peak RSS (whole process, before HiGHS is loaded): ${(peakRss / 2 ** 20).toFixed(0)} MB`);
console.log('');
const header = [
  'size (cards,entries,k)',
  'engine median ms',
  'p95 ms',
  'max ms',
  'HiGHS median ms',
  'ratio (HiGHS/engine, median)',
  'HiGHS proven / MIPs',
  'agreement',
];
console.log(header.join(' | '));
let allPass = true;
for (const [c, e, k] of SIZES) {
  const key = `${c}x${e}x${k}`;
  const runs = engine.get(key) ?? [];
  const ms = runs.map((r) => r.ms);
  const cells = [`(${c},${e},${k})`, fmt(pct(ms, 50)), fmt(pct(ms, 95)), fmt(Math.max(...ms))];
  const base = baseline.get(key);
  if (base === undefined) {
    cells.push('-', '-', '-', 'not run');
  } else {
    let proven = 0;
    let total = 0;
    let hitLimit = false;
    const problems: string[] = [];
    base.forEach((b, i) => {
      const eng = runs[i];
      for (const [n, r] of Object.entries(b.perN)) {
        total++;
        const mine = eng?.best[Number(n)];
        if (mine === undefined) {
          problems.push(`seed ${i + 1} n=${n}: engine gave no group`);
          continue;
        }
        if (r.status === 'Optimal') {
          proven++;
          if (Math.abs(mine - r.value) > 0.01)
            problems.push(`seed ${i + 1} n=${n}: engine ${mine} vs HiGHS ${r.value}`);
        } else {
          hitLimit = true;
          // Unproven: HiGHS's incumbent (if any) must not beat the engine.
          if (Number.isFinite(r.value) && r.value > mine + 0.01)
            problems.push(`seed ${i + 1} n=${n}: HiGHS incumbent ${r.value} beats engine ${mine}`);
        }
      }
    });
    const bms = base.map((b) => b.ms);
    const ratio = pct(bms, 50) / pct(ms, 50);
    cells.push(
      `${fmt(pct(bms, 50))}${hitLimit ? ' (time limit hit)' : ''}`,
      `${hitLimit ? '≥ ' : ''}${ratio.toFixed(0)}x`,
      `${proven}/${total}`,
      problems.length === 0 ? 'PASS' : `FAIL: ${problems.join('; ')}`,
    );
    if (problems.length > 0) allPass = false;
  }
  console.log(cells.join(' | '));
}
console.log('');
console.log(
  `Targets: (300,40,5) p95 ≤ 50 ms and ≤ 1/10 of baseline; (300,40,10) p95 ≤ 200 ms; (600,60,5) p95 ≤ 150 ms; peak RSS ≤ 200 MB.`,
);
if (!allPass) process.exitCode = 1;
