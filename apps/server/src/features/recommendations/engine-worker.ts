import type { EngineResult, Instance } from '@cardwise/contracts';
import { RecoCancelledError, RecoTimeoutError, recommend } from '@cardwise/reco';

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
  }
}
