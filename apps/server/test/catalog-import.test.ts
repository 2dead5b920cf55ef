import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { banks, cards, cardTags, categories } from '../src/db/schema.ts';
import { runCatalogCli } from '../src/features/catalog/catalog-cli.ts';
import { exportCatalog } from '../src/features/catalog/export-catalog.ts';
import { importCatalog } from '../src/features/catalog/import-catalog.ts';
import {
  createTestDatabase,
  DB_KINDS,
  MINI_CATALOG,
  type TestDatabase,
  textSink,
  useTempDataDir,
} from './support/test-app.ts';

type Json = Record<string, unknown> & { cards: Record<string, unknown>[] };
const mini = () => structuredClone(MINI_CATALOG) as Json;

describe.each(DB_KINDS)('catalogue import on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const counts = async () => {
    const db = database.db;
    const [c] = await db.select({ n: count() }).from(cards);
    const [b] = await db.select({ n: count() }).from(banks);
    const [k] = await db.select({ n: count() }).from(categories);
    const [t] = await db.select({ n: count() }).from(cardTags);
    return { cards: c?.n, banks: b?.n, categories: k?.n, links: t?.n };
  };

  it('rejects a malformed file with the JSON path of every problem, and writes nothing', async () => {
    const bad = mini();
    (bad.cards[0] as Record<string, unknown>).annual_fee = -5;
    (bad.cards[1] as Record<string, unknown>).rules = [{ conditions: { category: ['Dining'] }, rate: 0.05 }];
    (bad.cards[2] as Record<string, unknown>).sources = [];
    (bad.cards[3] as Record<string, unknown>).rules = [
      { conditions: {}, rate: 0.02, cap_groups: ['missing'] },
    ];
    const result = await importCatalog(database.db, bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.errors.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'cards[0].annual_fee',
        'cards[1].rules[0].conditions.category[0]',
        'cards[2].sources',
        'cards[3].rules[0].cap_groups[0]',
      ]),
    );
    expect(await counts()).toEqual({ cards: 0, banks: 0, categories: 0, links: 0 });
  });

  it('rejects unknown bank and tag references and duplicate ids, writing nothing', async () => {
    const bad = mini();
    (bad.cards[0] as Record<string, unknown>).bank = 'nobank';
    (bad.cards[1] as Record<string, unknown>).tags = ['featured', 'nonsense'];
    const r1 = await importCatalog(database.db, bad);
    expect(r1.ok).toBe(false);
    if (!r1.ok) {
      expect(r1.errors).toEqual(
        expect.arrayContaining([
          { path: 'cards[0].bank', message: "unknown bank 'nobank'" },
          { path: 'cards[1].tags[1]', message: "unknown tag 'nonsense'" },
        ]),
      );
    }
    const dup = mini();
    dup.cards.push({ ...(dup.cards[0] as object) });
    const r2 = await importCatalog(database.db, dup);
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.errors[0]?.path).toBe('cards[5].id');
    expect(await counts()).toEqual({ cards: 0, banks: 0, categories: 0, links: 0 });
  });

  it('rejects input that is not a catalogue at all', async () => {
    for (const input of [null, 42, 'cards', [], { cards: 'no' }, { cards: [], extra: true }]) {
      const r = await importCatalog(database.db, input);
      expect(r.ok).toBe(false);
    }
  });

  describe('with a valid file', () => {
    beforeEach(async () => {
      const r = await importCatalog(database.db, mini());
      expect(r).toEqual({ ok: true, counts: { banks: 3, tags: 4, categories: 10, cards: 5 }, retired: [] });
    });

    it('is idempotent: importing again changes no counts', async () => {
      const before = await counts();
      const again = await importCatalog(database.db, mini());
      expect(again.ok).toBe(true);
      expect(await counts()).toEqual(before);
      expect(before).toEqual({ cards: 5, banks: 3, categories: 10, links: 6 });
    });

    it('upserts by id: a changed card is updated in place, its tags replaced', async () => {
      const changed = mini();
      Object.assign(changed.cards[0] as object, { annual_fee: 750, tags: ['featured'] });
      expect((await importCatalog(database.db, changed)).ok).toBe(true);
      const exported = await exportCatalog(database.db);
      const card = exported.cards.find((c) => c.id === 'hdfc_swiggy');
      expect(card?.annual_fee).toBe(750);
      expect(card?.tags).toEqual(['featured']);
      expect((await counts()).cards).toBe(5);
    });

    it('refuses repeated bank codes, tag slugs and category ids, deep categories, unknown card keys and unstorable text, at their JSON paths, changing nothing', async () => {
      const before = await exportCatalog(database.db);
      type Bad = Json & { banks: Record<string, unknown>[]; tags: Record<string, unknown>[] };
      type Node = { id: string; slug: string; name: string; children?: Node[] };
      const cases: [string, (f: Bad & { categories: Node[] }) => void, string, RegExp][] = [
        [
          'repeated bank',
          (f) => f.banks.push({ ...f.banks[0], name: 'Renamed' }),
          'banks[3].code',
          /duplicate bank code 'hdfc' \(also at banks\[0\]\)/,
        ],
        [
          'repeated tag',
          (f) => f.tags.push({ ...f.tags[0], name: 'Renamed' }),
          'tags[4].slug',
          /duplicate tag slug/,
        ],
        [
          'repeated category',
          (f) => {
            const fuel = f.categories[1]?.children?.[0];
            if (fuel) fuel.id = 'online';
          },
          'categories[1].children[0].id',
          /duplicate category id 'online' \(also at categories\[0\]\)/,
        ],
        [
          'too deep',
          (f) => {
            let node = f.categories[0] as Node;
            while (node.children?.[0]) node = node.children[0];
            node.children = [{ id: 'seventh', slug: 'seventh', name: 'Seventh' }];
          },
          'categories[0].children[0].children[0].children[0].children[0].children[0].children[0]',
          /deeper than 6 levels/,
        ],
        [
          'misspelt card field',
          (f) => Object.assign(f.cards[1] as object, { fee_waiver_anual_spend: 1 }),
          'cards[1]',
          /fee_waiver_anual_spend/,
        ],
        [
          'rule on a misspelt slug',
          (f) =>
            ((f.cards[0] as { rules: { conditions: object }[] }).rules[1] = {
              conditions: { platform_name: ['swigy'] },
              rate: 0.1,
            } as never),
          'cards[0].rules[1].conditions.platform_name[0]',
          /no platform name in the category tree is 'swigy'/,
        ],
        [
          'rule on a slug of another level',
          (f) =>
            ((f.cards[1] as { rules: { conditions: object }[] }).rules[0] = {
              conditions: { category: ['online'] },
              rate: 0.05,
            } as never),
          'cards[1].rules[0].conditions.category[0]',
          /no category in the category tree is 'online', so this rule could never match/,
        ],
        [
          'NUL in a name',
          (f) => Object.assign(f.cards[2] as object, { name: 'Bad\u0000Name' }),
          'cards[2].name',
          /NUL/,
        ],
      ];
      for (const [what, change, path, message] of cases) {
        const bad = mini() as Bad & { categories: Node[] };
        change(bad);
        const result = await importCatalog(database.db, bad);
        expect(result.ok, what).toBe(false);
        if (result.ok) continue;
        expect(result.errors, what).toContainEqual({ path, message: expect.stringMatching(message) });
      }
      expect(await exportCatalog(database.db)).toEqual(before);
    });

    it('an update of some cards keeps every card in its place; new cards follow the last; a whole file sets the order', async () => {
      const order = async () => (await exportCatalog(database.db)).cards.map((c) => c.id);
      const before = await order();
      const full = mini();
      const [first, , third] = full.cards as Record<string, unknown>[];
      // The file names two cards (one of them the last) and the taxonomy is only in the database.
      const update = { cards: [{ ...full.cards[4], name: 'Renamed' }, { ...third }] };
      expect((await importCatalog(database.db, update)).ok).toBe(true);
      expect(await order()).toEqual(before);
      const added = { cards: [{ ...first, id: 'brand_new', name: 'Brand New' }] };
      expect((await importCatalog(database.db, added)).ok).toBe(true);
      expect(await order()).toEqual([...before, 'brand_new']);
      const reordered = await exportCatalog(database.db);
      reordered.cards.reverse();
      expect((await importCatalog(database.db, reordered)).ok).toBe(true);
      expect(await order()).toEqual(reordered.cards.map((c) => c.id));
      // Back to the fixture's five cards for the tests that follow.
      await database.db.delete(cards).where(eq(cards.id, 'brand_new'));
      expect((await importCatalog(database.db, mini())).ok).toBe(true);
    });

    it('keeps "no affiliate link" (null) apart from "not applied for on the bank site" (false)', async () => {
      const changed = mini();
      Object.assign(changed.cards[1] as object, { affiliated_url: null });
      Object.assign(changed.cards[2] as object, { affiliated_url: false });
      expect((await importCatalog(database.db, changed)).ok).toBe(true);
      const byId = new Map((await exportCatalog(database.db)).cards.map((c) => [c.id, c.affiliated_url]));
      expect(byId.get((changed.cards[1] as { id: string }).id)).toBeNull();
      expect(byId.get((changed.cards[2] as { id: string }).id)).toBe(false);
      // Left out, it means false, as it always has.
      expect(byId.get('hdfc_ltf')).toBe(false);
    });

    it('exports what it imported: export → import → export is a fixed point', async () => {
      const first = await exportCatalog(database.db);
      expect(first.cards).toHaveLength(5);
      expect((await importCatalog(database.db, first)).ok).toBe(true);
      const second = await exportCatalog(database.db);
      expect(second).toEqual(first);
    });
  });
});

describe('catalog CLI', () => {
  const dataDir = useTempDataDir('cardwise-cli-');
  const out = textSink();
  const err = textSink();
  beforeEach(() => {
    out.text = '';
    err.text = '';
  });
  const run = (args: string[]) => runCatalogCli(args, out, err);

  it('prints usage for an unknown command', async () => {
    expect(await run(['frobnicate'])).toBe(2);
    expect(err.text).toContain('usage:');
  });

  it('prints its usage on --help, and refuses arguments it would ignore', async () => {
    expect(await run(['--help'])).toBe(0);
    expect(out.text).toContain('usage:');
    const good = join(dataDir(), 'extra.json');
    writeFileSync(good, JSON.stringify(MINI_CATALOG));
    // Used to import the first file only and report success.
    expect(await run(['import', good, good])).toBe(2);
    expect(err.text).toContain(`unexpected argument ${good}`);
    expect(out.text).not.toContain('imported');
  });

  it('reports unreadable files and bad JSON with exit 1', async () => {
    expect(await run(['import', join(dataDir(), 'missing.json')])).toBe(1);
    expect(err.text).toContain('cannot read');
    const bad = join(dataDir(), 'bad.json');
    writeFileSync(bad, '{"cards": [');
    expect(await run(['import', bad])).toBe(1);
    expect(err.text).toContain('is not valid JSON');
  });

  it('imports, rejects a malformed file listing paths, and exports', async () => {
    const good = join(dataDir(), 'good.json');
    writeFileSync(good, JSON.stringify(MINI_CATALOG));
    expect(await run(['import', good])).toBe(0);
    expect(out.text).toContain('imported 5 cards, 3 banks, 4 tags, 10 categories');

    const broken = mini();
    (broken.cards[4] as Record<string, unknown>).fee_frequency = 'WEEKLY';
    const badFile = join(dataDir(), 'broken.json');
    writeFileSync(badFile, JSON.stringify(broken));
    expect(await run(['import', badFile])).toBe(1);
    expect(err.text).toContain('nothing was written');
    expect(err.text).toContain('cards[4].fee_frequency: must be one of');
    // The server's words (contracts' readableIssue), also where no app has set zod's config.
    expect(err.text).not.toMatch(/Invalid (option|input)/);

    const exportFile = join(dataDir(), 'export.json');
    expect(await run(['export', exportFile])).toBe(0);
    const exported = JSON.parse(readFileSync(exportFile, 'utf8'));
    expect(exported.cards.map((c: { id: string }) => c.id)).toContain('hdfc_swiggy');
    expect(exported.cards.find((c: { id: string }) => c.id === 'hdfc_ltf').fee_frequency).toBe(
      'LIFETIME_FREE',
    );
  });
  it('run as a process, exports a catalogue over 64 KiB through a pipe whole', async () => {
    const demo = new URL('../seed/demo-catalog.json', import.meta.url).pathname;
    expect(await run(['import', demo])).toBe(0);
    const cli = new URL('../src/features/catalog/catalog-cli.ts', import.meta.url).pathname;
    // The process used to exit before the pipe had taken the output: 65,536 bytes of JSON.
    const r = spawnSync('npx', ['tsx', cli, 'export'], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir() },
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(r.status).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(65536);
    expect(JSON.parse(r.stdout).cards.length).toBeGreaterThanOrEqual(80);
  }, 60_000);
});
