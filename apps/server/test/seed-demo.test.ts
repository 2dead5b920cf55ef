import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { cards, catalogSource } from '../src/db/schema.ts';
import { runCatalogCli } from '../src/features/catalog/catalog-cli.ts';
import { catalogSourceRepository } from '../src/features/catalog/catalog-source.ts';
import { importCatalog } from '../src/features/catalog/import-catalog.ts';
import { DEMO_CATALOG_PATH, readDemoCatalog, seedDemoCatalog } from '../src/features/catalog/seed-demo.ts';
import {
  createTestDatabase,
  DB_KINDS,
  MINI_CATALOG,
  type TestDatabase,
  textSink,
  useTempDataDir,
} from './support/test-app.ts';

describe.each(DB_KINDS)('the demo catalogue at start-up on %s', (kind) => {
  let database: TestDatabase;
  let demoDigest: string;
  let demoWelcome: string | null;
  const logged: string[] = [];
  const log = (msg: string) => logged.push(msg);
  const welcomeOf = async (id: string) =>
    (await database.db.select({ w: cards.welcome_bonus }).from(cards).where(eq(cards.id, id)))[0]?.w;
  const setWelcome = (id: string, text: string) =>
    database.db.update(cards).set({ welcome_bonus: text }).where(eq(cards.id, id));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const demo = await readDemoCatalog();
    demoDigest = demo.digest;
    const mrcc = (
      JSON.parse(demo.text) as { cards: { id: string; welcome_bonus: string | null }[] }
    ).cards.find((c) => c.id === 'amex_mrcc');
    demoWelcome = mrcc?.welcome_bonus ?? null;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('seeds an empty database and records that its catalogue is the demo at this version', async () => {
    expect(await seedDemoCatalog(database.db, log)).toBe('seeded');
    const [row] = await database.db.select({ n: count() }).from(cards);
    expect(row?.n).toBe(80);
    expect(await catalogSourceRepository(database.db).read()).toEqual({ kind: 'demo', digest: demoDigest });
    expect(logged.pop()).toMatch(/^seeded the demo catalogue: 80 cards/);
    // The next start has nothing to do.
    expect(await seedDemoCatalog(database.db, log)).toBe('current');
  });

  it('brings a demo catalogue seeded from an older version to this one', async () => {
    // As a database seeded before a fix to a card's facts has it.
    await setWelcome('amex_mrcc', '4000 MR on joining fee + 15000 spend in first 90 days');
    await database.db.update(catalogSource).set({ digest: 'an older demo catalogue' });
    expect(await seedDemoCatalog(database.db, log)).toBe('updated');
    expect(await welcomeOf('amex_mrcc')).toBe(demoWelcome);
    expect(await catalogSourceRepository(database.db).read()).toEqual({ kind: 'demo', digest: demoDigest });
    expect(logged.pop()).toMatch(/^updated the demo catalogue to this version/);
  });

  it("never touches an operator's catalogue", async () => {
    const demo = JSON.parse((await readDemoCatalog()).text) as {
      cards: { id: string; welcome_bonus: string }[];
    };
    const mine = demo.cards.find((c) => c.id === 'amex_mrcc');
    if (mine) mine.welcome_bonus = 'Our negotiated welcome offer';
    const result = await importCatalog(database.db, demo, { kind: 'file', digest: 'the operator file' });
    expect(result.ok).toBe(true);
    expect(await seedDemoCatalog(database.db, log)).toBe('operator');
    expect(await welcomeOf('amex_mrcc')).toBe('Our negotiated welcome offer');
  });

  it('leaves a catalogue imported before its source was recorded as it is, and says how to refresh it', async () => {
    await database.db.delete(catalogSource);
    await setWelcome('amex_mrcc', 'an older text');
    expect(await seedDemoCatalog(database.db, log)).toBe('untracked');
    expect(await welcomeOf('amex_mrcc')).toBe('an older text');
    expect(logged.pop()).toContain('npm run catalog -- import apps/server/seed/demo-catalog.json');
  });

  it('refuses a second source row', async () => {
    await importCatalog(database.db, JSON.parse((await readDemoCatalog()).text), {
      kind: 'demo',
      digest: demoDigest,
    });
    await expect(
      database.db.insert(catalogSource).values({ id: 2, kind: 'demo', digest: 'x' }),
    ).rejects.toThrow();
    const [row] = await database.db.select({ n: count() }).from(catalogSource);
    expect(row?.n).toBe(1);
  });
});

describe.each(DB_KINDS)('a new demo version on %s', (kind) => {
  let database: TestDatabase;
  const logged: string[] = [];
  const activeOf = async (id: string) =>
    (await database.db.select({ a: cards.is_active }).from(cards).where(eq(cards.id, id)))[0]?.a;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('retires the cards the earlier demo listed and this one does not, and no other card', async () => {
    type File = { cards: { id: string; name: string }[] };
    const demo = JSON.parse((await readDemoCatalog()).text) as File;
    // An earlier demo version listed a card this one has dropped.
    const older = structuredClone(demo);
    const dropped = structuredClone(older.cards[0]) as File['cards'][number];
    dropped.id = 'discontinued_card';
    dropped.name = 'A card the bank discontinued';
    older.cards.push(dropped);
    expect((await importCatalog(database.db, older, { kind: 'demo', digest: 'an older demo' })).ok).toBe(
      true,
    );
    // A card that no demo version listed (imported without a source record) is never retired.
    const extra = structuredClone(demo);
    const own = structuredClone(extra.cards[1]) as File['cards'][number];
    own.id = 'own_card';
    extra.cards = [own];
    expect((await importCatalog(database.db, extra)).ok).toBe(true);

    expect(await seedDemoCatalog(database.db, (m) => logged.push(m))).toBe('updated');
    expect(logged.pop()).toContain('retired 1 it no longer lists (discontinued_card)');
    expect(await activeOf('discontinued_card')).toBe(false);
    expect(await activeOf('own_card')).toBe(true);
    expect(await activeOf(demo.cards[0]?.id ?? '')).toBe(true);
    // The next start has nothing to retire.
    expect(await seedDemoCatalog(database.db, (m) => logged.push(m))).toBe('current');
  });

  it("retires nothing when the catalogue was an operator's before", async () => {
    const demo = JSON.parse((await readDemoCatalog()).text) as unknown;
    expect((await importCatalog(database.db, demo, { kind: 'file', digest: 'mine' })).ok).toBe(true);
    const result = await importCatalog(
      database.db,
      { ...(demo as object), cards: [] },
      {
        kind: 'demo',
        digest: 'a demo with no cards',
      },
    );
    expect(result.ok && result.retired).toEqual([]);
  });
});

describe('catalog import records where the catalogue came from', () => {
  const dataDir = useTempDataDir('cardwise-source-');
  const out = textSink();
  const err = textSink();
  const sourceOnDisk = async () => {
    const database = await openDatabase({ dataDir: dataDir() });
    try {
      return await catalogSourceRepository(database.db).read();
    } finally {
      await database.close();
    }
  };

  it("marks another file as the operator's, and the demo file as the demo again", async () => {
    const mine = join(dataDir(), 'mine.json');
    writeFileSync(mine, JSON.stringify(MINI_CATALOG));
    expect(await runCatalogCli(['import', mine], out, err)).toBe(0);
    expect(out.text).toContain('start-up will leave this catalogue as it is');
    expect((await sourceOnDisk())?.kind).toBe('file');

    out.text = '';
    expect(await runCatalogCli(['import', DEMO_CATALOG_PATH], out, err)).toBe(0);
    expect(out.text).toContain('this is the demo catalogue');
    expect(await sourceOnDisk()).toEqual({ kind: 'demo', digest: (await readDemoCatalog()).digest });
  }, 60_000);
});
