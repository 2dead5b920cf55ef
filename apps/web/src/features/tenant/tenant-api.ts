import type { TenantConfig } from '@cardwise/contracts';
import { apiRequestUnchecked, isRecord } from '../../lib/api-client.ts';

/** Enough of the shape that the shell can read branding, themes and banks without crashing. */
export function isTenantConfig(data: unknown): boolean {
  return (
    isRecord(data) &&
    isRecord(data.branding) &&
    isRecord(data.theme) &&
    isRecord(data.theme.light) &&
    isRecord(data.theme.dark) &&
    Array.isArray(data.themes) &&
    Array.isArray(data.banks)
  );
}

/** GET /api/tenant, without zod: it is on every page's first render (see apiRequestUnchecked). */
export function fetchTenantConfig(): Promise<TenantConfig> {
  return apiRequestUnchecked<TenantConfig>('tenant/', isTenantConfig);
}
