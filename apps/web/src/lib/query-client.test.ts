import { describe, expect, it } from 'vitest';
import { httpError, networkError } from './api-errors.ts';
import { createQueryClient, STALE_TIME_MS, shouldRetry } from './query-client.ts';

describe('query client (spec §9)', () => {
  it('keeps answers fresh for 5 minutes and does not refetch on focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(STALE_TIME_MS).toBe(300_000);
    expect(defaults?.staleTime).toBe(300_000);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });

  it('retries a failed fetch once, but not a 4xx answer', () => {
    expect(shouldRetry(0, networkError())).toBe(true);
    expect(shouldRetry(1, networkError())).toBe(false);
    expect(shouldRetry(0, httpError(503, '', ''))).toBe(true);
    expect(shouldRetry(0, httpError(404, '', '{"detail":"x"}'))).toBe(false);
  });
});
