import {
  CONDITION_FIELDS,
  type EngineCard,
  type EngineEntry,
  engineEntrySchema,
  type Instance,
} from '@cardwise/contracts';
import type { EnginePool, SharedCards } from './engine-pool.ts';

/**
 * A spending list that touches what the catalogue's rules name: one entry per distinct
 * condition value (up to `size`), so a run walks matching, caps, exclusions and thresholds
 * on the real cards.
 */
export function warmUpInstance(cards: EngineCard[], size = 20, desiredCardCount = 3): Instance {
  const entries: EngineEntry[] = [];
  const seen = new Set<string>();
  for (const card of cards) {
    for (const rule of card.rules) {
      for (const field of CONDITION_FIELDS) {
        const value = rule.conditions[field]?.[0];
        if (value === undefined || seen.has(`${field}:${value}`) || entries.length >= size) continue;
        seen.add(`${field}:${value}`);
        // The contract's defaults fill every other field (null, MONTHLY).
        entries.push(
          engineEntrySchema.parse({
            id: `w${entries.length}`,
            amount: 1000 + 750 * (entries.length % 8),
            [field]: value,
          }),
        );
      }
    }
  }
  return { cards, entries, ownedCards: [], compareCards: [], excludeCards: [], desiredCardCount };
}

/**
 * Runs the engine on the catalogue a few times when the server starts listening, so the
 * first users do not pay for the JIT compiling the engine in each worker (a cold run is
 * several times slower than a warm one). The cards go as a shared list (ADR 021), so each
 * worker also holds the default site's list before its first request. Failures only cost the
 * warm-up.
 */
export async function warmUpEngine(engine: EnginePool, list: SharedCards, runs: number): Promise<void> {
  if (runs <= 0 || list.cards.length === 0) return;
  const instance = warmUpInstance(list.cards);
  if (instance.entries.length === 0) return;
  for (let i = 0; i < runs; i++) {
    await engine.run({ ...instance, desiredCardCount: i % 4 === 3 ? 5 : 3 }, undefined, list);
  }
}
