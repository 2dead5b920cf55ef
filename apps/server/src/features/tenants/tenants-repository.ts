import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banks, tenantBanks, tenants, themes } from '../../db/schema.ts';

export type TenantRow = typeof tenants.$inferSelect;

export function tenantsRepository(db: Db) {
  return {
    async list(): Promise<TenantRow[]> {
      return db.select().from(tenants).orderBy(asc(tenants.id));
    },
    async findById(id: string): Promise<TenantRow | undefined> {
      const rows = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
      return rows[0];
    },
    /** The tenant's bank list in its order; empty means "every bank of the catalogue". */
    async bankCodes(tenantId: string): Promise<string[]> {
      const rows = await db
        .select({ code: tenantBanks.bank_code })
        .from(tenantBanks)
        .where(eq(tenantBanks.tenant_id, tenantId))
        .orderBy(asc(tenantBanks.position));
      return rows.map((r) => r.code);
    },
    /** By name as a person reads a list: "American Express" before "AU Small Finance Bank". */
    async allBanks() {
      return db.select().from(banks).orderBy(sql`lower(${banks.name})`, asc(banks.name));
    },
    async allThemes() {
      return db.select().from(themes);
    },
  };
}
export type TenantsRepository = ReturnType<typeof tenantsRepository>;
