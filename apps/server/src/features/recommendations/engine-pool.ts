import { availableParallelism } from 'node:os';
import type { EngineCard, EngineResult, Instance } from '@cardwise/contracts';
import { Piscina } from 'piscina';
import { HttpError } from '../../plumbing/errors.ts';
import { CANCELLED, type EngineTask, type EngineTaskResult, STARTED } from './engine-task.ts';
import { engineWorkerBundle } from './engine-worker-bundle.ts';

/**
 * 32 MB semi-spaces: V8's young generation is three semi-spaces (two, and the large-object one).
 * bench:reco runs the engine with the same (ENGINE_HEAP_FLAGS in packages/reco/bench): keep them in step.
 */
const YOUNG_GENERATION_MB = 96;

/**
 * Piscina's worker first tries `require()` on the worker file. From Node 20.19 that loads an ES
 * module (the engine bundle) synchronously, and a worker stopped in the middle of that load aborts
 * the whole process (V8: "v8::Module::IsGraphAsync must be used on an instantiated module"; seen
 * once in CI, when a test closed its app as the workers were starting). With require(esm) turned
 * off, that `require()` throws at once and piscina loads the bundle with `import()`, whose load a
 * stop interrupts cleanly. Only where this Node has the option at all.
 */
const IMPORT_THE_BUNDLE = process.allowedNodeEnvironmentFlags.has('--experimental-require-module')
  ? ['--no-experimental-require-module']
  : [];

/**
 * A card list the workers may keep between requests (ADR 021): `key` names these cards, as they
 * are, for the life of the process: the same key is never used for other cards.
 */
export interface SharedCards {
  key: string;
  cards: EngineCard[];
}

export interface EnginePool {
  /**
   * `signal`: abort it when the answer is no longer wanted (the client went away). The engine
   * stops at its next check and the worker takes the next request; the call then rejects with
   * 503 `request_cancelled`, which no client reads.
   * `shared`: when the instance's cards begin with these (the same objects, in order), the worker
   * is sent only the key and the rest, and keeps the list for the next request.
   */
  run(instance: Instance, signal?: AbortSignal, shared?: SharedCards): Promise<EngineResult>;
  /** Worker threads alive now. */
  workers(): number;
  /** How many times a worker has been sent a shared list it did not hold (ADR 021). */
  listsSent(): number;
  close(): Promise<void>;
}

/**
 * The engine runs in worker threads with a budget. Past it the engine answers with every
 * combination size it has already proven (the response says which sizes are missing); when
 * not even one card is proven, or a worker does not answer within a grace period after the
 * budget (it then is stopped and replaced), the caller gets 503. We never answer with a
 * combination that is not the proven optimum of its size.
 */
export function enginePool(opts: {
  timeoutMs: number;
  threads?: number | undefined;
  workerUrl?: URL;
}): EnginePool {
  const threads = opts.threads ?? Math.max(1, availableParallelism() - 1);
  const pool = new Piscina({
    // The engine bundled into one ES module (ADR 020): loaded through tsx, a worker thread runs
    // it as CommonJS, at half the speed. A test's stand-in worker (`workerUrl`) is TypeScript.
    filename: (opts.workerUrl ?? engineWorkerBundle()).href,
    execArgv: opts.workerUrl ? ['--import', 'tsx'] : IMPORT_THE_BUNDLE,
    // Every worker starts with the server and lives as long as it: the warm-up (ADR 008) is
    // per worker, and a worker stopped when idle would come back cold, several times slower
    // for the first requests of the next busy minute.
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    // A nursery that holds a typical request's allocations (a 20-entry request allocates about
    // 5 MB), so that with the collection between requests (engine-worker.ts) most requests run
    // without a collection at all (ADR 013).
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  const timedOut = () =>
    new HttpError(
      503,
      `Finding the exact best combination took longer than ${seconds(opts.timeoutMs)} s. ` +
        'Try asking for fewer cards, or narrow the cards to compare.',
      'recommendation_timeout',
    );
  // Not the caller's request: others' were ahead of it for the whole budget. Retry-After tells a
  // client (and any proxy) when a retry is worth it, instead of each retrying at once.
  const busy = () =>
    new HttpError(
      503,
      'The recommendation service is busy right now. Please try again in a few seconds.',
      'engine_busy',
      { headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) } },
    );
  let listsSent = 0;
  return {
    async run(instance, signal, shared) {
      const controller = new AbortController();
      // Cancelling through shared memory, not piscina's signal: its abort terminates a running
      // worker, and the replacement would start cold (ADR 008).
      const sharedFlags = new SharedArrayBuffer(8);
      const flags = new Int32Array(sharedFlags);
      const onAbort = () => Atomics.store(flags, CANCELLED, 1);
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
      // The engine checks its own budget between steps and overshoots it by one exact solve at
      // most (milliseconds); this timer only stops a worker that is stuck, or gives up on a
      // request still queued behind others. A task that started late gets one more full window
      // (its own budget counts from its start), so a busy queue never kills a healthy worker.
      let extended = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        timer = setTimeout(() => {
          if (!extended && Atomics.load(flags, STARTED) === 1) {
            extended = true;
            arm();
            return;
          }
          onAbort();
          controller.abort();
        }, opts.timeoutMs + STUCK_GRACE_MS);
      };
      arm();
      const list = shared && startsWith(instance.cards, shared.cards) ? shared : undefined;
      const task: EngineTask = list
        ? {
            instance: { ...instance, cards: instance.cards.slice(list.cards.length) },
            shared: { key: list.key },
            deadlineMs: opts.timeoutMs,
            flags: sharedFlags,
          }
        : { instance, deadlineMs: opts.timeoutMs, flags: sharedFlags };
      try {
        let out = (await pool.run(task, { signal: controller.signal })) as EngineTaskResult;
        if ('needCards' in out && list) {
          listsSent++;
          // The worker that took it does not hold the list yet (its first request for the tenant,
          // or the tenant's cards changed): once per worker and list, the copy every request used
          // to make.
          task.shared = list;
          out = (await pool.run(task, { signal: controller.signal })) as EngineTaskResult;
        }
        if ('needCards' in out) throw new Error('an engine worker asked again for the cards it was sent');
        if ('timeout' in out) throw timedOut();
        if ('cancelled' in out)
          throw new HttpError(
            503,
            'The request was cancelled before its answer was ready.',
            'request_cancelled',
          );
        return out.result;
      } catch (err) {
        if (controller.signal.aborted) throw Atomics.load(flags, STARTED) === 1 ? timedOut() : busy();
        throw err;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
    },
    workers: () => pool.threads.length,
    listsSent: () => listsSent,
    close: () => pool.destroy(),
  };
}

/** Whether `cards` begins with exactly the objects of `prefix`, in its order. */
function startsWith(cards: EngineCard[], prefix: EngineCard[]): boolean {
  if (prefix.length === 0 || cards.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (cards[i] !== prefix[i]) return false;
  return true;
}

const STUCK_GRACE_MS = 2000;
const BUSY_RETRY_AFTER_SECONDS = 5;

/** 8000 → "8", 300 → "0.3": never "0 s" for a budget under half a second. */
const seconds = (ms: number): string => (ms / 1000).toLocaleString('en-IN', { maximumFractionDigits: 1 });
