import { mkdirSync } from 'node:fs';
import { todayInIndia } from '@cardwise/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from './support/accounts.ts';
import { api, apiResponse } from './support/api.ts';
import { setUpJourney } from './support/journey.ts';

/**
 * Owned cards on the real server and the production build: sign up and in, add a card you
 * hold on /profile (the form refuses a bad expiry first), see it in the home page's card
 * preferences and in the recommendation, then remove it on /profile after confirming. Compared
 * before it was recorded as held, it is sent as compared, and the home page shows the server's
 * warning that it was left out of the cards to compare; a save then drops it from the compare list
 * and the panel says so once, under 'We adjusted what you saved' (gone once the card is removed).
 * Screenshots of the profile section at 1280 and 375 px.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
const CARD = { id: 'swiggy_hdfc', name: 'Swiggy HDFC Bank Credit Card' };
/** The home page's note on what the server changed in the card choices (its `warnings`). */
const HELD_WARNING = `${CARD.name} is on your account as a card you hold, so it counts as owned and was left out of the cards to compare.`;

const journey = setUpJourney();
const { pageErrors } = journey;
let page: Page;

beforeAll(async () => {
  page = await journey.newPage({ width: 1280, height: 900 });
});

/** This month as MM/YY (India's calendar, as the schema's): valid to the month's end. */
function thisMonth(): string {
  const [y, m] = todayInIndia().split('-') as [string, string];
  return `${m}/${y.slice(2)}`;
}

describe('owned cards journey', () => {
  it('adds a held card on /profile, sees it on the home page and in the recommendation, and removes it', async () => {
    // Made here, not once per file: a retry signs up afresh.
    const email = `owned.e2e.${Date.now()}@example.com`;
    try {
      // Sign up and sign in through the pages.
      await page.goto(`${journey.server.url}/register`);
      await page.getByLabel('Full name').fill('Ravi Menon');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Mobile number').fill('9876543210');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      // Creating the account signs in with it.
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(`${journey.server.url}/`);
      await page.getByRole('button', { name: 'Account menu for Ravi Menon' }).waitFor();
      const access = (await page.evaluate(() => localStorage.getItem('accessToken')))!;
      // One spending entry on the account, so the home page asks for recommendations.
      const saved = await apiResponse(journey.server.url, 'accounts/spending-entries/', {
        method: 'PUT',
        token: access,
        body: [{ id: 'e1', amount: 6000 }],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      // Compared before the user records holding it (the panel refuses a held card afterwards).
      const chosen = await apiResponse(journey.server.url, 'accounts/preferences/', {
        method: 'PUT',
        token: access,
        body: {
          compareCards: [CARD.id, 'axis_ace'],
          excludeCards: [],
          ownedCards: [],
          desiredCardCount: 1,
        },
      });
      expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);

      // The panel has no cards yet and sends people to the profile.
      const panel = page.getByTestId('preferences-panel');
      await panel.getByText('Cards you hold count towards your savings.', { exact: false }).waitFor();

      // In-app navigation both ways (no reload): the home page's cached list must be refreshed.
      await panel.getByRole('link', { name: 'profile' }).click();
      await page.waitForURL('**/profile');
      const section = page.locator('section#my-cards');
      await section.getByRole('heading', { name: 'My credit cards' }).waitFor();
      await section.getByText('You have not added any cards yet.', { exact: false }).waitFor();
      const form = section.getByRole('form', { name: 'Add a card you hold' });
      await form.getByLabel('Card', { exact: true }).click();
      await page.getByPlaceholder(/search/i).fill('swiggy');
      await page.getByRole('option', { name: new RegExp(CARD.name) }).click();
      await form.getByLabel('Last 4 digits (optional)').fill('4321');
      await form.getByLabel('Expiry (optional)').fill('01/20');
      await form.getByRole('button', { name: 'Add card' }).click();
      await form.getByText('This card has expired', { exact: false }).waitFor();
      await form.getByLabel('Expiry (optional)').fill(thisMonth());
      await form.getByLabel('Joining date (optional)').fill('2024-01-15');
      await form.getByRole('button', { name: 'Add card' }).click();
      const item = section.getByTestId('owned-card');
      await item.getByText(CARD.name).waitFor();
      expect(await item.textContent()).toContain('4321');
      expect(await item.textContent()).toContain(`Expires ${thisMonth()}`);
      expect(await item.textContent()).toContain('Joined 15 Jan 2024');
      await page.getByText('now counts as a card you hold', { exact: false }).waitFor();

      const held = await api<
        { card_id: string; card_number_last4: string | null; expiry_date: string | null }[]
      >(journey.server.url, 'accounts/my-cards/', { token: access });
      expect(held).toMatchObject([{ card_number_last4: '4321', expiry_date: thisMonth() }]);

      mkdirSync(SHOTS_DIR, { recursive: true });
      await page.waitForTimeout(5500); // the toast leaves
      await section.screenshot({ path: `${SHOTS_DIR}/owned-cards-1280.png` });

      // The home page's panel lists it; the request sends it where it was chosen (the server counts
      // it as held) and the page shows why the compare list changed.
      const bodies: { preferences: { compareCards: string[]; ownedCards: string[] } }[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/cards/recommend') && r.method() === 'POST')
          bodies.push(JSON.parse(r.postData() ?? '{}'));
      });
      await page.getByRole('link', { name: 'Home', exact: true }).first().click();
      await page.waitForURL(`${journey.server.url}/`);
      const mine = panel.getByRole('list', { name: 'my cards' });
      await mine.getByText(CARD.name).waitFor();
      expect(await mine.textContent()).toContain('•••• 4321');
      // Its whole name shows in the panel beside the form (two columns there cut it to "Swiggy…").
      const clipped = await mine
        .getByText(CARD.name)
        .evaluate((name) => name.scrollWidth > name.clientWidth + 1 || name.textContent?.includes('…'));
      expect(clipped).toBe(false);
      expect(held[0]!.card_id).toBe(CARD.id);
      await expect
        .poll(() => bodies.at(-1)?.preferences)
        .toMatchObject({ compareCards: [CARD.id, 'axis_ace'], ownedCards: [] });
      const note = page.getByRole('list', { name: 'We adjusted your card choices' });
      await note.getByText(HELD_WARNING).waitFor();
      expect(await note.getByRole('listitem').count()).toBe(1);

      // A save with the held card still compared: the server drops it from compare and says so
      // beside the panel's choices, once (not again under the recommendations' note), and the
      // chip follows what was saved.
      await panel.getByLabel('How many new cards do you want?').fill('2');
      const savedNote = panel.getByRole('list', { name: 'We adjusted what you saved' });
      await savedNote.getByText(HELD_WARNING).waitFor();
      await expect.poll(() => page.getByText(HELD_WARNING).count()).toBe(1);
      await expect
        .poll(() => panel.getByRole('list', { name: 'Comparing' }).textContent())
        .not.toContain(CARD.name);
      await panel.screenshot({ path: `${SHOTS_DIR}/owned-cards-saved-warning-1280.png` });

      // Remove it on the profile, after confirming (Keep it changes nothing).
      await page.goto(`${journey.server.url}/profile`);
      await section.getByTestId('owned-card').waitFor();
      await section.getByRole('button', { name: `Remove ${CARD.name}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Remove this card?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await section.getByTestId('owned-card').count()).toBe(1);

      await page.setViewportSize({ width: 375, height: 812 });
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: `${SHOTS_DIR}/owned-cards-375.png` });
      await section.getByRole('button', { name: `Remove ${CARD.name}` }).click();
      await dialog.waitFor();
      await page.screenshot({ path: `${SHOTS_DIR}/owned-cards-remove-375.png` });
      await dialog.getByRole('button', { name: 'Remove card' }).click();
      await section.getByText('You have not added any cards yet.', { exact: false }).waitFor();
      // Focus lands on the section, not on the top of the page (the Remove button is gone).
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('my-cards-heading');
      expect(await api(journey.server.url, 'accounts/my-cards/', { token: access })).toEqual([]);
      // A long card name chosen in the form stays within the phone's width: it widened every
      // section of the page to 378 px, their right edges cut off.
      const addForm = page.getByRole('form', { name: 'Add a card you hold' });
      await addForm.getByLabel('Card').click();
      await page.getByPlaceholder(/search/i).fill('Millennia');
      await page.getByRole('option', { name: /HDFC Bank Millennia Credit Card/ }).click();
      await addForm.getByRole('button', { name: 'Clear Card' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // And the home page no longer has it. At 375 px the spending area is below the fold and
      // loads when scrolled to: go to it as 'Get Started' does.
      await page.goto(`${journey.server.url}/#spend-form`);
      await panel.getByText('Cards you hold count towards your savings.', { exact: false }).waitFor();
      expect(await panel.getByRole('list', { name: 'my cards' }).count()).toBe(0);
      // Left out of compare by the save above, and held no more: nothing to explain.
      await page.getByTestId('combination').first().waitFor();
      await expect.poll(() => page.getByText(HELD_WARNING).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } catch (error) {
      console.error(journey.server.logTail());
      throw error;
    }
  }, 180_000);
});
