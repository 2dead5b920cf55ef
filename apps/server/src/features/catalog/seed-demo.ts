import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cards } from '../../db/schema.ts';
import { describeFieldErrors } from '../../plumbing/errors.ts';
import { seedTenants } from '../tenants/seed-tenants.ts';
import { importCatalog } from './import-catalog.ts';

export const DEMO_CATALOG_PATH = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../seed/demo-catalog.json',
);

/**
 * On an empty database: the demo catalogue, through the same import an operator uses,
 * then themes and tenants (whose bank lists refer to the catalogue's banks).
 */
export async function seedIfEmpty(db: Db, log: (msg: string) => void = () => {}): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(cards);
  if ((row?.n ?? 0) > 0) {
    await seedTenants(db);
    return false;
  }
  const file = JSON.parse(await readFile(DEMO_CATALOG_PATH, 'utf8')) as unknown;
  const result = await importCatalog(db, file);
  if (!result.ok) throw new Error(describeFieldErrors('The demo catalogue is invalid', result.errors));
  await seedTenants(db);
  log(`seeded the demo catalogue: ${result.counts.cards} cards, ${result.counts.categories} categories`);
  return true;
}
