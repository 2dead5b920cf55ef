import { text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './schema.ts';

/** Column builders every feature's tables share. */

/** A timestamp with time zone. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** The owning tenant: every tenant-owned row carries it (sharding key; ADR 003), gone with the tenant. */
export const tenantId = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
