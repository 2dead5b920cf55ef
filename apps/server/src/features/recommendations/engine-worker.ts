import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { EngineResult, Instance } from '@cardwise/contracts';
import { RecoCancelledError, RecoTimeoutError, recommend } from '@cardwise/reco';

type Collect = (options: { type: 'minor' }) => void;

/**
 * V8's collector, reached the way the `expose-gc` package does (a worker thread cannot be
 * given `--expose-gc`); `undefined` where the runtime does not allow it (the engine then
 * runs as before). See ADR 013.
 */
export function exposeCollector(): Collect | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as Collect) : undefined;
  } catch {
    return undefined;
  }
}
// Taken at the first answer, so that only the engine's threads touch V8's flags (the server
// imports this module for its constants).
let collect: Collect | undefined | null = null;
let collectPending = false;

/**
 * A young-generation collection once the answer has gone, while almost nothing is live: it
 * then costs about a millisecond of idle time. Left to itself, V8 collects when the nursery
 * is full, which is in the middle of some request, and then copies that request's whole
 * working set (its tableaux and bounds): one request in three or four took 15–25 ms longer.
 */
function collectWhenIdle(): void {
  if (collect === null) collect = exposeCollector();
  const run = collect;
  if (!run || collectPending) return;
  collectPending = true;
  setImmediate(() => {
    collectPending = false;
    run({ type: 'minor' });
  });
}

export interface EngineTask {
  instance: Instance;
  /** The engine's own budget: past it, it answers with the sizes it has proven. */
  deadlineMs: number;
  /**
   * Two Int32s shared with the server (not copied): [0] the server sets to 1 when the client
   * has gone away; [1] the worker sets to 1 when it starts the task, so the server can tell a
   * run past its budget from a request still waiting in the queue behind others.
   */
  flags: SharedArrayBuffer;
}

export const CANCELLED = 0;
export const STARTED = 1;

/** The worker has taken the task from the queue. */
export function markStarted(task: Pick<EngineTask, 'flags'>): void {
  Atomics.store(new Int32Array(task.flags), STARTED, 1);
}

/**
 * `timeout`: not even the best single card was proven within the budget.
 * `cancelled`: the server said the client had gone away; the thread is free again at once.
 */
export type EngineTaskResult = { result: EngineResult } | { timeout: true } | { cancelled: true };

/** Runs in a worker thread: the engine is CPU-bound and must not stall other requests. */
export default function runEngine(task: EngineTask): EngineTaskResult {
  markStarted(task);
  const flags = new Int32Array(task.flags);
  try {
    return {
      result: recommend(task.instance, {
        deadlineMs: task.deadlineMs,
        partialOnDeadline: true,
        cancelled: () => Atomics.load(flags, CANCELLED) === 1,
      }),
    };
  } catch (err) {
    // A class does not survive the trip between threads: say it in the result instead.
    if (err instanceof RecoTimeoutError) return { timeout: true };
    if (err instanceof RecoCancelledError) return { cancelled: true };
    throw err;
  } finally {
    collectWhenIdle();
  }
}
