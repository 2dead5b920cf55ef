import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiResponse } from './support/api.ts';
import { setUpJourney } from './support/journey.ts';
import { CARD } from './support/kyc-files.ts';

/**
 * Two forms on the real server and the production build: the contact form (/contact, POST
 * accounts/contact) as a visitor and as a signed-in person, and the generic config-driven form
 * page (/form-example) walking an application from its personal page through its employment page
 * (the field dependencies of application spec §4) to the documents page.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';

const journey = setUpJourney();
const { pageErrors } = journey;
mkdirSync(SHOTS_DIR, { recursive: true });

const newPage = (width = 1280) => journey.newPage({ width, height: 900 });

describe('contact form (real server)', () => {
  it('refuses an incomplete message, then sends one and says so', async () => {
    const page = await newPage(375);
    await page.goto(`${journey.server.url}/contact`);
    await page.getByRole('heading', { name: 'Contact' }).waitFor();
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Name is required.').waitFor();
    await page.getByText('Message is required.').waitFor();
    await page.getByLabel('Name').fill('Asha Rao');
    await page.getByLabel('Email').fill('asha.rao@example');
    await page.getByLabel('Mobile number (optional)').fill('12345');
    await page.getByLabel('Message').fill('Does the Millennia card have a lounge benefit?');
    await page.getByRole('button', { name: 'Send message' }).click();
    // The contract's own messages: nothing is sent while any field is wrong.
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBe(2);
    await page.getByLabel('Email').fill('asha.rao@example.com');
    await page.getByLabel('Mobile number (optional)').fill('98765 43210');
    await page.screenshot({ path: `${SHOTS_DIR}/contact-form-375.png`, fullPage: true });
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Message sent').waitFor();
    await page.getByText('Thank you for contacting us. We will get back to you soon.').waitFor();
    // The button that had focus is gone: focus, and the view on a phone, go to the confirmation.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Message sent');
    expect(await page.getByRole('heading', { name: 'Message sent' }).isVisible()).toBe(true);
    const box = await page.getByRole('heading', { name: 'Message sent' }).boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 900).toBe(true);
    await page.screenshot({ path: `${SHOTS_DIR}/contact-sent-375.png` });
    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    expect(await page.getByLabel('Name').inputValue()).toBe('Asha Rao');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it("fills in a signed-in person's name and email", async () => {
    const { page, session } = await journey.signedInPage({ width: 1280, height: 900 }, 'contact', {
      fullName: 'Kavya Nair',
    });
    await page.goto(`${journey.server.url}/contact`);
    await page.getByRole('heading', { name: 'Contact' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(session.email);
    expect(await page.getByLabel('Name').inputValue()).toBe('Kavya Nair');
    await page.context().close();
  });
});

describe('generic form page: personal and employment pages (real server)', () => {
  it('saves both steps of a real application and moves on to its documents', async () => {
    const { page, session } = await journey.signedInPage({ width: 1280, height: 900 }, 'form.walk');
    const { email } = session;
    const started = await apiResponse<Record<string, unknown>>(
      journey.server.url,
      'leads/applications/start_application',
      { token: session.access, body: { card_id: CARD } },
    );
    expect(started.status).toBe(201);
    const id = String(started.body.id);
    await page.evaluate(
      ([appId, ref]) => {
        localStorage.setItem('application_id', appId as string);
        localStorage.setItem('reference_id', ref as string);
      },
      [id, String(started.body.reference_id)],
    );

    await page.goto(`${journey.server.url}/form-example?page=personal_details`);
    await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
    await page.getByLabel('Full name').fill('Meera Iyer');
    await page.getByLabel('Date of birth').fill('1991-04-12');
    await page.getByLabel('Gender').selectOption('FEMALE');
    await page.getByLabel('PAN').fill('abcpi1234');
    await page.getByLabel('Mobile number').fill('9876501234');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Address line 1').fill('14 Residency Road');
    // City applies once a state is chosen, and offers that state's cities (spec §4).
    expect(await page.getByLabel('City').isDisabled()).toBe(true);
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByLabel('City').selectOption('Bengaluru');
    await page.getByLabel('PIN code').fill('560025');
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    // The contract's PAN rule, on the page and before anything is sent.
    await page.getByText('Please enter a valid PAN number (e.g., ABCDE1234F)').waitFor();
    await page.getByLabel('PAN').fill('ABCPI1234K');
    await page.getByRole('button', { name: 'Save & Continue' }).click();

    await page.getByRole('heading', { name: 'Employment & Income' }).waitFor();
    expect(page.url()).toContain('page=employment_details');
    // Back finds what was just saved (it read an empty page from the cache of the first visit).
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Meera Iyer');
    expect(await page.getByLabel('PAN').inputValue()).toBe('ABCPI1234K');
    expect(await page.getByLabel('City').inputValue()).toBe('Bengaluru');
    await page.screenshot({ path: `${SHOTS_DIR}/form-personal-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await page.getByRole('heading', { name: 'Employment & Income' }).waitFor();
    expect(await page.getByLabel('Industry').isDisabled()).toBe(true);
    await page.getByLabel('Employment type').selectOption('SALARIED');
    await page.getByLabel('Company name').fill('Infosys');
    await page.getByLabel('Designation').fill('Engineer');
    await page.getByLabel('Industry').selectOption('IT');
    await page.getByLabel('Company type').selectOption('PUBLIC');
    await page.getByLabel('Work experience (years)').fill('6');
    await page.getByLabel('Annual income (₹)').fill('1800000');
    await page.getByLabel('Monthly income (₹)').fill('150000');
    await page.getByLabel('Existing credit cards').selectOption('YES');
    await page.getByLabel('Existing credit card limit (₹)').fill('200000');
    await page.getByLabel('Existing credit cards').selectOption('NO');
    expect(await page.getByLabel('Existing credit card limit (₹)').inputValue()).toBe('0');
    expect(await page.getByLabel('Existing credit card limit (₹)').isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS_DIR}/form-employment-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save & Continue' }).click();

    await page.getByRole('heading', { name: 'KYC & Documents' }).waitFor();
    await page.getByRole('link', { name: 'Back' }).waitFor();
    const stored = await apiResponse<Record<string, unknown>>(
      journey.server.url,
      `leads/applications/${id}`,
      { token: session.access },
    );
    expect(stored.status).toBe(200);
    expect(stored.body.current_step).toBe('document_upload');
    const data = stored.body.application_data as Record<string, Record<string, unknown>>;
    expect(data.employment_details).toMatchObject({
      employment_type: 'SALARIED',
      industry: 'IT',
      company_type: 'PUBLIC',
      work_experience_years: 6,
      existing_credit_cards: 'NO',
      existing_credit_card_limit: '0',
    });
    expect(data.personal_details).toMatchObject({ full_name: 'Meera Iyer', city: 'Bengaluru' });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
