import type { EngineCard, EngineResult, Instance } from '@cardwise/contracts';

/**
 * What the server and an engine worker exchange. Its own module, so the server (and a test's
 * stand-in worker) can use it without loading the engine or the worker's set-up.
 */
export interface EngineTask {
  /** With `shared`, its `cards` are only those not in the shared list (a held card of another bank). */
  instance: Instance;
  /**
   * A card list the worker keeps between tasks (a tenant's catalogue as loaded; ADR 021): the
   * candidates are its cards, then the instance's. `cards` is sent only once the worker has said
   * it lacks `key`, so a request does not copy the whole catalogue to the worker.
   */
  shared?: { key: string; cards?: EngineCard[] };
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
 * `needCards`: this worker does not hold the shared list the task names: send it again with it.
 */
export type EngineTaskResult =
  | { result: EngineResult }
  | { timeout: true }
  | { cancelled: true }
  | { needCards: true };
