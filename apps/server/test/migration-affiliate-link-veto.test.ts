import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../src/db/schema.ts';
import { importCatalog } from '../src/features/catalog/import-catalog.ts';
import { createTestDatabase, DB_KINDS, MINI_CATALOG, type TestDatabase } from './support/test-app.ts';

const MIGRATION = join(import.meta.dirname, '../migrations/0009_affiliate-link-veto.sql');

describe.each(DB_KINDS)('migration 0009 (cards.bank_site_closed) on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const result = await importCatalog(database.db, structuredClone(MINI_CATALOG));
    expect(result.ok).toBe(true);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('keeps a card stored without an affiliate link as false (vetoed), as it was read before', async () => {
    // The database as it was before 0009: no column, and "false" stored as a null link.
    await database.db.execute(sql.raw('ALTER TABLE "cards" DROP COLUMN "bank_site_closed"'));
    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      await database.db.execute(sql.raw(statement));
    }
    const rows = await database.db
      .select({ id: cards.id, link: cards.affiliated_url, closed: cards.bank_site_closed })
      .from(cards);
    const closed = Object.fromEntries(rows.map((r) => [r.id, r.closed]));
    // hdfc_swiggy has an affiliate link; the fixture's other cards have none, which meant false.
    expect(closed).toEqual({
      hdfc_swiggy: false,
      sbi_cashback: true,
      axis_ace: true,
      axis_premium: true,
      hdfc_ltf: true,
    });
  });
});
