import { type TenantConfig, tenantConfigSchema } from '@cardwise/contracts';
import { apiRequest } from '../../lib/api-client.ts';

export function fetchTenantConfig(): Promise<TenantConfig> {
  return apiRequest('tenant/', tenantConfigSchema);
}
