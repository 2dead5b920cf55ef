import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { EngineCard, Instance } from '@cardwise/contracts';
import { RecoCancelledError, RecoTimeoutError, recommend } from '@cardwise/reco';
import { CANCELLED, type EngineTask, type EngineTaskResult, markStarted } from './engine-task.ts';

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

const collect = exposeCollector();

/**
 * The shared card lists this worker holds (ADR 021), least recently used first. A list is one
 * tenant's catalogue as the server loaded it, under a key that changes whenever it is reloaded,
 * so a held list is never stale: an old one is only never named again, and falls out here.
 */
const held = new Map<string, EngineCard[]>();
const MAX_HELD = 16;

/** The task's instance with its full candidate list, or undefined when the worker lacks the shared list. */
export function fullInstance(task: Pick<EngineTask, 'instance' | 'shared'>): Instance | undefined {
  const { instance, shared } = task;
  if (!shared) return instance;
  const list = shared.cards ?? held.get(shared.key);
  if (!list) return undefined;
  held.delete(shared.key);
  held.set(shared.key, list);
  if (held.size > MAX_HELD) held.delete(held.keys().next().value as string);
  return { ...instance, cards: instance.cards.length ? [...list, ...instance.cards] : list };
}

/** Runs in a worker thread: the engine is CPU-bound and must not stall other requests. */
export default function runEngine(task: EngineTask): EngineTaskResult {
  const instance = fullInstance(task);
  // Before markStarted: the server resends at once, and the task has not begun its budget.
  if (!instance) return { needCards: true };
  markStarted(task);
  const flags = new Int32Array(task.flags);
  try {
    return {
      result: recommend(instance, {
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
    // Empty the young generation once the answer has gone, while almost nothing is live: about
    // a millisecond of idle time. Left to V8, the nursery fills in the middle of some request
    // and the scavenge copies that request's whole working set (its tableaux and bounds): one
    // request in three or four took 15–25 ms longer (ADR 013).
    if (collect) setImmediate(collect, { type: 'minor' });
  }
}
