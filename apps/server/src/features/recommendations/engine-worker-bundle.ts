import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

const WORKER = fileURLToPath(new URL('./engine-worker.ts', import.meta.url));

interface Manifest {
  /** Every source file in the bundle, as it was when the bundle was built. */
  inputs: { path: string; mtimeMs: number; size: number }[];
  /** The bundle's file name in the cache directory; named by its content, never rewritten. */
  bundle: string;
}

/**
 * The engine workers' code as one ES module (ADR 020). Node 20 gives a worker thread tsx's
 * CommonJS hook but not its module hooks, so the worker's TypeScript would load module by
 * module as CommonJS, where every call from one engine module into another goes through
 * esbuild's export getters: the engine ran at half the speed it has in the main thread.
 *
 * Built once and kept in `node_modules/.cache` while no source file in it has changed (the
 * test suite builds an app per file; each would otherwise pay the 100–200 ms build).
 */
export function engineWorkerBundle(cacheDir?: string): URL {
  if (cacheDir) return bundleIn(cacheDir);
  try {
    return bundleIn(defaultCacheDir());
  } catch (err) {
    // A node_modules the server may not write to (a read-only install): the system's temp directory.
    if (!isPermissionError(err)) throw err;
    return bundleIn(join(tmpdir(), 'cardwise-engine-worker'));
  }
}

function bundleIn(cacheDir: string): URL {
  mkdirSync(cacheDir, { recursive: true });
  // One manifest per checkout: two clones on one machine do not evict each other's bundle.
  const manifestPath = join(cacheDir, `${hash(WORKER).slice(0, 12)}.json`);
  const cached = readManifest(manifestPath);
  if (cached && isCurrent(cached, cacheDir)) return pathToFileURL(join(cacheDir, cached.bundle));

  const built = buildSync({
    entryPoints: [WORKER],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces from the worker keep the engine's function names.
    keepNames: true,
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const code = built.outputFiles[0]?.contents;
  if (!code) throw new Error('esbuild produced no engine worker bundle');
  const bundle = `engine-worker-${hash(code).slice(0, 16)}.mjs`;
  // Written under a temporary name and renamed: a process starting at the same moment sees
  // either the whole file or none, and a bundle name always means the same content.
  writeAtomically(join(cacheDir, bundle), code);
  const manifest: Manifest = {
    bundle,
    inputs: Object.keys(built.metafile.inputs).map((input) => {
      const path = resolve(input);
      const { mtimeMs, size } = statSync(path);
      return { path, mtimeMs, size };
    }),
  };
  writeAtomically(manifestPath, JSON.stringify(manifest));
  return pathToFileURL(join(cacheDir, bundle));
}

/** The node_modules that holds esbuild (…/node_modules/esbuild/lib/main.js): `npm install` could write there. */
function defaultCacheDir(): string {
  const esbuild = createRequire(import.meta.url).resolve('esbuild');
  return join(dirname(dirname(dirname(esbuild))), '.cache', 'cardwise-engine-worker');
}

const isPermissionError = (err: unknown) =>
  ['EACCES', 'EPERM', 'EROFS'].includes((err as NodeJS.ErrnoException | undefined)?.code ?? '');

function readManifest(path: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

function isCurrent(manifest: Manifest, cacheDir: string): boolean {
  try {
    statSync(join(cacheDir, manifest.bundle));
    return manifest.inputs.every((input) => {
      const now = statSync(input.path);
      return now.mtimeMs === input.mtimeMs && now.size === input.size;
    });
  } catch {
    return false;
  }
}

function writeAtomically(path: string, data: string | Uint8Array): void {
  const temporary = join(dirname(path), `.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`);
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}

const hash = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
