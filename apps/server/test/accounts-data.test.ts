import { OWNED_CARD_MESSAGES, todayInIndia, verhoeffCheckDigit } from '@cardwise/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, profiles } from '../src/features/accounts/accounts-schema.ts';
import { signUp } from './support/accounts-helpers.ts';
import { DB_KINDS, useTestApp } from './support/test-app.ts';

const AADHAAR = `23456789012${verhoeffCheckDigit('23456789012')}`; // 234567890124
const OTHER_AADHAAR = `98765432101${verhoeffCheckDigit('98765432101')}`;

describe.each(DB_KINDS)('accounts: profile, cards, preferences and spending on %s', (kind) => {
  let n = 0;
  const t = useTestApp(kind);

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    o: { token?: string; body?: unknown; tenant?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.2.0.${(n % 250) + 1}`,
      headers: {
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.tenant ? { 'x-tenant': o.tenant } : {}),
      },
      ...(o.body === undefined ? {} : { payload: o.body as object }),
    });

  async function newUser(tenant?: string) {
    n++;
    return signUp(t.app, {
      tenant,
      email: `data${n}-${Date.now()}@example.com`,
      fullName: 'Kavya Nair',
      remoteAddress: `10.2.0.${(n % 250) + 1}`,
    });
  }

  describe('text and dates the database cannot hold', () => {
    it('refuses NUL characters and unpaired surrogates in any text with 400, storing nothing', async () => {
      const u = await newUser();
      for (const [method, url, body] of [
        ['POST', '/api/accounts/contact', { name: 'a\u0000b', email: 'x@example.com', message: 'hi' }],
        ['PATCH', '/api/accounts/profile', { city: 'Pune\u0000' }],
        ['PUT', '/api/accounts/spending-entries', [{ id: 'a', amount: 1, brand: 'x\ud800' }]],
        ['PUT', '/api/accounts/spending-entries', [{ id: 'a', amount: 1, 'k\u0000': 1 }]],
        ['GET', '/api/cards?search=%00', undefined],
        ['GET', '/api/cards/x%00y', undefined],
        ['DELETE', '/api/accounts/my-cards/x%00y', undefined],
      ] as const) {
        const res = await call(method, url, { token: u.access, body });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json(), `${method} ${url}`).toMatchObject({ code: 'invalid_text' });
      }
      expect((await call('GET', '/api/accounts/profile', { token: u.access })).json().city).toBeNull();
      expect((await call('GET', '/api/accounts/spending-entries', { token: u.access })).json()).toEqual([]);
    });

    it('takes numbers and ids only as written, never guessed from arrays, booleans, hex or objects', async () => {
      const u = await newUser();
      for (const body of [
        { credit_score: [[['750']]] },
        { annual_income: [] },
        { annual_income: true },
        { years_in_current_address: '0x1F' },
      ]) {
        const res = await call('PATCH', '/api/accounts/profile', { token: u.access, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().detail, JSON.stringify(body)).toMatch(/must be a number/);
      }
      for (const entry of [
        { id: { x: 1 }, amount: 1 },
        { id: 'a', amount: '0x10' },
      ]) {
        const res = await call('PUT', '/api/accounts/spending-entries', { token: u.access, body: [entry] });
        expect(res.statusCode, JSON.stringify(entry)).toBe(400);
      }
      expect((await call('GET', '/api/cards?page=0x10')).statusCode).toBe(400);
      const indian = await call('PUT', '/api/accounts/spending-entries', {
        token: u.access,
        body: [{ id: 7, amount: '1,25,000.50' }],
      });
      expect(indian.json()).toMatchObject([{ id: '7', amount: 125000.5 }]);
      const profile = await call('PATCH', '/api/accounts/profile', {
        token: u.access,
        body: { annual_income: '12,00,000' },
      });
      expect(profile.statusCode).toBe(200);
    });

    it('words null, over-long and wrongly typed values as sentences about the field, never in zod’s words', async () => {
      const u = await newUser();
      const long = 'x'.repeat(501);
      const cases: [string, string, unknown, string[]][] = [
        ['PATCH', '/api/accounts/profile', { full_name: null }, ['full_name: must be text, not null']],
        // The sign-up's name rule, so a profile cannot make the name one letter after all.
        [
          'PATCH',
          '/api/accounts/profile',
          { full_name: 'B.' },
          ['full_name: Enter your full name: at least 2 letters.'],
        ],
        ['PATCH', '/api/accounts/user/update', { full_name: ' ' }, ['full_name: Enter your full name.']],
        ['PATCH', '/api/accounts/profile', { address: long }, ['address: must be at most 500 characters']],
        [
          'PATCH',
          '/api/accounts/profile',
          { permanent_address_same: null },
          ['permanent_address_same: must be true or false, not null'],
        ],
        ['POST', '/api/accounts/my-cards', { card_id: null }, ['card_id: must be text, not null']],
        ['POST', '/api/accounts/my-cards', {}, ['card_id: is required']],
        [
          'POST',
          '/api/accounts/contact',
          { name: long, email: 'a@example.com', message: null },
          ['name: must be at most 150 characters', 'message: must be text, not null'],
        ],
        ['PUT', '/api/accounts/spending-entries', {}, ['must be a list, not an object']],
        [
          'PUT',
          '/api/accounts/spending-entries',
          [{ id: 'a', amount: null, frequency: 'SOMETIMES' }],
          ['amount: must be a number or text, not null', 'frequency: must be one of DAILY, WEEKLY, MONTHLY'],
        ],
        [
          'PUT',
          '/api/accounts/preferences',
          { compareCards: ['x'.repeat(101)], excludeCards: [], ownedCards: [], desiredCardCount: 1 },
          ['compareCards[0]: must be at most 100 characters'],
        ],
      ];
      for (const [method, url, body, sentences] of cases) {
        const what = `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`;
        const res = await call(method as 'POST', url, { token: u.access, body });
        expect(res.statusCode, what).toBe(400);
        const { detail, errors } = res.json() as { detail: string; errors: { message: string }[] };
        for (const sentence of sentences) expect(detail, what).toContain(sentence);
        for (const text of [detail, ...errors.map((e) => e.message)]) {
          expect(text, what).not.toMatch(
            /Invalid input|Invalid option|expected \w+, received|Too big|Too small/,
          );
        }
      }
      expect((await call('GET', '/api/accounts/profile', { token: u.access })).json().address).toBeNull();
      expect((await call('GET', '/api/accounts/my-cards', { token: u.access })).json()).toEqual([]);
    });

    it('words a number too large for JSON to read (1e400, read as Infinity) as too large, and saves nothing', async () => {
      const u = await newUser();
      for (const [body, sentence] of [
        ['[{"id":"e1","amount":1e400,"frequency":"MONTHLY"}]', '[0].amount: is too large a number'],
        ['[{"id":"e1","amount":100,"spending_mode":-1e400}]', '[0].spending_mode: is too large a number'],
      ] as const) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/accounts/spending-entries',
          remoteAddress: `10.2.0.${(n % 250) + 1}`,
          headers: { authorization: `Bearer ${u.access}`, 'content-type': 'application/json' },
          payload: body,
        });
        expect(res.statusCode, body).toBe(400);
        expect(res.json().detail, body).toContain(sentence);
        expect(res.json().detail, body).not.toMatch(/not a number/);
      }
      expect((await call('GET', '/api/accounts/spending-entries', { token: u.access })).json()).toEqual([]);
    });

    it('says what is wrong with a card count once, not once per failed check', async () => {
      const u = await newUser();
      for (const [desiredCardCount, sentence] of [
        [1e308, 'desiredCardCount: must be a whole number from 1 to 10'],
        [2.5, 'desiredCardCount: must be a whole number from 1 to 10'],
        [11, 'desiredCardCount: must be from 1 to 10'],
      ] as const) {
        const res = await call('PUT', '/api/accounts/preferences', {
          token: u.access,
          body: { compareCards: [], excludeCards: [], ownedCards: [], desiredCardCount },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toBe(`Invalid request body: ${sentence}.`);
      }
    });

    it('refuses a date that is not a real day (2021-02-29) with 400', async () => {
      const u = await newUser();
      for (const joining_date of ['2021-02-29', '2020-13-45', '0000-00-00']) {
        const res = await call('POST', '/api/accounts/my-cards', {
          token: u.access,
          body: { card_id: 'hdfc_swiggy', joining_date },
        });
        expect(res.statusCode, joining_date).toBe(400);
        expect(res.json().detail, joining_date).toMatch(/joining_date: must be a real date/);
      }
      const ok = await call('POST', '/api/accounts/my-cards', {
        token: u.access,
        body: { card_id: 'hdfc_swiggy', joining_date: '2020-02-29' },
      });
      expect(ok.statusCode).toBeLessThan(300);
    });
  });

  describe('profile', () => {
    it('has every profile field of spec §3, with the sign-up phone number', async () => {
      const u = await newUser();
      const res = await call('GET', '/api/accounts/profile', { token: u.access });
      expect(res.statusCode).toBe(200);
      const p = res.json();
      const fields =
        'id user referral_code phone_number date_of_birth gender address city state pincode current_address current_city current_pincode years_in_current_address permanent_address_same permanent_address permanent_city permanent_pincode existing_monthly_emi occupation annual_income monthly_income employment_type company_name job_title years_in_current_job credit_score credit_card_limit credit_card_utilization existing_loan_emis existing_loans_count preferred_loan_tenure preferred_emi_affordability loan_purpose desired_loan_amount pan_number aadhaar_number is_kyc_verified kyc_verified_at itr_filed gst_number business_turnover consent_for_credit_check consent_shared marketing_consent created_at updated_at language_selected'.split(
          ' ',
        );
      for (const f of fields) expect(p).toHaveProperty(f);
      expect(p.user).toMatchObject({ email: u.email, username: u.email });
      expect(p.phone_number).toBe('9876543210');
      expect(p.is_kyc_verified).toBe(false);
    });

    it('updates in part, normalises, and returns the whole profile', async () => {
      const u = await newUser();
      const res = await call('PATCH', '/api/accounts/user/update', {
        token: u.access,
        body: {
          full_name: 'Kavya S Nair',
          phone_number: '+917012345678',
          date_of_birth: '1992-05-17',
          gender: 'FEMALE',
          city: 'Kochi',
          pincode: '682001',
          annual_income: '1200000',
          employment_type: 'SALARIED',
          company_name: 'Acme',
          credit_score: 780,
          pan_number: 'abcde1234f',
          aadhaar_number: `${AADHAAR.slice(0, 4)} ${AADHAAR.slice(4, 8)} ${AADHAAR.slice(8)}`,
          gst_number: '',
          language_selected: 'ml',
          marketing_consent: true,
        },
      });
      expect(res.statusCode).toBe(200);
      const p = res.json();
      expect(p).toMatchObject({
        user: { full_name: 'Kavya S Nair' },
        phone_number: '7012345678',
        date_of_birth: '1992-05-17',
        city: 'Kochi',
        pincode: '682001',
        annual_income: 1200000,
        credit_score: 780,
        pan_number: 'ABCDE1234F',
        aadhaar_number: 'XXXXXXXX0124',
        aadhaar_last4: '0124',
        gst_number: null,
        language_selected: 'ml',
        marketing_consent: true,
      });
      // Untouched fields stay; null clears.
      const put = await call('PUT', '/api/accounts/user/update', { token: u.access, body: { city: null } });
      expect(put.json()).toMatchObject({ city: null, pincode: '682001', pan_number: 'ABCDE1234F' });
      const employment = (await call('GET', '/api/accounts/employment', { token: u.access })).json();
      expect(employment).toEqual({
        occupation: null,
        employment_type: 'SALARIED',
        company_name: 'Acme',
        job_title: null,
        years_in_current_job: null,
        annual_income: 1200000,
        monthly_income: null,
        itr_filed: null,
        gst_number: null,
        business_turnover: null,
      });
      expect((await call('GET', '/api/accounts/user', { token: u.access })).json().name).toBe('Kavya S Nair');
    });

    it('keeps PAN and Aadhaar encrypted at rest; only Aadhaar’s last 4 digits are ever returned', async () => {
      const u = await newUser();
      const res = await call('PATCH', '/api/accounts/profile', {
        token: u.access,
        body: { pan_number: 'ABCDE1234F', aadhaar_number: AADHAAR },
      });
      expect(res.statusCode).toBe(200);
      expect(JSON.stringify(res.json())).not.toContain(AADHAAR);
      expect(JSON.stringify(res.json())).not.toContain(AADHAAR.slice(0, 8));
      const [row] = await t.database.db.select().from(profiles).where(eq(profiles.user_id, u.user_id));
      const raw = JSON.stringify(row);
      expect(raw).not.toContain('ABCDE1234F');
      expect(raw).not.toContain(AADHAAR);
      expect(row!.pan_encrypted).toMatch(/^v1:/);
      expect(row!.aadhaar_last4).toBe('0124');
      const again = (await call('GET', '/api/accounts/profile', { token: u.access })).json();
      expect(again.aadhaar_number).toBe('XXXXXXXX0124');
      // Replace, then clear.
      await call('PATCH', '/api/accounts/profile', {
        token: u.access,
        body: { aadhaar_number: OTHER_AADHAAR },
      });
      expect((await call('GET', '/api/accounts/profile', { token: u.access })).json().aadhaar_last4).toBe(
        OTHER_AADHAAR.slice(-4),
      );
      await call('PATCH', '/api/accounts/profile', {
        token: u.access,
        body: { aadhaar_number: null, pan_number: '' },
      });
      const cleared = (await call('GET', '/api/accounts/profile', { token: u.access })).json();
      expect(cleared).toMatchObject({ aadhaar_number: null, aadhaar_last4: null, pan_number: null });
    });

    it.each([
      [{ pan_number: 'ABCD1234F' }, 'Please enter a valid PAN number (e.g., ABCDE1234F)'],
      [{ pan_number: 'ABCDE12345' }, 'Please enter a valid PAN number (e.g., ABCDE1234F)'],
      [{ aadhaar_number: '123456789012' }, 'This is not a valid Aadhaar number: check its 12 digits.'],
      [{ aadhaar_number: '234567890123' }, 'This is not a valid Aadhaar number: check its 12 digits.'],
      [{ aadhaar_number: '23456789012' }, 'Please enter a valid 12-digit Aadhaar number'],
      [{ phone_number: '5123456789' }, 'Please enter a valid 10-digit Indian mobile number'],
      [{ phone_number: '+92 9876543210' }, 'Please enter a valid 10-digit Indian mobile number'],
      [{ pincode: '012345' }, 'Please enter a valid 6-digit PIN code'],
      [{ current_pincode: '12345' }, 'Please enter a valid 6-digit PIN code'],
      // ADR 030: a PIN code of another state than the one given with it, and one India Post does not use.
      [{ state: 'Kerala', pincode: '110001' }, 'PIN code 110001 is in Delhi, not Kerala'],
      [{ current_pincode: '290001' }, 'This is not an Indian PIN code'],
      [{ date_of_birth: '2020-01-01' }, 'You must be between 18 and 100 years old.'],
      [{ date_of_birth: '1990-02-30' }, 'Enter a valid date of birth (YYYY-MM-DD).'],
      [{ date_of_birth: '2090-01-01' }, 'Date of birth cannot be in the future.'],
      [{ credit_score: 1000 }, 'credit_score'],
      [{ annual_income: 'lots' }, 'annual_income'],
      [{ gender: 'x' }, 'gender'],
      [{ is_kyc_verified: true }, 'is_kyc_verified'],
      [{ email: 'new@example.com' }, 'email'],
    ])('rejects %j with 400 and a detail, writing nothing', async (body, message) => {
      const u = await newUser();
      const res = await call('PATCH', '/api/accounts/user/update', {
        token: u.access,
        body: { city: 'Pune', ...body },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain(message);
      expect((await call('GET', '/api/accounts/profile', { token: u.access })).json().city).toBeNull();
    });

    it('judges a PIN code or a State sent alone against the other as stored (ADR 030)', async () => {
      const u = await newUser();
      const patch = (body: object) => call('PATCH', '/api/accounts/user/update', { token: u.access, body });
      expect((await patch({ state: 'Karnataka', pincode: '560001' })).statusCode).toBe(200);
      const pin = await patch({ pincode: '110001' });
      expect(pin.statusCode).toBe(400);
      expect(pin.json()).toMatchObject({
        detail: 'PIN code 110001 is in Delhi, not Karnataka. Check the PIN code or the state.',
        errors: [{ path: 'pincode' }],
      });
      const state = await patch({ state: 'Kerala' });
      expect(state.statusCode).toBe(400);
      expect(state.json().detail).toBe(
        'PIN code 560001 is in Karnataka, not Kerala. Check the PIN code or the state.',
      );
      // Nothing was written, and a PIN code of the stored state still goes through alone.
      expect((await call('GET', '/api/accounts/profile', { token: u.access })).json()).toMatchObject({
        state: 'Karnataka',
        pincode: '560001',
      });
      expect((await patch({ pincode: '560034' })).statusCode).toBe(200);
    });

    it.each([
      ['date_of_birth', '1990-02-30', 'Enter a valid date of birth (YYYY-MM-DD).'],
      ['date_of_birth', '22030-03-10', 'Enter a valid date of birth (YYYY-MM-DD).'],
      ['date_of_birth', '2090-01-01', 'Date of birth cannot be in the future.'],
      ['aadhaar_number', '12345', 'Please enter a valid 12-digit Aadhaar number'],
    ])('refuses %s %s with one message, not one per check', async (field, value, message) => {
      const u = await newUser();
      const res = await call('PATCH', '/api/accounts/user/update', {
        token: u.access,
        body: { [field]: value },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(`Invalid request body: ${field}: ${message.replace(/\.$/, '')}.`);
    });

    it('needs a signed-in user', async () => {
      for (const [method, url] of [
        ['GET', '/api/accounts/profile'],
        ['GET', '/api/accounts/employment'],
        ['PATCH', '/api/accounts/user/update'],
        ['GET', '/api/accounts/referred-users'],
        ['GET', '/api/accounts/notifications'],
        ['GET', '/api/accounts/my-cards'],
        ['POST', '/api/accounts/my-cards'],
        ['GET', '/api/accounts/applications'],
        ['GET', '/api/accounts/preferences'],
        ['PUT', '/api/accounts/preferences'],
        ['GET', '/api/accounts/spending-entries'],
        ['PUT', '/api/accounts/spending-entries'],
        ['POST', '/api/accounts/password/change'],
      ] as const) {
        const res = await call(method, url, { body: method === 'GET' ? undefined : {} });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe('notifications, applications, contact', () => {
    it('lists a welcome notification and marks it read; not someone else’s', async () => {
      const u = await newUser();
      const other = await newUser();
      const list = (await call('GET', '/api/accounts/notifications', { token: u.access })).json();
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ kind: 'welcome', is_read: false, title: 'Welcome to Cardwise' });
      expect(list[0].message).toMatch(/Your referral code is [A-Z2-9]{8}/);
      // A partner's users are welcomed by the partner's brand, never by ours.
      const partner = await newUser('paisapal');
      const theirs = await call('GET', '/api/accounts/notifications', {
        token: partner.access,
        tenant: 'paisapal',
      });
      expect(theirs.json()[0]).toMatchObject({ kind: 'welcome', title: 'Welcome to PaisaPal Money' });
      const id = list[0].id;
      expect(
        (await call('POST', `/api/accounts/notifications/${id}/read`, { token: other.access })).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', `/api/accounts/notifications/${id}/read`, { token: u.access })).statusCode,
      ).toBe(200);
      expect((await call('GET', '/api/accounts/notifications', { token: u.access })).json()[0].is_read).toBe(
        true,
      );
    });

    it('answers applications with an empty list', async () => {
      const u = await newUser();
      const res = await call('GET', '/api/accounts/applications', { token: u.access });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('stores a contact message, signed in or not', async () => {
      const anon = await call('POST', '/api/accounts/contact', {
        body: { name: 'Visitor', email: 'v@example.com', message: 'Which card for fuel?' },
      });
      expect(anon.statusCode).toBe(201);
      expect(anon.json()).toEqual({
        id: expect.any(String),
        detail: 'Thank you for contacting us. We will get back to you soon.',
      });
      const u = await newUser();
      const signed = await call('POST', '/api/accounts/contact', {
        token: u.access,
        body: { name: 'Kavya', email: u.email, subject: 'Hi', message: 'Hello', phone_number: '9876543210' },
      });
      expect(signed.statusCode).toBe(201);
      // A token that is sent but not valid is refused, not taken as anonymous.
      const stale = await call('POST', '/api/accounts/contact', {
        token: `${u.access}x`,
        body: { name: 'Kavya', email: u.email, message: 'Hello again' },
      });
      expect(stale.statusCode).toBe(401);
      expect(stale.json().code).toBe('token_not_valid');
      const bad = await call('POST', '/api/accounts/contact', {
        body: { name: 'X', email: 'x', message: '' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toMatch(/email|message/);
    });

    it('refuses a contact message with a key it does not know, naming it, and files nothing', async () => {
      const count = async () => (await t.database.db.select().from(contactMessages)).length;
      const before = await count();
      const message = { name: 'Visitor', email: 'v@example.com', message: 'Which card for fuel?' };
      for (const extra of [{ phone: '9876543210' }, { Subject: 'Fuel cards' }, { user_id: 'someone-else' }]) {
        n++; // another client address: the contact form's limit (5 in 10 minutes) is not what is tested
        const res = await call('POST', '/api/accounts/contact', { body: { ...message, ...extra } });
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json().detail).toBe(
          `Invalid request body: unknown field '${Object.keys(extra)[0]}' (the fields are name, email, phone_number, subject, message).`,
        );
      }
      expect(await count()).toBe(before);
    });
  });

  describe('my cards', () => {
    it('adds, lists with the card summary, updates and removes owned cards', async () => {
      const u = await newUser();
      const add = await call('POST', '/api/accounts/my-cards', {
        token: u.access,
        body: {
          card_id: 'hdfc_swiggy',
          card_number_last4: '4321',
          expiry_date: '04/29',
          joining_date: '2024-01-15',
        },
      });
      expect(add.statusCode).toBe(201);
      const rec = add.json();
      expect(rec).toMatchObject({
        card_id: 'hdfc_swiggy',
        card_number_last4: '4321',
        expiry_date: '04/29',
        joining_date: '2024-01-15',
        is_active: true,
        user: u.user_id,
        credit_card_details: {
          id: 'hdfc_swiggy',
          name: 'Swiggy HDFC Bank Credit Card',
          bank_name: 'HDFC Bank',
        },
      });
      const list = (await call('GET', '/api/accounts/my-cards', { token: u.access })).json();
      expect(list).toHaveLength(1);
      expect(list[0].id).toBe(rec.id);
      const dup = await call('POST', '/api/accounts/my-cards', {
        token: u.access,
        body: { card_id: 'hdfc_swiggy' },
      });
      expect(dup.statusCode).toBe(400);
      expect(dup.json().detail).toBe('This card is already in your cards.');
      const patched = await call('PATCH', `/api/accounts/my-cards/${rec.id}`, {
        token: u.access,
        body: { is_active: false },
      });
      expect(patched.json()).toMatchObject({ is_active: false, card_number_last4: '4321' });
      expect((await call('DELETE', `/api/accounts/my-cards/${rec.id}`, { token: u.access })).statusCode).toBe(
        204,
      );
      expect((await call('GET', '/api/accounts/my-cards', { token: u.access })).json()).toEqual([]);
      expect((await call('DELETE', `/api/accounts/my-cards/${rec.id}`, { token: u.access })).statusCode).toBe(
        404,
      );
    });

    it.each([
      [{ card_id: 'no_such_card' }, "Unknown card 'no_such_card'."],
      [
        { card_id: 'axis_ace', card_number_last4: '4111111111111111' },
        'Enter the last 4 digits of the card number.',
      ],
      [{ card_id: 'axis_ace', expiry_date: '13/29' }, 'Expiry must be MM/YY.'],
      [{ card_id: 'axis_ace', expiry_date: '04/2029' }, 'Expiry must be MM/YY.'],
      [{ card_id: 'axis_ace', cvv: '123' }, 'cvv'],
    ])('rejects %j', async (body, message) => {
      const u = await newUser();
      const res = await call('POST', '/api/accounts/my-cards', { token: u.access, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain(message);
    });

    it('reads an expiry typed without its slash, or with another separator, as the MM/YY it means', async () => {
      const u = await newUser();
      for (const [typed, stored] of [
        ['0429', '04/29'],
        ['4/29', '04/29'],
        ['12-31', '12/31'],
        [' 06 / 30 ', '06/30'],
      ] as const) {
        const add = await call('POST', '/api/accounts/my-cards', {
          token: u.access,
          body: { card_id: 'axis_ace', expiry_date: typed },
        });
        expect(add.statusCode, typed).toBe(201);
        expect(add.json().expiry_date, typed).toBe(stored);
        await call('DELETE', `/api/accounts/my-cards/${add.json().id}`, { token: u.access });
      }
    });

    it('refuses an expiry month already past and a joining date after today in India, as the web form does', async () => {
      const u = await newUser();
      const today = todayInIndia();
      const [y, m] = today.split('-').map(Number) as [number, number];
      const mmyy = (year: number, month: number) =>
        `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
      const lastMonth = m === 1 ? mmyy(y - 1, 12) : mmyy(y, m - 1);
      const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      for (const [body, message] of [
        [{ card_id: 'axis_ace', expiry_date: lastMonth }, OWNED_CARD_MESSAGES.expired],
        [{ card_id: 'axis_ace', joining_date: tomorrow }, OWNED_CARD_MESSAGES.joiningFuture],
      ] as const) {
        const res = await call('POST', '/api/accounts/my-cards', { token: u.access, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().detail, JSON.stringify(body)).toContain(message);
      }
      // This month's expiry is still valid (to the month's end), and a card joined today is fine.
      const ok = await call('POST', '/api/accounts/my-cards', {
        token: u.access,
        body: { card_id: 'axis_ace', expiry_date: mmyy(y, m), joining_date: today },
      });
      expect(ok.statusCode).toBe(201);
    });

    it('never shows or touches another user’s cards, nor a card outside the tenant’s catalogue', async () => {
      const a = await newUser();
      const b = await newUser();
      const rec = (
        await call('POST', '/api/accounts/my-cards', { token: a.access, body: { card_id: 'axis_ace' } })
      ).json();
      expect((await call('GET', '/api/accounts/my-cards', { token: b.access })).json()).toEqual([]);
      expect((await call('DELETE', `/api/accounts/my-cards/${rec.id}`, { token: b.access })).statusCode).toBe(
        404,
      );
      expect(
        (
          await call('PATCH', `/api/accounts/my-cards/${rec.id}`, {
            token: b.access,
            body: { is_active: false },
          })
        ).statusCode,
      ).toBe(404);
      expect((await call('GET', '/api/accounts/my-cards', { token: a.access })).json()).toHaveLength(1);
      expect(
        (await call('DELETE', '/api/accounts/my-cards/not-a-uuid', { token: a.access })).statusCode,
      ).toBe(400);
      // paisapal does not show SBI cards.
      const p = await newUser('paisapal');
      const sbi = await call('POST', '/api/accounts/my-cards', {
        token: p.access,
        tenant: 'paisapal',
        body: { card_id: 'sbi_cashback' },
      });
      expect(sbi.statusCode).toBe(400);
    });
  });

  describe('preferences', () => {
    it('defaults, saves per user, de-duplicates', async () => {
      const u = await newUser();
      const other = await newUser();
      expect((await call('GET', '/api/accounts/preferences', { token: u.access })).json()).toEqual({
        compareCards: [],
        excludeCards: [],
        ownedCards: [],
        desiredCardCount: 1,
      });
      const put = await call('PUT', '/api/accounts/preferences', {
        token: u.access,
        body: {
          compareCards: ['axis_ace', 'axis_ace'],
          excludeCards: ['hdfc_ltf'],
          ownedCards: ['hdfc_swiggy'],
          desiredCardCount: 7,
        },
      });
      expect(put.statusCode).toBe(200);
      const saved = {
        compareCards: ['axis_ace'],
        excludeCards: ['hdfc_ltf'],
        ownedCards: ['hdfc_swiggy'],
        desiredCardCount: 7,
      };
      expect(put.json()).toEqual({ ...saved, warnings: [] });
      expect((await call('GET', '/api/accounts/preferences', { token: u.access })).json()).toEqual(saved);
      expect(
        (await call('GET', '/api/accounts/preferences', { token: other.access })).json().compareCards,
      ).toEqual([]);
    });

    it('refuses a misspelt key or a count outside 1..10 and keeps what was saved', async () => {
      // The form clamps what a person types (spec §5); a client sending these has a bug, and a
      // dropped key saved as an empty list would wipe the user's choices.
      const u = await newUser();
      const saved = { compareCards: ['axis_ace'], excludeCards: [], ownedCards: [], desiredCardCount: 3 };
      expect(
        (await call('PUT', '/api/accounts/preferences', { token: u.access, body: saved })).statusCode,
      ).toBe(200);
      for (const body of [
        { ...saved, compare_cards: ['axis_ace'] },
        { ...saved, desiredCardCount: 0 },
        { ...saved, desiredCardCount: 11 },
        { ...saved, desiredCardCount: 3.7 },
        { ...saved, desiredCardCount: 'lots' },
        { ...saved, desiredCardCount: '4' },
        { ...saved, desiredCardCount: 1e308 },
      ]) {
        const res = await call('PUT', '/api/accounts/preferences', { token: u.access, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().detail, JSON.stringify(body)).toBeTruthy();
      }
      expect((await call('GET', '/api/accounts/preferences', { token: u.access })).json()).toEqual(saved);
    });

    it('refuses unknown cards, cards of another tenant’s catalogue, and a card both compared and excluded', async () => {
      const u = await newUser();
      const none = { compareCards: [], excludeCards: [], ownedCards: [], desiredCardCount: 1 };
      const unknown = await call('PUT', '/api/accounts/preferences', {
        token: u.access,
        body: { ...none, compareCards: ['nope'] },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toBe('Unknown card id(s): nope.');
      const both = await call('PUT', '/api/accounts/preferences', {
        token: u.access,
        body: { ...none, compareCards: ['axis_ace'], excludeCards: ['axis_ace'] },
      });
      expect(both.statusCode).toBe(400);
      expect(both.json().detail).toBe(
        "Invalid request body: excludeCards: Card 'axis_ace' is in both compareCards and excludeCards; a card can be in only one of compareCards, excludeCards and ownedCards.",
      );
      const owned = await call('PUT', '/api/accounts/preferences', {
        token: u.access,
        body: { ...none, excludeCards: ['hdfc_ltf'], ownedCards: ['axis_ace', 'hdfc_ltf'] },
      });
      expect(owned.statusCode).toBe(400);
      expect(owned.json().detail).toContain("Card 'hdfc_ltf' is in both excludeCards and ownedCards");
      const p = await newUser('paisapal');
      const sbi = await call('PUT', '/api/accounts/preferences', {
        token: p.access,
        tenant: 'paisapal',
        body: { ...none, excludeCards: ['sbi_cashback'] },
      });
      expect(sbi.statusCode).toBe(400);
      expect(sbi.json().detail).toBe('Unknown card id(s): sbi_cashback.');
      const text = await call('PUT', '/api/accounts/preferences', {
        token: u.access,
        body: { ...none, compareCards: 'x' },
      });
      expect(text.statusCode).toBe(400);
      expect(text.json().detail).toBe('Invalid request body: compareCards: must be a list, not text.');
    });

    it('drops a card held on the account from compare and exclude and says so, rather than refusing the save', async () => {
      const u = await newUser();
      const add = await call('POST', '/api/accounts/my-cards', {
        token: u.access,
        body: { card_id: 'hdfc_swiggy' },
      });
      expect(add.statusCode).toBeLessThan(300);
      // A past card (inactive record) is not held: it stays where the user put it.
      const past = await call('POST', '/api/accounts/my-cards', {
        token: u.access,
        body: { card_id: 'axis_premium', is_active: false },
      });
      expect(past.statusCode).toBeLessThan(300);
      const res = await call('PUT', '/api/accounts/preferences', {
        token: u.access,
        body: {
          compareCards: ['hdfc_swiggy', 'axis_ace'],
          excludeCards: ['axis_premium'],
          ownedCards: [],
          desiredCardCount: 2,
        },
      });
      expect(res.statusCode).toBe(200);
      const saved = {
        compareCards: ['axis_ace'],
        excludeCards: ['axis_premium'],
        ownedCards: [],
        desiredCardCount: 2,
      };
      expect(res.json()).toEqual({
        ...saved,
        warnings: [
          'Swiggy HDFC Bank Credit Card is on your account as a card you hold, so it counts as owned and was left out of the cards to compare.',
        ],
      });
      expect((await call('GET', '/api/accounts/preferences', { token: u.access })).json()).toEqual(saved);
      const excluded = await call('PUT', '/api/accounts/preferences', {
        token: u.access,
        body: { ...saved, compareCards: [], excludeCards: ['hdfc_swiggy'] },
      });
      expect(excluded.json()).toMatchObject({
        excludeCards: [],
        warnings: [expect.stringContaining('cards to exclude')],
      });
      // Another user holding nothing keeps the same choices as sent, without warnings.
      const other = await newUser();
      const plain = await call('PUT', '/api/accounts/preferences', {
        token: other.access,
        body: { ...saved, compareCards: ['hdfc_swiggy'] },
      });
      expect(plain.json()).toEqual({ ...saved, compareCards: ['hdfc_swiggy'], warnings: [] });
    });

    it('takes the preferences whole: a field left out is refused with its name, and what was saved stays', async () => {
      // A PUT replaces what was saved; `{}` used to be saved as the defaults, wiping every choice.
      const u = await newUser();
      const saved = {
        compareCards: ['axis_ace'],
        excludeCards: ['hdfc_ltf'],
        ownedCards: ['hdfc_swiggy'],
        desiredCardCount: 4,
      };
      expect(
        (await call('PUT', '/api/accounts/preferences', { token: u.access, body: saved })).statusCode,
      ).toBe(200);
      const empty = await call('PUT', '/api/accounts/preferences', { token: u.access, body: {} });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().detail).toBe(
        'Invalid request body: compareCards: is required (an empty list for none); ' +
          'excludeCards: is required (an empty list for none); ownedCards: is required (an empty list for none); ' +
          'desiredCardCount: is required (a whole number from 1 to 10).',
      );
      expect(empty.json().errors.map((e: { path: string }) => e.path)).toEqual([
        'compareCards',
        'excludeCards',
        'ownedCards',
        'desiredCardCount',
      ]);
      for (const missing of Object.keys(saved) as (keyof typeof saved)[]) {
        const { [missing]: _, ...rest } = saved;
        const res = await call('PUT', '/api/accounts/preferences', { token: u.access, body: rest });
        expect(res.statusCode, missing).toBe(400);
        expect(res.json().errors, missing).toEqual([
          { path: missing, message: expect.stringContaining('is required') },
        ]);
      }
      expect((await call('GET', '/api/accounts/preferences', { token: u.access })).json()).toEqual(saved);
      // The whole of them, as the web app sends them, still saves (empty lists included).
      const cleared = { compareCards: [], excludeCards: [], ownedCards: [], desiredCardCount: 1 };
      const put = await call('PUT', '/api/accounts/preferences', { token: u.access, body: cleared });
      expect(put.statusCode).toBe(200);
      expect((await call('GET', '/api/accounts/preferences', { token: u.access })).json()).toEqual(cleared);
    });
  });

  describe('spending entries', () => {
    const entry = (id: string, over: Record<string, unknown> = {}) => ({
      id,
      amount: 2500,
      spending_mode: 'online',
      platform_type: 'online.food_delivery',
      platform_name: 'online.food_delivery.swiggy',
      spending_category: null,
      spending_sub_category: null,
      product: null,
      brand: 'Swiggy',
      frequency: 'MONTHLY',
      transaction_type: null,
      ...over,
    });

    it('stores the list per user, in order, with defaults', async () => {
      const u = await newUser();
      const other = await newUser();
      expect((await call('GET', '/api/accounts/spending-entries', { token: u.access })).json()).toEqual([]);
      const body = [
        entry('b'),
        entry('a', {
          amount: '120.5',
          frequency: 'WEEKLY',
          // A select's option object is reduced to its id as text (spec §3).
          spending_mode: { id: 'offline' },
          platform_type: null,
          platform_name: null,
          payment_method: undefined,
        }),
        { id: 'c', amount: '' },
      ];
      const put = await call('PUT', '/api/accounts/spending-entries', { token: u.access, body });
      expect(put.statusCode).toBe(200);
      const list = (await call('GET', '/api/accounts/spending-entries', { token: u.access })).json();
      expect(list.map((e: { id: string }) => e.id)).toEqual(['b', 'a', 'c']);
      expect(list[1]).toMatchObject({
        amount: 120.5,
        frequency: 'WEEKLY',
        spending_mode: 'offline',
        payment_method: 'other',
      });
      expect(list[2]).toEqual({
        id: 'c',
        amount: 0,
        spending_mode: null,
        platform_type: null,
        platform_name: null,
        spending_category: null,
        spending_sub_category: null,
        product: null,
        brand: null,
        frequency: 'MONTHLY',
        payment_method: 'other',
        transaction_type: null,
      });
      expect((await call('GET', '/api/accounts/spending-entries', { token: other.access })).json()).toEqual(
        [],
      );
      // Replacing is whole.
      await call('PUT', '/api/accounts/spending-entries', { token: u.access, body: [entry('z')] });
      expect((await call('GET', '/api/accounts/spending-entries', { token: u.access })).json()).toHaveLength(
        1,
      );
    });

    it.each([
      ['a non-number amount', [entry('a', { amount: 'ten' })], 'Amount is required and must be a number.'],
      ['a negative amount', [entry('a', { amount: -5 })], 'amount'],
      ['an unknown frequency', [entry('a', { frequency: 'FORTNIGHTLY' })], 'frequency'],
      ['duplicate ids', [entry('a'), entry('a')], 'Duplicate entry id.'],
      ['201 entries', Array.from({ length: 201 }, (_, i) => entry(`e${i}`)), 'At most 200 spending entries.'],
      ['not a list', { id: 'a' }, 'Invalid request body'],
      // The list is the whole resource: `{}` is no list, not an empty one.
      ['an empty object', {}, 'Invalid request body: must be a list, not an object'],
      [
        'an unknown category id',
        [entry('a', { platform_name: 'nope' })],
        "[0].platform_name: unknown category id 'nope'.",
      ],
      [
        'a category of the wrong level',
        [entry('a', { spending_mode: 'online.food_delivery' })],
        'is not a spending mode',
      ],
      [
        'levels off one path',
        [entry('keep2'), entry('a', { spending_mode: 'offline' })],
        "[1].platform_type: category 'online.food_delivery' is not under 'offline'.",
      ],
    ])('rejects %s with 400, keeping what was stored', async (_label, body, message) => {
      const u = await newUser();
      await call('PUT', '/api/accounts/spending-entries', { token: u.access, body: [entry('keep')] });
      const res = await call('PUT', '/api/accounts/spending-entries', { token: u.access, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain(message);
      expect((await call('GET', '/api/accounts/spending-entries', { token: u.access })).json()).toHaveLength(
        1,
      );
    });

    it('accepts exactly 200 entries', async () => {
      const u = await newUser();
      const res = await call('PUT', '/api/accounts/spending-entries', {
        token: u.access,
        body: Array.from({ length: 200 }, (_, i) => entry(`e${i}`)),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(200);
    });
  });
});
