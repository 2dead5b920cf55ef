import type { EngineResult, Instance } from '@cardwise/contracts';
import { recommend } from '@cardwise/reco';

/** Runs in a worker thread: the engine is CPU-bound and must not stall other requests. */
export default function runEngine(instance: Instance): EngineResult {
  return recommend(instance);
}
