import type { EngineResult, Instance } from '@cardwise/contracts';
import { RecoCancelledError, RecoTimeoutError, recommend } from '@cardwise/reco';

export interface EngineTask {
  instance: Instance;
  /** The engine's own budget: past it, it answers with the sizes it has proven. */
  deadlineMs: number;
  /** One Int32 the server sets to 1 when the client has gone away (shared, not copied). */
  cancel: SharedArrayBuffer;
}

/**
 * `timeout`: not even the best single card was proven within the budget.
 * `cancelled`: the server said the client had gone away; the thread is free again at once.
 */
export type EngineTaskResult = { result: EngineResult } | { timeout: true } | { cancelled: true };

/** Runs in a worker thread: the engine is CPU-bound and must not stall other requests. */
export default function runEngine(task: EngineTask): EngineTaskResult {
  const flag = new Int32Array(task.cancel);
  try {
    return {
      result: recommend(task.instance, {
        deadlineMs: task.deadlineMs,
        partialOnDeadline: true,
        cancelled: () => Atomics.load(flag, 0) === 1,
      }),
    };
  } catch (err) {
    // A class does not survive the trip between threads: say it in the result instead.
    if (err instanceof RecoTimeoutError) return { timeout: true };
    if (err instanceof RecoCancelledError) return { cancelled: true };
    throw err;
  }
}
