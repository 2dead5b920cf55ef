/**
 * `npx tsx apps/web/bench/profile-page.ts [path] [--url=http://127.0.0.1:4000] [--cpu=4]`: loads a page of the
 * production build (served by the real server) in Chromium with CPU throttling and prints
 * where the main thread went: a CPU profile summed by function (self and inclusive time,
 * top entries) and by script. For finding what makes Lighthouse's TBT high; for readable names,
 * `npx vite build --minify false --outDir DIR` and serve DIR with WEB_DIST=DIR.
 */
import { launchChromium } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function arg(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

const path = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '/cards';
// A server already running (e.g. `WEB_DIST=/tmp/x PORT=4000 npx tsx apps/server/src/server.ts`).
const url = arg('url', '');
const cpu = Number(arg('cpu', '4'));
const top = Number(arg('top', '25'));

const server = url ? { url, stop: async () => {} } : await startServer();
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  // Long tasks as the page sees them.
  await page.addInitScript(() => {
    (window as unknown as { __long: { start: number; duration: number }[] }).__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        (window as unknown as { __long: { start: number; duration: number }[] }).__long.push({
          start: Math.round(e.startTime),
          duration: Math.round(e.duration),
        });
    }).observe({ type: 'longtask', buffered: true });
  });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  console.log(`${path}: loaded + idle in ${Date.now() - t0} ms at CPU ${cpu}x`);
  const long = await page.evaluate(() => (window as unknown as { __long: unknown[] }).__long);
  const longTasks = long as { start: number; duration: number }[];
  const tbt = longTasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0);
  console.log(
    `long tasks (${longTasks.length}, blocking ${tbt} ms): ${longTasks.map((t) => `${t.duration}@${t.start}`).join(' ')}`,
  );

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\//, '')}:${n.callFrame.lineNumber}`;
  const selfBy = new Map<string, number>();
  const inclBy = new Map<string, number>();
  const scriptBy = new Map<string, number>();
  for (const [id, ms] of self) {
    const node = byId.get(id);
    if (!node) continue;
    selfBy.set(label(node), (selfBy.get(label(node)) ?? 0) + ms);
    const script = node.callFrame.url.replace(/^.*\//, '') || node.callFrame.functionName;
    scriptBy.set(script, (scriptBy.get(script) ?? 0) + ms);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n) break;
      const l = label(n);
      if (seen.has(l)) continue;
      seen.add(l);
      inclBy.set(l, (inclBy.get(l) ?? 0) + ms);
    }
  }
  const print = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`  ${v.toFixed(1).padStart(8)} ms  ${k}`);
  };
  // Busy stretches (samples without idle in between), longest first, with what ran in them.
  const stretches: { from: number; to: number; ms: number }[] = [];
  let start = -1;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const idle = byId.get(id)?.callFrame.functionName === '(idle)';
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!idle) {
      if (start < 0) start = i;
      busy += dt;
    }
    if ((idle || i === profile.samples.length - 1) && start >= 0) {
      if (busy >= 50) stretches.push({ from: start, to: i, ms: busy });
      start = -1;
      busy = 0;
    }
  });
  stretches.sort((a, b) => b.ms - a.ms);
  for (const stretch of stretches.slice(0, Number(arg('stretches', '2')))) {
    const incl = new Map<string, number>();
    const selfIn = new Map<string, number>();
    for (let i = stretch.from; i < stretch.to; i++) {
      const leaf = byId.get(profile.samples[i] ?? -1);
      if (leaf) selfIn.set(label(leaf), (selfIn.get(label(leaf)) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      const seen = new Set<string>();
      for (let cur: number | undefined = profile.samples[i]; cur !== undefined; cur = parent.get(cur)) {
        const n = byId.get(cur);
        if (!n) break;
        const l = label(n);
        if (seen.has(l) || / index-|^\((root|program)\)/.test(l)) continue;
        seen.add(l);
        incl.set(l, (incl.get(l) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      }
    }
    print(`busy stretch of ${stretch.ms.toFixed(0)} ms (app code, inclusive)`, incl);
    print(`busy stretch of ${stretch.ms.toFixed(0)} ms (self)`, selfIn);
  }
  print('by script (self)', scriptBy);
  print('by function (self)', selfBy);
  print('by function (inclusive)', inclBy);
  // Components and app code: the entry chunk's own functions are mostly React internals.
  const outside = new Map([...inclBy].filter(([k]) => !/ index-|^\((root|idle|program)\)/.test(k)));
  print('by function outside the entry chunk (inclusive)', outside);
} finally {
  await browser.close();
  await server.stop();
}
