import type { EngineResult, Instance } from '@cardwise/contracts';
import { RecoTimeoutError, recommend } from '@cardwise/reco';

export interface EngineTask {
  instance: Instance;
  /** The engine's own budget: past it, it answers with the sizes it has proven. */
  deadlineMs: number;
}

/** `timeout`: not even the best single card was proven within the budget. */
export type EngineTaskResult = { result: EngineResult } | { timeout: true };

/** Runs in a worker thread: the engine is CPU-bound and must not stall other requests. */
export default function runEngine(task: EngineTask): EngineTaskResult {
  try {
    return { result: recommend(task.instance, { deadlineMs: task.deadlineMs, partialOnDeadline: true }) };
  } catch (err) {
    // A class does not survive the trip between threads: say it in the result instead.
    if (err instanceof RecoTimeoutError) return { timeout: true };
    throw err;
  }
}
