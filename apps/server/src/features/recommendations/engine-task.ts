import type { EngineResult, Instance } from '@cardwise/contracts';

/**
 * What the server and an engine worker exchange. Its own module, so the server (and a test's
 * stand-in worker) can use it without loading the engine or the worker's set-up.
 */
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
