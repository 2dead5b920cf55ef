import { availableParallelism } from 'node:os';
import type { EngineResult, Instance } from '@cardwise/contracts';
import { Piscina } from 'piscina';
import { HttpError } from '../../plumbing/errors.ts';

export interface EnginePool {
  run(instance: Instance): Promise<EngineResult>;
  /** Worker threads alive now. */
  workers(): number;
  close(): Promise<void>;
}

/**
 * The engine runs in worker threads with a deadline. Past it the worker is stopped and the
 * caller gets 503: we never answer with a combination that is not the proven optimum.
 */
export function enginePool(opts: {
  timeoutMs: number;
  threads?: number | undefined;
  workerUrl?: URL;
}): EnginePool {
  const threads = opts.threads ?? Math.max(1, availableParallelism() - 1);
  const pool = new Piscina({
    filename: (opts.workerUrl ?? new URL('./engine-worker.ts', import.meta.url)).href,
    // Workers load the TypeScript engine the same way the server does (ADR 005).
    execArgv: ['--import', 'tsx'],
    // Every worker starts with the server and lives as long as it: the warm-up (ADR 008) is
    // per worker, and a worker stopped when idle would come back cold, several times slower
    // for the first requests of the next busy minute.
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  return {
    async run(instance) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
      try {
        return (await pool.run(instance, { signal: controller.signal })) as EngineResult;
      } catch (err) {
        if (controller.signal.aborted) {
          throw new HttpError(
            503,
            `Finding the exact best combination took longer than ${Math.round(opts.timeoutMs / 1000)} s. ` +
              'Try asking for fewer cards, or narrow the cards to compare.',
            'recommendation_timeout',
          );
        }
        throw err;
      } finally {
        clearTimeout(timer);
      }
    },
    workers: () => pool.threads.length,
    close: () => pool.destroy(),
  };
}
