import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../src/db/schema.ts';
import { importCatalog } from '../src/features/catalog/import-catalog.ts';
import { createTestDatabase, DB_KINDS, MINI_CATALOG, type TestDatabase } from './support/test-app.ts';

type Json = Record<string, unknown> & { cards: Record<string, unknown>[]; banks: Record<string, unknown>[] };

/**
 * A catalogue's links are opened by the web app itself (the apply link through `window.open` and
 * `location.href`) or shown as links: only http and https may pass. `z.string().url()` took any
 * scheme, `javascript:` and `data:` included (found by a security review).
 */
describe.each(DB_KINDS)('catalogue link schemes on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('refuses javascript:, data: and other non-web links, naming each, and writes nothing', async () => {
    const bad = structuredClone(MINI_CATALOG) as Json;
    (bad.cards[0] as Record<string, unknown>).apply_url = 'javascript:alert(document.domain)';
    (bad.cards[1] as Record<string, unknown>).affiliated_url = 'data:text/html,<script>alert(1)</script>';
    (bad.cards[2] as Record<string, unknown>).bank_page_url = 'JavaScript://x.com/%0aalert(1)';
    (bad.cards[3] as Record<string, unknown>).know_more_urls = ['vbscript:msgbox(1)'];
    (bad.cards[3] as Record<string, unknown>).sources = ['file:///etc/passwd'];
    (bad.banks[0] as Record<string, unknown>).website = 'javascript:alert(1)';
    const result = await importCatalog(database.db, bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        'cards[0].apply_url',
        'cards[1].affiliated_url',
        'cards[2].bank_page_url',
        'cards[3].know_more_urls[0]',
        'cards[3].sources[0]',
        'banks[0].website',
      ]),
    );
    const [c] = await database.db.select({ n: count() }).from(cards);
    expect(c?.n).toBe(0);
  });

  it('still takes http and https links', async () => {
    const ok = structuredClone(MINI_CATALOG) as Json;
    (ok.cards[0] as Record<string, unknown>).apply_url = 'http://bank.example.in/apply?card=1';
    (ok.cards[1] as Record<string, unknown>).affiliated_url = 'HTTPS://AFFILIATE.EXAMPLE.COM/x';
    const result = await importCatalog(database.db, ok);
    expect(result.ok).toBe(true);
  });
});
