import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cards } from '../../db/schema.ts';
import { describeFieldErrors } from '../../plumbing/errors.ts';
import { seedTenants } from '../tenants/seed-tenants.ts';
import { catalogSourceRepository, digestOf } from './catalog-source.ts';
import { importCatalog } from './import-catalog.ts';

export const DEMO_CATALOG_PATH = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../seed/demo-catalog.json',
);

/** The demo catalogue's text and digest (what `catalog import` compares a file with). */
export async function readDemoCatalog(): Promise<{ text: string; digest: string }> {
  const text = await readFile(DEMO_CATALOG_PATH, 'utf8');
  return { text, digest: digestOf(text) };
}

export type DemoSeedOutcome = 'seeded' | 'updated' | 'current' | 'operator' | 'untracked';

/**
 * At start, through the same import an operator uses, then themes and tenants (whose bank lists
 * refer to the catalogue's banks):
 * - an empty database gets the demo catalogue;
 * - a database whose catalogue is the demo catalogue at another version gets the shipped one, so a
 *   fix to a card's facts reaches databases seeded before it (the import upserts by id, and the
 *   cards the earlier version listed and this one does not are retired);
 * - an operator's catalogue (`npm run catalog -- import <file>`) is never touched;
 * - a catalogue imported before its source was recorded is left as it is, with a hint: it may be an
 *   operator's, and start-up must not overwrite one.
 */
export async function seedDemoCatalog(
  db: Db,
  log: (msg: string) => void = () => {},
): Promise<DemoSeedOutcome> {
  const outcome = await seedOrUpdate(db, log);
  await seedTenants(db);
  return outcome;
}

async function seedOrUpdate(db: Db, log: (msg: string) => void): Promise<DemoSeedOutcome> {
  const [row] = await db.select({ n: count() }).from(cards);
  const empty = (row?.n ?? 0) === 0;
  const source = empty ? null : await catalogSourceRepository(db).read();
  if (!empty && source === null) {
    log(
      'the catalogue was imported before its source was recorded, so start-up leaves it as it is; if it is the demo catalogue, `npm run catalog -- import apps/server/seed/demo-catalog.json` brings it to this version and keeps it there',
    );
    return 'untracked';
  }
  if (source?.kind === 'file') return 'operator';
  const demo = await readDemoCatalog();
  if (source?.digest === demo.digest) return 'current';
  const result = await importCatalog(db, JSON.parse(demo.text) as unknown, {
    kind: 'demo',
    digest: demo.digest,
  });
  if (!result.ok) throw new Error(describeFieldErrors('The demo catalogue is invalid', result.errors));
  const gone = result.retired.length
    ? `; retired ${result.retired.length} it no longer lists (${result.retired.join(', ')})`
    : '';
  const what = `${result.counts.cards} cards, ${result.counts.categories} categories${gone}`;
  log(empty ? `seeded the demo catalogue: ${what}` : `updated the demo catalogue to this version: ${what}`);
  return empty ? 'seeded' : 'updated';
}
