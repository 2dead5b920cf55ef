/**
 * One engine run in its own process (spawned by bench-reco.ts so a slow
 * instance can be stopped by a timeout and its memory measured alone).
 * Prints one JSON line: { ms (median of the runs), runs, best: {n: savings}, maxRssMb }.
 */
import { readFileSync } from 'node:fs';
import { instanceSchema } from '@cardwise/contracts';
import { recommend } from '../src/index.ts';
import { generateInstance } from './generate-instance.ts';

// Either `<cards> <entries> <k> <seed>` (generated) or `<fixture.json>`.
const argv = process.argv.slice(2);
const [c, e, k, seed] = argv.map(Number) as [number, number, number, number];
// Warm-up so JIT compilation is not charged to the measured run, as in the server's engine
// workers (warmed on the real catalogue before they take requests): small instances, then
// two of the measured size with other seeds and k ≤ 3.
for (let s = 1; s <= 3; s++) recommend(instanceSchema.parse(generateInstance(40, 8, 3, 1000 + s)));
if (argv.length !== 1)
  for (let s = 1; s <= 2; s++)
    recommend(instanceSchema.parse(generateInstance(c, e, Math.min(k, 3), 2000 + s)));
const inst = instanceSchema.parse(
  argv.length === 1 ? JSON.parse(readFileSync(argv[0] as string, 'utf8')) : generateInstance(c, e, k, seed),
);
// The machines this runs on are shared virtual machines: one run of the same instance can take
// ±30% longer than the next for reasons that have nothing to do with the engine (other guests,
// collection pauses). Each instance is therefore timed three times and its median reported
// (all three printed); instances slower than 2 s are timed once (the noise does not matter there
// and the timeout is per process).
const collect = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;
const times: number[] = [];
let res: ReturnType<typeof recommend>;
// Peak memory is read after the first run, as in a process that solves only this instance:
// the repeats add only the garbage of earlier runs that the collector has not returned yet.
let maxRssMb = 0;
for (;;) {
  // As a server worker does after each answer (ADR 013): the nursery starts empty, instead of
  // holding the previous run's garbage (bench-reco.ts passes --expose-gc).
  collect?.({ type: 'minor' });
  const t = performance.now();
  res = recommend(inst);
  times.push(performance.now() - t);
  if (times.length === 1) maxRssMb = process.resourceUsage().maxRSS / 1024;
  if (times.length >= 3 || (times[0] as number) > 2000) break;
}
const ms = [...times].sort((a, b) => a - b)[Math.floor((times.length - 1) / 2)] as number;
const best: Record<number, number> = {};
for (const g of res.spend_level_winners) best[g.n] = g.group_savings;
process.stdout.write(`${JSON.stringify({ ms, runs: times, best, maxRssMb })}\n`);
