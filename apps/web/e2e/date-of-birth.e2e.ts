import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiResponse } from './support/api.ts';
import { setUpJourney } from './support/journey.ts';
import { CARD } from './support/kyc-files.ts';

/**
 * The date of birth in Chromium, on /profile and in the application wizard.
 *
 * /profile: A date the control cannot read (a day cleared, 31 Feb)
 * has the value '' there, which the update call takes as "clear it": saving the section, even
 * for the gender, erased the date already saved. It is refused with one message instead, and the
 * saved date stays.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';

const journey = setUpJourney();

async function profilePage(): Promise<{ page: Page; token: string }> {
  const { page, session } = await journey.signedInPage({ width: 375, height: 800 }, 'profile-dob');
  const res = await apiResponse(journey.server.url, 'accounts/user/update/', {
    method: 'PATCH',
    token: session.access,
    body: { date_of_birth: '1990-05-01' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await page.goto(`${journey.server.url}/profile`);
  return { page, token: session.access };
}

const savedBirthDate = async (token: string) =>
  (await api<{ date_of_birth: string | null }>(journey.server.url, 'accounts/profile/', { token }))
    .date_of_birth;

describe('/profile: the saved date of birth', () => {
  it('is shown when the page loads and kept when another field is saved', async () => {
    const { page, token } = await profilePage();
    const section = page.locator('#personal');
    const dob = section.getByLabel('Date of birth');
    await expect.poll(() => dob.inputValue()).toBe('1990-05-01');
    await section.getByLabel('Gender').selectOption('FEMALE');
    await section.getByRole('button', { name: /^Save/ }).click();
    await page.getByText('Personal details saved.').waitFor();
    expect(await savedBirthDate(token)).toBe('1990-05-01');
    await page.reload();
    await expect
      .poll(() => page.locator('#personal').getByLabel('Date of birth').inputValue())
      .toBe('1990-05-01');
    await page.context().close();
  });

  it('is not erased by a date the control cannot read; that says one thing', async () => {
    const { page, token } = await profilePage();
    const section = page.locator('#personal');
    const dob = section.getByLabel('Date of birth');
    await expect.poll(() => dob.inputValue()).toBe('1990-05-01');
    // Clearing one part of the date (the first, whatever the locale's order) leaves it unreadable.
    await dob.focus();
    await page.keyboard.press('Backspace');
    expect(await dob.inputValue()).toBe('');
    expect(await dob.evaluate((el) => (el as HTMLInputElement).validity.badInput)).toBe(true);
    await section.getByLabel('Gender').selectOption('MALE');
    await section.getByRole('button', { name: /^Save/ }).click();
    await section.getByText('Enter a complete date that exists: check the day, month and year.').waitFor();
    await section.screenshot({ path: `${SHOTS_DIR}/profile-dob-unreadable-375.png` });
    expect(await section.locator('.text-red-600').count()).toBe(1);
    expect(await savedBirthDate(token)).toBe('1990-05-01');
    await page.context().close();
    expect(journey.pageErrors).toEqual([]);
  });
});

describe("the wizard's date of birth", () => {
  it('says one thing for a date in the future and for one the control cannot read', async () => {
    const { page } = await profilePage();
    await page.goto(`${journey.server.url}/cards/apply/hdfc/${CARD}`);
    await page.getByRole('button', { name: 'Start Application' }).click();
    await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
    const dob = page.getByLabel('Date of Birth');
    const field = page.locator('div', { has: dob }).last();
    // Unreadable: one part cleared, then the field left.
    await dob.fill('1991-04-12');
    await dob.focus();
    await page.keyboard.press('Backspace');
    await page.getByLabel('PAN Number').focus();
    await field.getByText('Enter a complete date that exists: check the day, month and year.').waitFor();
    expect(await field.locator('p').allTextContents()).toEqual([
      'Enter a complete date that exists: check the day, month and year.',
    ]);

    // In the future: said at Save & Continue, in place of the age hint.
    await dob.fill('2090-01-01');
    await page.getByLabel('Gender').selectOption('FEMALE');
    await page.getByLabel('PAN Number').fill('ABCPI1234K');
    await page.getByLabel('Address Line 1').fill('14 Residency Road');
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByLabel('City').selectOption('Bengaluru');
    await page.getByLabel('PIN Code').fill('560025');
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await field.getByText('Date of birth cannot be in the future.').waitFor();
    expect(await field.locator('p').allTextContents()).toEqual(['Date of birth cannot be in the future.']);
    await field.screenshot({ path: `${SHOTS_DIR}/wizard-dob-future-375.png` });
    await page.context().close();
    expect(journey.pageErrors).toEqual([]);
  });
});
