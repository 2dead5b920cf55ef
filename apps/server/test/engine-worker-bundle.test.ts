import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recommend } from '@cardwise/reco';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineTask, EngineTaskResult } from '../src/features/recommendations/engine-task.ts';
import { engineWorkerBundle } from '../src/features/recommendations/engine-worker-bundle.ts';
import { warmUpInstance } from '../src/features/recommendations/warm-up-engine.ts';

const dirs: string[] = [];
const cacheDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'engine-bundle-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const manifestIn = (dir: string) => join(dir, readdirSync(dir).find((f) => f.endsWith('.json')) ?? '');

describe('engine worker bundle (ADR 020)', () => {
  it('is one ES module whose default export answers a task as the engine does', async () => {
    const url = engineWorkerBundle(cacheDir());
    expect(url.pathname).toMatch(/engine-worker-[0-9a-f]{16}\.mjs$/);
    const source = readFileSync(url, 'utf8');
    // Bundled: no import of the engine's TypeScript is left for a loader to resolve.
    expect(source).not.toMatch(/from\s+["'][^"']*\.ts["']/);
    const { default: run } = (await import(url.href)) as { default: (t: EngineTask) => EngineTaskResult };
    const instance = warmUpInstance(
      JSON.parse(readFileSync(new URL('../seed/demo-catalog.json', import.meta.url), 'utf8')).cards,
      2,
    );
    const out = run({ instance, deadlineMs: 30_000, flags: new SharedArrayBuffer(8) });
    expect('result' in out && out.result).toEqual(recommend(instance));
  });

  it('is reused while its sources are unchanged, and rebuilt when one changes', () => {
    const dir = cacheDir();
    const first = engineWorkerBundle(dir);
    const manifest = manifestIn(dir);
    const written = statSync(manifest).mtimeMs;
    expect(engineWorkerBundle(dir).href).toBe(first.href);
    expect(statSync(manifest).mtimeMs).toBe(written);

    // As if the engine's source had been edited since: the manifest's record of it is stale.
    const recorded = JSON.parse(readFileSync(manifest, 'utf8')) as {
      inputs: { path: string; mtimeMs: number }[];
    };
    const engineFile = recorded.inputs.find((i) => i.path.includes(join('packages', 'reco', 'src')));
    expect(engineFile).toBeDefined();
    if (engineFile) engineFile.mtimeMs -= 1000;
    writeFileSync(manifest, JSON.stringify(recorded));
    const again = engineWorkerBundle(dir);
    // Same sources, same content: the same name, with a manifest that matches the files again.
    expect(again.href).toBe(first.href);
    const rewritten = JSON.parse(readFileSync(manifest, 'utf8')) as typeof recorded;
    const now = rewritten.inputs.find((i) => i.path === engineFile?.path);
    expect(now?.mtimeMs).toBe(statSync(engineFile?.path ?? '').mtimeMs);
  });

  it('is rebuilt when the bundle file itself is gone', () => {
    const dir = cacheDir();
    const first = engineWorkerBundle(dir);
    rmSync(fileURLToPath(first));
    const again = engineWorkerBundle(dir);
    expect(again.href).toBe(first.href);
    expect(statSync(fileURLToPath(again)).size).toBeGreaterThan(0);
  });
});
