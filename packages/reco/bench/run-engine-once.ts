/**
 * One engine run in its own process (spawned by bench-reco.ts so a slow
 * instance can be stopped by a timeout and its memory measured alone).
 * Prints one JSON line: { ms, best: {n: savings}, maxRssMb }.
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
const t = performance.now();
const res = recommend(inst);
const ms = performance.now() - t;
const best: Record<number, number> = {};
for (const g of res.spend_level_winners) best[g.n] = g.group_savings;
process.stdout.write(`${JSON.stringify({ ms, best, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
