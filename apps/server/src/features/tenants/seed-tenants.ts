import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banks, tenantBanks, tenants, themes } from '../../db/schema.ts';
import { OWN_BRAND, TENANT_SEEDS } from './tenant-seed.ts';
import { THEMES } from './themes.ts';

/** Themes, the product's own brand and the demo tenants; safe to run again (upserts). */
export async function seedTenants(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const t of THEMES) {
      await tx
        .insert(themes)
        .values({
          name: t.name,
          description: t.description,
          primary_color: t.primaryColor,
          light: t.light,
          dark: t.dark,
        })
        .onConflictDoUpdate({
          target: themes.name,
          set: { description: t.description, primary_color: t.primaryColor, light: t.light, dark: t.dark },
        });
    }
    await tx
      .insert(banks)
      .values({
        code: OWN_BRAND.code,
        name: OWN_BRAND.name,
        primary_color: OWN_BRAND.primaryColor,
        description: OWN_BRAND.description,
      })
      .onConflictDoNothing();
    for (const seed of TENANT_SEEDS) {
      const { bank_codes, ...row } = seed;
      await tx
        .insert(tenants)
        .values(row)
        .onConflictDoUpdate({ target: tenants.id, set: { ...row, updated_at: sql`now()` } });
      if (bank_codes) {
        // Only banks the catalogue has: a partner list naming an unknown bank must not break a start.
        const known = await tx
          .select({ code: banks.code })
          .from(banks)
          .where(inArray(banks.code, bank_codes));
        const knownSet = new Set(known.map((k) => k.code));
        const rows = bank_codes
          .filter((c) => knownSet.has(c))
          .map((code, position) => ({ tenant_id: seed.id, bank_code: code, position }));
        if (rows.length) await tx.insert(tenantBanks).values(rows).onConflictDoNothing();
      }
    }
  });
}
