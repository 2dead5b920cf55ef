import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';

/**
 * The real server (fresh database, seeded demo catalogue) serving the production
 * build, driven by Debian's chromium: browse → filter by tag → card detail →
 * outdated link → not found, then accessibility and screenshots.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';

const journey = setUpJourney();
const { pageErrors } = journey;
let page: Page;

interface ListAnswer {
  count: number;
  results: { id: string; name: string }[];
}

beforeAll(async () => {
  page = await journey.newPage({ width: 1280, height: 900 });
});

describe('card browsing journey', () => {
  it('browses, filters by tag, opens a card, follows an outdated link and reaches not found', async () => {
    const all = await api<ListAnswer>(journey.server.url, 'cards/?page_size=1');
    const tagged = await api<ListAnswer>(journey.server.url, 'cards/?tag=high_approval_rate&page_size=100');
    expect(tagged.count).toBeGreaterThan(0);
    expect(tagged.count).toBeLessThan(all.count);

    // Home: the spec's title and meta tags, then on to the cards.
    await page.goto(`${journey.server.url}/`);
    expect(await page.title()).toBe('Best Credit Card Comparison in India');
    expect(await page.getAttribute('meta[property="og:title"]', 'content')).toBe(
      'Best Credit Card Comparison in India',
    );
    await page.getByRole('link', { name: 'Explore All Cards' }).click();
    await page.waitForURL('**/cards');
    await page.getByRole('heading', { name: new RegExp(`of ${all.count} cards$`) }).waitFor();

    // Filter by tag: the URL carries it and the list shrinks to the tagged cards.
    await page.getByRole('button', { name: 'High approval rate' }).click();
    await page.waitForURL('**/cards?tag=high_approval_rate');
    await page.getByRole('heading', { name: new RegExp(`of ${tagged.count} cards?$`) }).waitFor();
    // The same line is said to screen readers, the heading not being a live region.
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: `of ${tagged.count} card` })
          .count(),
      )
      .toBe(1);
    const titles = await page.locator('article h3').allTextContents();
    expect(titles.length).toBe(Math.min(12, tagged.count));
    expect(titles).toEqual(tagged.results.slice(0, titles.length).map((c) => c.name));

    // Card detail through the banner (the whole banner is a link to /card/{id}).
    const first = tagged.results[0]!;
    await page.locator('article').first().locator(`a[href="/card/${first.id}"]`).first().click();
    await page.waitForURL(`**/card/${first.id}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(first.name);
    expect(await page.title()).toBe(`${first.name} | Cardwise`);
    await page.getByRole('heading', { name: 'Where these facts come from' }).waitFor();
    await page.getByText('Annual fee (incl. 18% GST)').waitFor();
    expect(await page.getByText(/^Facts as of/).count()).toBe(1);

    // A card the research could not source or date says so in words a cardholder reads.
    await page.goto(`${journey.server.url}/card/hdfc_marriott_bonvoy`);
    await page.getByRole('heading', { name: 'Some facts are not confirmed' }).waitFor();
    await page.getByText('These facts are undated.', { exact: false }).waitFor();
    const caveats = await page
      .getByRole('complementary', { name: 'Some facts are not confirmed' })
      .innerText();
    expect(caveats).toContain('Not confirmed: Sources: We found no source for these facts');
    expect(caveats).not.toMatch(/cards\.csv|from memory/);

    // An outdated application link lands on /cards with the notice.
    await page.goto(`${journey.server.url}/apply/hdfc/personal/123`);
    await page.waitForURL('**/cards');
    await page.getByText('Outdated Link').waitFor();
    await page
      .getByText('This application link is outdated. Please start a new application from the cards page.')
      .waitFor();
    await page.getByRole('button', { name: 'Browse Cards' }).click();
    await expect.poll(() => page.getByText('Outdated Link').count()).toBe(0);

    // Unknown paths, sections and cards.
    await page.goto(`${journey.server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    // /cards/{x} that is not a section is read as a card id (the spec's featured-card links).
    await page.goto(`${journey.server.url}/cards/not_a_section`);
    await page.getByRole('heading', { name: 'Card not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/card/not_a_section');
    await page.goto(`${journey.server.url}/card/no_such_card`);
    await page.getByRole('heading', { name: 'Card not found' }).waitFor();

    // A section page and a later-issue page render inside the shell, never blank.
    await page.goto(`${journey.server.url}/cards/premium_pick`);
    await page.getByRole('heading', { name: 'Premium Picks' }).waitFor();
    await page.goto(`${journey.server.url}/community`);
    await page.getByRole('heading', { name: 'Community', level: 1 }).waitFor();
    await page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()}`).waitFor();

    expect(pageErrors).toEqual([]);
  });

  it('opens the apply dialog for a complete-journey bank card', async () => {
    const hdfc = await api<ListAnswer>(journey.server.url, 'cards/?bank=hdfc&page_size=1');
    const card = hdfc.results[0]!;
    await page.goto(`${journey.server.url}/card/${card.id}`);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Apply for ${card.name}`).waitFor();
    expect(await dialog.getByRole('link', { name: /Apply here with/ }).getAttribute('href')).toBe(
      `/cards/apply/hdfc/${card.id}`,
    );
    await page.keyboard.press('Escape');
  });

  it('answers the address of a site that does not exist with its own page, never the default brand', async () => {
    const seen: string[] = [];
    const probe = await page.context().newPage();
    probe.on('request', (r) => seen.push(new URL(r.url()).pathname));
    const res = await probe.goto(`${journey.server.url}/t/nosuch/cards`);
    expect(res?.status()).toBe(404);
    await probe.getByRole('heading', { name: 'This site does not exist', level: 1 }).waitFor();
    await probe
      .getByText('There is no card comparison site called “nosuch”. Check the address you were given.')
      .waitFor();
    expect(await probe.title()).toBe('This site does not exist');
    // Nothing of the app: no default brand painted first, no requests failing behind a toast.
    expect(await probe.locator('body').innerText()).not.toContain('Cardwise');
    expect(seen.filter((path) => path.includes('/api/') || path.includes('/assets/'))).toEqual([]);
    await probe.screenshot({ path: join(SHOTS_DIR, 'unknown-tenant-1280.png') });
    await probe.close();
  });

  it('serves a tenant under a /t/{slug} path prefix', async () => {
    await page.goto(`${journey.server.url}/t/cardwise/cards`);
    await page.getByRole('heading', { name: 'Credit Cards', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Credit Cards' }).first().getAttribute('href')).toBe(
      '/t/cardwise/cards',
    );
  });

  it('takes the tenant from a ?tenant= query parameter and keeps it as the path prefix', async () => {
    await page.goto(`${journey.server.url}/cards?tag=new_launch&tenant=paisapal`);
    await page.getByRole('heading', { name: 'Credit Cards', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      '/t/paisapal/cards?tag=new_launch',
    );
    await page
      .getByText(/PaisaPal/)
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: 'Credit Cards' }).first().getAttribute('href')).toBe(
      '/t/paisapal/cards',
    );
  });
});

describe('accessibility', () => {
  it('has no serious or critical axe violations on /, /cards and /card/:id', async () => {
    const { results } = await api<ListAnswer>(journey.server.url, 'cards/?page_size=1');
    const a11yPage = await journey.newPage({ width: 1280, height: 900 });
    const found: string[] = [];
    for (const path of ['/', '/cards', `/card/${results[0]!.id}`]) {
      await a11yPage.goto(`${journey.server.url}${path}`, { waitUntil: 'networkidle' });
      await a11yPage.locator('article, h1').first().waitFor();
      found.push(...(await seriousViolations(a11yPage, path)));
    }
    await a11yPage.context().close();
    expect(found).toEqual([]);
  });
});

describe('screenshots', () => {
  it('captures every main page at 375 and 1280 px', async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const { results } = await api<ListAnswer>(journey.server.url, 'cards/?bank=hdfc&page_size=1');
    const pages = {
      home: '/',
      cards: '/cards',
      'cards-tag': '/cards?tag=high_approval_rate',
      section: '/cards/top_cashback',
      detail: `/card/${results[0]!.id}`,
      outdated: '/apply/hdfc/x',
      about: '/about',
      faq: '/faq',
      placeholder: '/loans',
      'not-found': '/no/such/page',
    };
    for (const width of [375, 1280]) {
      const shotPage = await journey.newPage({ width, height: 900 });
      for (const [name, path] of Object.entries(pages)) {
        await shotPage.goto(`${journey.server.url}${path}`, { waitUntil: 'networkidle' });
        await shotPage.locator('h1').first().waitFor();
        // List tiles out of view are not rendered until scrolled near (content-visibility: auto,
        // styles.css), and a full-page capture does not scroll: show them as a reader would see them.
        await shotPage.addStyleTag({ content: '.tile-lazy { content-visibility: visible; }' });
        await shotPage.screenshot({ path: join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
      }
      await shotPage.context().close();
    }
  });

  it('fits a 320 px phone: no page wider than the screen, the menu button and every card tile inside it', async () => {
    const p = await journey.newPage({ width: 320, height: 800 });
    for (const path of ['/', '/cards?tag=new_launch', '/login', '/no/such/page']) {
      await p.goto(`${journey.server.url}${path}`, { waitUntil: 'networkidle' });
      await p.locator('h1').first().waitFor();
      const menu = await p.getByRole('button', { name: 'Open navigation menu' }).boundingBox();
      expect(menu && menu.x + menu.width, path).toBeLessThanOrEqual(320);
      const widest = await p.evaluate(() =>
        Math.max(
          document.documentElement.scrollWidth,
          ...[...document.querySelectorAll('article')].map((a) => a.getBoundingClientRect().right),
        ),
      );
      // A card with a long network text ("Mastercard + RuPay (dual card, one limit)") used to
      // widen its tile to 436 px, hidden by the body's clipping but cut off on the phone.
      expect(widest, path).toBeLessThanOrEqual(320);
    }
    // Platform spec §2: the site settings are reached from the phone's navigation menu.
    await p.getByRole('button', { name: 'Open navigation menu' }).click();
    await p.getByRole('menuitem', { name: 'Site Settings' }).click();
    await p.waitForURL('**/tenant-settings');
    await p.getByRole('heading', { name: 'Site Settings' }).waitFor();
    await p.context().close();
  });
});
