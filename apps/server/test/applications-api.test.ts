import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_DOCUMENT_BYTES, todayInIndia } from '@cardwise/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setDecision } from '../src/features/applications/applications-repository.ts';
import {
  applicationDocuments,
  applications,
  idempotencyKeys,
} from '../src/features/applications/applications-schema.ts';
import { TEMP_PREFIX } from '../src/plumbing/storage.ts';
import { signUp } from './support/accounts-helpers.ts';
import {
  EMPLOYMENT,
  type FilePart,
  JPEG,
  multipartBody,
  PDF,
  PERSONAL,
  PNG,
  REQUIRED_FILES,
  SCRIPT,
} from './support/applications-helpers.ts';
import { DB_KINDS, useTestApp } from './support/test-app.ts';

const CARD = 'hdfc_swiggy';

describe.each(DB_KINDS)('applications API on %s', (kind) => {
  let n = 0;
  const docsDir = () => join(t.dataDir, 'documents');
  const storedFiles = () => {
    try {
      return readdirSync(docsDir()).filter((f) => !f.startsWith(TEMP_PREFIX));
    } catch {
      return [];
    }
  };

  // A catalogue cache of 0 s makes every request reload it, as a user who spends more than the
  // default 30 s on a step meets it: step saves and the final submit used to reload it inside
  // their transaction, which on the embedded database (one connection) hung the whole server.
  const t = useTestApp(kind, { tempDataDir: true, config: { CATALOG_CACHE_TTL_SECONDS: '0' } });

  interface Opts {
    token?: string;
    tenant?: string;
    headers?: Record<string, string>;
  }
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, o: Opts = {}) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.7.0.${(n % 250) + 1}`,
      headers: {
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.tenant ? { 'x-tenant': o.tenant } : {}),
        ...o.headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const upload = (
    token: string,
    id: number | string,
    files: FilePart[],
    headers: Record<string, string> = {},
  ) => {
    const { body, contentType } = multipartBody(files);
    return t.app.inject({
      method: 'POST',
      url: `/api/leads/applications/${id}/upload_documents`,
      remoteAddress: '10.7.1.1',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType, ...headers },
      payload: body,
    });
  };

  async function newUser(tenant?: string) {
    n++;
    return signUp(t.app, {
      tenant,
      email: `apply${n}-${Date.now()}@example.com`,
      remoteAddress: `10.7.0.${(n % 250) + 1}`,
    });
  }

  async function started(token: string, card = CARD) {
    const res = await call('POST', '/api/leads/applications/start_application', { card_id: card }, { token });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; reference_id: string };
  }

  const step = (token: string, id: number | string, stepName: string, data: unknown, isCompleted = true) =>
    call(
      'POST',
      `/api/leads/applications/${id}/submit_step`,
      { step: stepName, is_completed: isCompleted, data },
      { token },
    );

  /** A draft at review: personal, employment and the 4 required documents done. */
  async function atReview(token: string, card = CARD) {
    const app = await started(token, card);
    expect((await step(token, app.id, 'personal_details', PERSONAL)).statusCode).toBe(200);
    expect((await step(token, app.id, 'employment_details', EMPLOYMENT)).statusCode).toBe(200);
    expect((await upload(token, app.id, REQUIRED_FILES)).statusCode).toBe(200);
    expect((await step(token, app.id, 'document_upload', { pan_uploaded: true })).statusCode).toBe(200);
    expect((await step(token, app.id, 'review', { confirmed: true, consented: true })).statusCode).toBe(200);
    return app;
  }

  // ---------------------------------------------------------------- start

  describe('start_application', () => {
    it('starts a draft at personal_details with a random reference, then resumes it', async () => {
      const u = await newUser();
      const res = await call(
        'POST',
        '/api/leads/applications/start_application',
        { card_id: CARD },
        { token: u.access },
      );
      expect(res.statusCode).toBe(201);
      const a = res.json();
      expect(a).toMatchObject({
        is_new: true,
        is_existing: false,
        status: 'draft',
        current_step: 'personal_details',
        card: CARD,
        user: u.user_id,
        steps: [],
        step_logs: [],
      });
      expect(a.reference_id).toMatch(/^CW-\d{4}-[2-9A-Z]{8}$/);
      expect(a.application_number).toBe(a.reference_id);
      expect(a.card_details.name).toBeTruthy();
      expect(typeof a.id).toBe('number');

      await step(u.access, a.id, 'personal_details', PERSONAL);
      const again = await call(
        'POST',
        '/api/leads/applications/start_application',
        { card_id: CARD },
        { token: u.access },
      );
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        id: a.id,
        reference_id: a.reference_id,
        is_new: false,
        is_existing: true,
        current_step: 'employment_details',
        status: 'personal_details',
      });
    });

    it("needs a card id ('Card ID is missing.'), a known card, a complete-journey bank and a user", async () => {
      const u = await newUser();
      const missing = await call(
        'POST',
        '/api/leads/applications/start_application',
        {},
        { token: u.access },
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json().detail).toContain('Card ID is missing.');
      const nullId = await call(
        'POST',
        '/api/leads/applications/start_application',
        { card_id: null },
        { token: u.access },
      );
      expect(nullId.json().detail).toBe('Invalid request body: card_id: Card ID is missing.');
      // There, only of another type: not "missing" either.
      const listId = await call(
        'POST',
        '/api/leads/applications/start_application',
        { card_id: [CARD] },
        { token: u.access },
      );
      expect(listId.json().detail).toBe('Invalid request body: card_id: must be text, not a list.');
      // JSON's 1e400 reads as Infinity: once looked up as the card 'Infinity' (a 404).
      const huge = await call('POST', '/api/leads/applications/start_application', '{"card_id":1e400}', {
        token: u.access,
        headers: { 'content-type': 'application/json' },
      });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().detail).toBe('Invalid request body: card_id: is too large a number.');
      // There, only longer than any card id: not "missing".
      const tooLong = await call(
        'POST',
        '/api/leads/applications/start_application',
        { card_id: 'x'.repeat(201) },
        { token: u.access },
      );
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().detail).toBe(
        'Invalid request body: card_id: Ensure this field has no more than 200 characters.',
      );
      const unknown = await call(
        'POST',
        '/api/leads/applications/start_application',
        { card_id: 'nope' },
        { token: u.access },
      );
      expect(unknown.statusCode).toBe(404);
      const otherBank = await call(
        'POST',
        '/api/leads/applications/start_application',
        { card_id: 'sbi_cashback' },
        { token: u.access },
      );
      expect(otherBank.statusCode).toBe(400);
      expect(otherBank.json()).toMatchObject({ code: 'not_in_product' });
      expect(otherBank.json().detail).toMatch(/cannot be applied for here/);
      const anonymous = await call('POST', '/api/leads/applications/start_application', { card_id: CARD });
      expect(anonymous.statusCode).toBe(401);
      expect(
        await t.database.db.select().from(applications).where(eq(applications.card_id, 'sbi_cashback')),
      ).toEqual([]);
    });

    it('answers ALREADY_SUBMITTED with the application number and submitted date once submitted', async () => {
      const u = await newUser();
      const a = await atReview(u.access);
      const sub = await call(
        'POST',
        `/api/leads/applications/${a.id}/submit_application`,
        { status: 'submitted' },
        { token: u.access },
      );
      expect(sub.statusCode).toBe(200);
      const res = await call(
        'POST',
        '/api/leads/applications/start_application',
        { card_id: CARD },
        { token: u.access },
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'ALREADY_SUBMITTED',
        detail: 'Your application has already been submitted.',
        application_number: a.reference_id,
        reference_id: a.reference_id,
        application_id: a.id,
        status: 'submitted',
        submitted_at: sub.json().submitted_at,
      });
      expect(res.json().submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });
  });

  // ---------------------------------------------------------------- personal

  describe('personal_details step', () => {
    it('rejects bad input, each rule with its message, and writes nothing', async () => {
      const u = await newUser();
      const a = await started(u.access);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...PERSONAL, fullName: '' }, 'full_name', 'This field is required.'],
        [
          { ...PERSONAL, fullName: 'x'.repeat(101) },
          'full_name',
          'Ensure this field has no more than 100 characters.',
        ],
        [
          { ...PERSONAL, address_line1: 'y'.repeat(101) },
          'address_line1',
          'Ensure this field has no more than 100 characters.',
        ],
        [
          { ...PERSONAL, address_line2: 'z'.repeat(101) },
          'address_line2',
          'Ensure this field has no more than 100 characters.',
        ],
        [
          { ...PERSONAL, panNumber: 'ABCDE123456' },
          'pan_number',
          'Ensure this field has no more than 10 characters.',
        ],
        [
          { ...PERSONAL, panNumber: '1234567890' },
          'pan_number',
          'Please enter a valid PAN number (e.g., ABCDE1234F)',
        ],
        [{ ...PERSONAL, pincode: '5600251' }, 'pincode', 'Ensure this field has no more than 6 characters.'],
        [{ ...PERSONAL, gender: 'X' }, 'gender', 'This field is required.'],
        [
          { ...PERSONAL, dateOfBirth: '2015-06-01' },
          'date_of_birth',
          'You must be at least 18 years old to apply.',
        ],
        [
          { ...PERSONAL, dateOfBirth: '2090-06-01' },
          'date_of_birth',
          'Date of birth cannot be in the future.',
        ],
        [
          { ...PERSONAL, aadhaarNumber: '12345' },
          'aadhaar_number',
          'Please enter a valid 12-digit Aadhaar number',
        ],
        [
          { ...PERSONAL, dateOfBirth: '1991-02-30' },
          'date_of_birth',
          'Enter a valid date of birth (YYYY-MM-DD).',
        ],
        [
          { ...PERSONAL, dateOfBirth: '1906-11-27' },
          'date_of_birth',
          'Please check the year of your date of birth.',
        ],
        [{ ...PERSONAL, email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
        [{ ...PERSONAL, mobile: '12345' }, 'mobile', 'Please enter a valid 10-digit Indian mobile number'],
        [
          { ...PERSONAL, aadhaarNumber: '234567890123' },
          'aadhaar_number',
          'This is not a valid Aadhaar number: check its 12 digits.',
        ],
        // The wizard's lists: a city of another state, or a state not on the list.
        [{ ...PERSONAL, city: 'Mumbai' }, 'city', 'Select a city of the state you chose.'],
        [{ ...PERSONAL, state: 'Atlantis', city: 'Bengaluru' }, 'state', 'Select your state from the list.'],
      ];
      for (const [data, path, message] of cases) {
        const res = await step(u.access, a.id, 'personal_details', data);
        expect(res.statusCode, path).toBe(400);
        // That message alone: a bad value says one thing, not a length and a format message.
        expect(
          (res.json().errors as { path: string }[]).filter((e) => e.path === path),
          path,
        ).toEqual([{ path, message }]);
      }
      const [row] = await t.database.db.select().from(applications).where(eq(applications.id, a.id));
      expect(row?.personal_details).toBeNull();
      expect(row?.current_step).toBe('personal_details');
    });

    it('is 18 on the birthday, not the day before', async () => {
      const u = await newUser();
      const a = await started(u.access);
      // India's calendar day, as the server counts ages: between 18:30 and
      // midnight UTC it is already tomorrow there.
      const [y, m, d] = todayInIndia().split('-').map(Number) as [number, number, number];
      const iso = (date: Date) => date.toISOString().slice(0, 10);
      const eighteen = new Date(Date.UTC(y - 18, m - 1, d));
      const dayAfter = new Date(eighteen.getTime() + 86_400_000);
      expect(
        (await step(u.access, a.id, 'personal_details', { ...PERSONAL, dateOfBirth: iso(dayAfter) }))
          .statusCode,
      ).toBe(400);
      expect(
        (await step(u.access, a.id, 'personal_details', { ...PERSONAL, dateOfBirth: iso(eighteen) }))
          .statusCode,
      ).toBe(200);
    });

    it('accepts alias spellings, normalises gender, snake_cases keys; PAN and Aadhaar encrypted at rest', async () => {
      const u = await newUser();
      const a = await started(u.access);
      const res = await step(u.access, a.id, 'personal', {
        first_name: 'Meera',
        lastName: 'Iyer',
        dob: '1991-04-12',
        gender: 'female',
        pan: 'abcpi1234k',
        addressLine1: '14 Residency Road',
        state: 'Karnataka',
        city: 'Bengaluru',
        zip: 560025,
        email: 'Meera.Iyer@Example.com',
        phone: '+91 98765 01234',
        aadhaar_number: '2345 6789 0124',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.application_data.personal_details).toEqual({
        full_name: 'Meera Iyer',
        date_of_birth: '1991-04-12',
        gender: 'FEMALE',
        pan_number: 'ABCPI1234K',
        address_line1: '14 Residency Road',
        state: 'Karnataka',
        city: 'Bengaluru',
        pincode: '560025',
        country: 'India',
        email: 'meera.iyer@example.com',
        mobile: '9876501234',
        aadhaar_last4: '0124',
        aadhaar_masked: 'XXXXXXXX0124',
      });
      expect(body).toMatchObject({
        status: 'personal_details',
        current_step: 'employment_details',
        steps: ['personal_details'],
      });
      expect(JSON.stringify(body)).not.toContain('234567890124');

      // At rest: no PAN, no Aadhaar in clear anywhere in the row.
      const raw = await t.database.db.execute(
        sql`select row_to_json(a)::text as j from applications a where id = ${a.id}`,
      );
      const text = String(((raw as unknown as { rows: { j: string }[] }).rows[0] as { j: string }).j);
      expect(text).not.toContain('ABCPI1234K');
      expect(text).not.toContain('234567890124');
      expect(text).toContain('pan_encrypted');
      expect(text).toContain('v1:');

      for (const g of [
        ['M', 'MALE'],
        ['MALE', 'MALE'],
        ['o', 'OTHER'],
      ]) {
        const r = await step(u.access, a.id, 'personal_details', { ...PERSONAL, gender: g[0] });
        expect(r.json().application_data.personal_details.gender).toBe(g[1]);
      }
    });

    it("refuses a PIN code of another state than the address's, saving nothing (ADR 030)", async () => {
      const u = await newUser();
      const a = await started(u.access);
      const message = 'PIN code 110001 is in Delhi, not Karnataka. Check the PIN code or the state.';
      for (const isCompleted of [true, false]) {
        const res = await step(
          u.access,
          a.id,
          'personal_details',
          { ...PERSONAL, pincode: '110001' },
          isCompleted,
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([{ path: 'pincode', message }]);
        expect(res.json().detail).toContain(message.slice(0, -1));
      }
      const app = await call('GET', `/api/leads/applications/${a.id}`, undefined, { token: u.access });
      expect(app.json()).toMatchObject({ current_step: 'personal_details', steps: [] });
      expect(app.json().application_data?.personal_details ?? {}).not.toHaveProperty('pincode');
      // Its own state's PIN code goes through; so does the Army Postal Service's with any state.
      for (const pincode of ['560001', '930001'])
        expect((await step(u.access, a.id, 'personal_details', { ...PERSONAL, pincode })).statusCode).toBe(
          200,
        );
    });

    it('a draft save (is_completed false) merges, checks what is given and does not advance', async () => {
      const u = await newUser();
      const a = await started(u.access);
      const r1 = await step(u.access, a.id, 'personal_details', { fullName: 'Meera Iyer' }, false);
      expect(r1.statusCode).toBe(200);
      const r2 = await step(u.access, a.id, 'personal_details', { city: 'Mysuru' }, false);
      expect(r2.json().application_data.personal_details).toMatchObject({
        full_name: 'Meera Iyer',
        city: 'Mysuru',
      });
      expect(r2.json()).toMatchObject({ status: 'draft', current_step: 'personal_details', steps: [] });
      expect((await step(u.access, a.id, 'personal_details', { panNumber: 'bad' }, false)).statusCode).toBe(
        400,
      );
      // A city of another state is refused in a draft too, when the draft names both.
      const elsewhere = await step(
        u.access,
        a.id,
        'personal_details',
        { state: 'Karnataka', city: 'Pune' },
        false,
      );
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().errors).toEqual([
        { path: 'city', message: 'Select a city of the state you chose.' },
      ]);
      // A draft requires nothing: a value of the wrong type is said to be that, never "required".
      const wrongTypes = await step(
        u.access,
        a.id,
        'personal_details',
        { full_name: { a: [1] }, email: ['x'] },
        false,
      );
      expect(wrongTypes.statusCode).toBe(400);
      expect(wrongTypes.json().errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'full_name', message: 'must be text, not an object' }),
          expect.objectContaining({ path: 'email', message: 'must be text, not a list' }),
        ]),
      );
      expect(JSON.stringify(wrongTypes.json())).not.toContain('This field is required.');
      const noStep = await call(
        'POST',
        `/api/leads/applications/${a.id}/submit_step`,
        { step: 123, data: {} },
        { token: u.access },
      );
      expect(noStep.json().detail).toBe('Invalid request body: step: must be text, not a number.');
      expect(
        (await call('GET', `/api/leads/applications/${a.id}`, undefined, { token: u.access })).json()
          .application_data.personal_details,
      ).toMatchObject({ full_name: 'Meera Iyer', city: 'Mysuru' });
    });
  });

  // ---------------------------------------------------------------- employment

  describe('employment_details step', () => {
    it('enforces the field dependencies, sets the limit to "0" on NO, and snake_cases keys', async () => {
      const u = await newUser();
      const a = await started(u.access);
      await step(u.access, a.id, 'personal_details', PERSONAL);

      const salariedBare = await step(u.access, a.id, 'employment_details', {
        employmentType: 'SALARIED',
        existingCreditCards: 'YES',
      });
      expect(salariedBare.statusCode).toBe(400);
      const paths = salariedBare.json().errors.map((e: { path: string }) => e.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          'company_name',
          'designation',
          'industry',
          'company_type',
          'work_experience_years',
          'annual_income',
          'monthly_income',
          'existing_credit_card_limit',
        ]),
      );

      const bad = await step(u.access, a.id, 'employment_details', {
        ...EMPLOYMENT,
        industry: 'MINING',
        annual_income: 'lots',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['industry', 'annual_income']);

      // A value failing two checks of the same message says it once.
      const huge = await step(u.access, a.id, 'employment_details', {
        ...EMPLOYMENT,
        work_experience_years: '999999999999999999999',
      });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().errors).toEqual([
        { path: 'work_experience_years', message: 'Enter a whole number of years between 0 and 60.' },
      ]);
      expect(huge.json().detail).toBe(
        'Invalid employment details: work_experience_years: Enter a whole number of years between 0 and 60.',
      );

      const missingType = await step(u.access, a.id, 'employment_details', { existingCreditCards: 'NO' });
      expect(missingType.json().errors).toContainEqual({
        path: 'employment_type',
        message: 'This field is required.',
      });

      // A student: company and income fields do not apply and are dropped.
      const student = await step(u.access, a.id, 'employment_details', {
        employmentType: 'STUDENT',
        companyName: 'Ignored Ltd',
        annualIncome: '100',
        existingCreditCards: 'NO',
        existingCreditCardLimit: '90000',
        salary: { basic: 1 },
      });
      expect(student.statusCode).toBe(200);
      expect(student.json().application_data.employment_details).toEqual({
        employment_type: 'STUDENT',
        existing_credit_cards: 'NO',
        existing_credit_card_limit: '0',
      });

      // Retired: incomes apply, company fields do not.
      const retired = await step(u.access, a.id, 'employment_details', {
        employmentType: 'RETIRED',
        existingCreditCards: 'YES',
      });
      expect(retired.json().errors.map((e: { path: string }) => e.path)).toEqual([
        'annual_income',
        'monthly_income',
        'existing_credit_card_limit',
      ]);

      const ok = await step(u.access, a.id, 'employment_details', {
        employmentType: 'SALARIED',
        companyName: 'Infosys',
        designation: 'Engineer',
        industry: 'it',
        companyType: 'MNC',
        workExperienceYears: '6',
        annualIncome: '18,00,000',
        monthlyIncome: 150000,
        existingCreditCards: 'YES',
        existingCreditCardLimit: '250000',
        existingLoanEmi: '',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().application_data.employment_details).toEqual({
        employment_type: 'SALARIED',
        company_name: 'Infosys',
        designation: 'Engineer',
        industry: 'IT',
        company_type: 'MNC',
        work_experience_years: 6,
        annual_income: '1800000',
        monthly_income: '150000',
        existing_credit_cards: 'YES',
        existing_credit_card_limit: '250000',
      });
      expect(ok.json()).toMatchObject({ status: 'employment_details', current_step: 'document_upload' });
    });

    it('keeps the order: employment before personal is refused; unknown steps are 400', async () => {
      const u = await newUser();
      const a = await started(u.access);
      const early = await step(u.access, a.id, 'employment_details', EMPLOYMENT);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({
        code: 'step_out_of_order',
        detail: 'Please complete Personal Details first.',
      });
      const unknown = await step(u.access, a.id, 'financial_details', {});
      expect(unknown.statusCode).toBe(400);
      // Names every object inherits are unknown steps and unknown documents too, and change nothing.
      for (const name of ['constructor', 'Constructor', '__proto__', 'toString']) {
        const inherited = await step(u.access, a.id, name, {});
        expect(inherited.statusCode, name).toBe(400);
        expect(inherited.json().detail, name).toMatch(/Unknown step/);
        const doc = await call('DELETE', `/api/leads/applications/${a.id}/documents/${name}`, undefined, {
          token: u.access,
        });
        expect(doc.statusCode, name).toBe(404);
      }
      expect(
        (await call('GET', `/api/leads/applications/${a.id}`, undefined, { token: u.access })).statusCode,
      ).toBe(200);
      const wrongRef = await call(
        'POST',
        `/api/leads/applications/${a.id}/submit_step`,
        { step: 'personal_details', reference_id: 'CW-2020-AAAAAAAA', data: PERSONAL },
        { token: u.access },
      );
      expect(wrongRef.statusCode).toBe(400);
    });
  });

  // ---------------------------------------------------------------- documents

  describe('documents', () => {
    it('stores the 4 required documents under generated names, lists and serves them to the owner', async () => {
      const u = await newUser();
      const a = await started(u.access);
      const before = storedFiles().length;
      const res = await upload(u.access, a.id, REQUIRED_FILES);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.detail).toBe('4 documents uploaded.');
      expect(body.missing_required).toEqual([]);
      expect(body.documents.map((d: { document_type: string }) => d.document_type).sort()).toEqual(
        ['aadhaar_back', 'aadhaar_front', 'address_proof', 'pan'].sort(),
      );
      expect(storedFiles().length).toBe(before + 4);
      const rows = await t.database.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.application_id, a.id));
      for (const r of rows) {
        expect(r.storage_key).toMatch(/^[0-9a-f]{32}$/);
        expect(storedFiles()).toContain(r.storage_key);
      }

      const list = await call('GET', `/api/leads/applications/${a.id}/upload_documents`, undefined, {
        token: u.access,
      });
      expect(list.statusCode).toBe(200);
      const pan = list.json().find((d: { document_type: string }) => d.document_type === 'pan');
      expect(pan).toMatchObject({
        file_name: 'pan.jpg',
        mime_type: 'image/jpeg',
        file_size: JPEG.length,
        is_verified: false,
      });

      const file = await call('GET', pan.file_url, undefined, { token: u.access });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="pan.jpg"/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(JPEG)).toBe(true);
      // By reference id and by alias too.
      const byRef = await call(
        'GET',
        `/api/leads/applications/${a.reference_id}/documents/pan_card/file`,
        undefined,
        { token: u.access },
      );
      expect(byRef.statusCode).toBe(200);
    });

    it("rejects a file of 5 MB + 1 byte with 'File is too large (max 5MB)' and accepts exactly 5 MB", async () => {
      const u = await newUser();
      const a = await started(u.access);
      const before = storedFiles().length;
      // Padded inside, so it still ends in %%EOF as a whole PDF does (document-structure.ts).
      const end = Buffer.from('\n%%EOF\n');
      const pad = (size: number) => Buffer.alloc(size - PDF.length - end.length, 0x20);
      const big = Buffer.concat([PDF, pad(MAX_DOCUMENT_BYTES + 1), end]);
      expect(big.length).toBe(5 * 1024 * 1024 + 1);
      const res = await upload(u.access, a.id, [
        { type: 'pan', content: big, filename: 'big.pdf', contentType: 'application/pdf' },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: 'File is too large (max 5MB)', code: 'file_too_large' });
      expect(storedFiles().length).toBe(before);
      expect(readdirSync(docsDir()).filter((f) => f.startsWith(TEMP_PREFIX))).toEqual([]);

      const exact = Buffer.concat([PDF, pad(MAX_DOCUMENT_BYTES), end]);
      const ok = await upload(u.access, a.id, [{ type: 'pan', content: exact, filename: 'exact.pdf' }]);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().uploaded[0]).toMatchObject({
        file_size: MAX_DOCUMENT_BYTES,
        mime_type: 'application/pdf',
      });
    });

    it('answers a malformed multipart body or too many parts with 400 and detail, storing nothing', async () => {
      const u = await newUser();
      const a = await started(u.access);
      const before = storedFiles().length;
      const url = `/api/leads/applications/${a.id}/upload_documents`;
      const { body, contentType } = multipartBody([{ type: 'pan', content: PDF, filename: 'pan.pdf' }]);
      const send = (type: string, payload: Buffer) =>
        t.app.inject({
          method: 'POST',
          url,
          remoteAddress: '10.7.1.2',
          headers: { authorization: `Bearer ${u.access}`, 'content-type': type },
          payload,
        });
      for (const [what, res] of [
        ['no boundary', await send('multipart/form-data', body)],
        ['a wrong boundary', await send('multipart/form-data; boundary=not-the-one', body)],
        ['a body cut short', await send(contentType, body.subarray(0, body.length - 30))],
      ] as const) {
        expect(res.statusCode, what).toBe(400);
        expect(res.json(), what).toMatchObject({ code: 'invalid_multipart' });
      }
      // Two types for one file: ambiguous, refused (the second used to win silently).
      const boundary = 'two-types-boundary';
      const twoTypes = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="documents[0][document_type]"\r\n\r\npan\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="documents[0][document_type]"\r\n\r\nincome_proof\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="documents[0][file]"; filename="p.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const ambiguous = await send(`multipart/form-data; boundary=${boundary}`, twoTypes);
      expect(ambiguous.statusCode).toBe(400);
      expect(ambiguous.json()).toMatchObject({
        detail: 'documents[0] has more than one document_type.',
        code: 'invalid',
      });
      const nine = Array.from({ length: 9 }, (_, i) => ({
        type: i % 2 ? 'pan' : 'address_proof',
        content: PDF,
        filename: `f${i}.pdf`,
      }));
      const many = await upload(u.access, a.id, nine);
      expect(many.statusCode).toBe(400);
      expect(many.json()).toMatchObject({ code: 'too_many_parts' });
      expect(many.json().detail).toMatch(/^Too many parts: send at most \d+ documents/);
      expect(storedFiles().length).toBe(before);
    });

    it('decides the type by content: a script renamed .jpg is refused, a PDF declared PNG is stored as PDF', async () => {
      const u = await newUser();
      const a = await started(u.access);
      const before = storedFiles().length;
      const script = await upload(u.access, a.id, [
        { type: 'pan', content: SCRIPT, filename: 'pan.jpg', contentType: 'image/jpeg' },
      ]);
      expect(script.statusCode).toBe(400);
      expect(script.json()).toMatchObject({
        detail: 'Invalid file type. Only JPEG, PNG, and PDF are allowed.',
        code: 'invalid_file_type',
      });
      const html = await upload(u.access, a.id, [
        {
          type: 'pan',
          content: Buffer.from('<html><script>alert(1)</script></html>'),
          filename: 'x.png',
          contentType: 'image/png',
        },
      ]);
      expect(html.statusCode).toBe(400);
      // A JPEG's three-byte signature and nothing after it is not a JPEG.
      const stub = await upload(u.access, a.id, [
        {
          type: 'pan',
          content: Buffer.from([0xff, 0xd8, 0xff]),
          filename: 'pan.jpg',
          contentType: 'image/jpeg',
        },
      ]);
      expect(stub.statusCode).toBe(400);
      expect(stub.json().code).toBe('invalid_file_type');
      // A real type's header with the rest cut off or garbled: no reviewer could open it.
      for (const damaged of [
        JPEG.subarray(0, JPEG.length - 40),
        Buffer.concat([PNG.subarray(0, 16), randomBytes(300)]),
        PDF.subarray(0, PDF.length - 10),
      ]) {
        const res = await upload(u.access, a.id, [{ type: 'pan', content: damaged, filename: 'pan.jpg' }]);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          detail: 'This file is damaged or incomplete. Please choose another file.',
          code: 'damaged_file',
        });
      }
      const empty = await upload(u.access, a.id, [
        { type: 'pan', content: Buffer.alloc(0), filename: 'e.pdf' },
      ]);
      expect(empty.statusCode).toBe(400);
      // Said to be empty: 'Invalid file type' misled about a file named and chosen as a PDF.
      expect(empty.json()).toMatchObject({
        detail: 'The file is empty. Please choose another file.',
        code: 'empty_file',
      });
      // One good file and one bad one in the same request: nothing is kept.
      const mixed = await upload(u.access, a.id, [
        { type: 'pan', content: JPEG, filename: 'ok.jpg' },
        { type: 'aadhaar_front', content: SCRIPT, filename: 'bad.png' },
      ]);
      expect(mixed.statusCode).toBe(400);
      expect(storedFiles().length).toBe(before);
      expect(
        await t.database.db
          .select()
          .from(applicationDocuments)
          .where(eq(applicationDocuments.application_id, a.id)),
      ).toEqual([]);

      const pdfAsPng = await upload(u.access, a.id, [
        { type: 'aadhaar_front', content: PDF, filename: 'scan.png', contentType: 'image/png' },
      ]);
      expect(pdfAsPng.statusCode).toBe(200);
      expect(pdfAsPng.json().uploaded[0]).toMatchObject({
        mime_type: 'application/pdf',
        file_name: 'scan.pdf',
      });
      const file = await call('GET', pdfAsPng.json().uploaded[0].file_url, undefined, { token: u.access });
      expect(file.headers['content-type']).toBe('application/pdf');
    });

    it('accepts the aliases, refuses unknown types and two files of one type, and replaces a type atomically', async () => {
      const u = await newUser();
      const a = await started(u.access);
      const alias = await upload(u.access, a.id, [
        { type: 'pan_card', content: JPEG, filename: 'p.jpg' },
        { type: 'aadhaar_card_front', content: PNG, filename: 'f.png' },
        { type: 'aadhaar_card_back', content: PNG, filename: 'b.png' },
      ]);
      expect(alias.statusCode).toBe(200);
      expect(
        alias
          .json()
          .uploaded.map((d: { document_type: string }) => d.document_type)
          .sort(),
      ).toEqual(['aadhaar_back', 'aadhaar_front', 'pan']);
      expect(alias.json().missing_required).toEqual(['address_proof']);

      const unknown = await upload(u.access, a.id, [{ type: 'selfie', content: JPEG, filename: 's.jpg' }]);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('unknown_document_type');
      // The type, sent first, is the first thing wrong: said before the file's content is judged.
      const unknownDamaged = await upload(u.access, a.id, [
        { type: 'selfie', content: Buffer.from('not an image'), filename: 's.jpg' },
      ]);
      expect(unknownDamaged.statusCode).toBe(400);
      expect(unknownDamaged.json().code).toBe('unknown_document_type');
      const twice = await upload(u.access, a.id, [
        { type: 'pan', content: JPEG, filename: '1.jpg' },
        { type: 'pan_document', content: PNG, filename: '2.png' },
      ]);
      expect(twice.statusCode).toBe(400);
      expect(twice.json().code).toBe('duplicate_document');

      const oldPan = (
        await t.database.db
          .select()
          .from(applicationDocuments)
          .where(eq(applicationDocuments.application_id, a.id))
      ).find((r) => r.document_type === 'pan');
      expect(oldPan).toBeDefined();
      const replace = await upload(u.access, a.id, [{ type: 'pan', content: PDF, filename: 'pan-new.pdf' }]);
      expect(replace.statusCode).toBe(200);
      const rows = await t.database.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.application_id, a.id));
      const pans = rows.filter((r) => r.document_type === 'pan');
      expect(pans).toHaveLength(1);
      expect(pans[0]?.mime_type).toBe('application/pdf');
      expect(storedFiles()).not.toContain(oldPan?.storage_key);
      expect(storedFiles()).toContain(pans[0]?.storage_key);

      const none = await upload(u.access, a.id, []);
      expect(none.statusCode).toBe(400);
      const notMultipart = await call(
        'POST',
        `/api/leads/applications/${a.id}/upload_documents`,
        { pan: 'x' },
        { token: u.access },
      );
      expect(notMultipart.statusCode).toBe(400);
    });

    it('removes a document (owner, before submission)', async () => {
      const u = await newUser();
      const a = await started(u.access);
      await upload(u.access, a.id, [{ type: 'income_proof', content: PDF, filename: 'slip.pdf' }]);
      const [row] = await t.database.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.application_id, a.id));
      const res = await call('DELETE', `/api/leads/applications/${a.id}/documents/income_proof`, undefined, {
        token: u.access,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(storedFiles()).not.toContain(row?.storage_key);
    });

    it('a download whose stored file cannot be read answers {detail} as JSON, not Fastify’s own 500', async () => {
      const u = await newUser();
      const a = await started(u.access);
      await upload(u.access, a.id, [{ type: 'income_proof', content: PDF, filename: 'slip.pdf' }]);
      const [row] = await t.database.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.application_id, a.id));
      // The file opens but its reads fail (EISDIR): the stream errors after the route has set the
      // PDF's headers, as a storage fault mid-download does.
      const path = join(docsDir(), row!.storage_key);
      rmSync(path);
      mkdirSync(path);
      try {
        const res = await call(
          'GET',
          `/api/leads/applications/${a.id}/documents/income_proof/file`,
          undefined,
          {
            token: u.access,
          },
        );
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ detail: 'Internal server error.', code: 'internal' });
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers['content-disposition']).toBeUndefined();
      } finally {
        rmSync(path, { recursive: true, force: true });
      }
    });

    it('stores documents encrypted; a tampered file is 410 document_unreadable, one from before encryption downloads as it was', async () => {
      const u = await newUser();
      const a = await started(u.access);
      expect(
        (await upload(u.access, a.id, [{ type: 'pan', content: PNG, filename: 'pan.png' }])).statusCode,
      ).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.application_id, a.id));
      const path = join(docsDir(), row!.storage_key);
      const url = `/api/leads/applications/${a.id}/documents/pan/file`;
      const download = () => call('GET', url, undefined, { token: u.access });
      // PNG's signature is not at the start of the file on disk, nor anywhere in it.
      expect(readFileSync(path).includes(PNG.subarray(0, 8))).toBe(false);
      const ok = await download();
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-length']).toBe(String(PNG.length));
      expect(ok.rawPayload.equals(PNG)).toBe(true);

      const sealed = readFileSync(path);
      const tampered = Buffer.from(sealed);
      tampered[40] = (tampered[40] ?? 0) ^ 0xff;
      writeFileSync(path, tampered);
      const refused = await download();
      expect(refused.statusCode).toBe(410);
      expect(refused.json()).toEqual({
        detail: 'This document’s stored file failed its integrity check and cannot be sent.',
        code: 'document_unreadable',
      });
      expect(refused.headers['content-disposition']).toBeUndefined();

      // Written by a version that stored files as they came: still served.
      writeFileSync(path, PNG);
      const legacy = await download();
      expect(legacy.statusCode).toBe(200);
      expect(legacy.rawPayload.equals(PNG)).toBe(true);
    });

    it('completing document_upload needs pan, aadhaar_front, aadhaar_back and address_proof (income_proof optional)', async () => {
      const u = await newUser();
      const a = await started(u.access);
      await step(u.access, a.id, 'personal_details', PERSONAL);
      await step(u.access, a.id, 'employment_details', EMPLOYMENT);
      await upload(u.access, a.id, REQUIRED_FILES.slice(0, 3));
      const missing = await step(u.access, a.id, 'kyc_documents', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'missing_documents' });
      expect(missing.json().detail).toBe('Please upload the required documents: Address Proof.');
      await upload(u.access, a.id, REQUIRED_FILES.slice(3));
      const ok = await step(u.access, a.id, 'document_upload', {});
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'document_upload', current_step: 'review' });
    });
  });

  // ---------------------------------------------------------------- review and submit

  describe('review and submit', () => {
    it('needs the confirmation, then every step, before submitting', async () => {
      const u = await newUser();
      const a = await started(u.access);
      const tooSoon = await call(
        'POST',
        `/api/leads/applications/${a.id}/submit_application`,
        {},
        { token: u.access },
      );
      expect(tooSoon.statusCode).toBe(400);
      expect(tooSoon.json().code).toBe('incomplete_application');
      await step(u.access, a.id, 'personal_details', PERSONAL);
      await step(u.access, a.id, 'employment_details', EMPLOYMENT);
      await upload(u.access, a.id, REQUIRED_FILES);
      await step(u.access, a.id, 'document_upload', {});
      const unconfirmed = await step(u.access, a.id, 'review', { application: { id: a.id } });
      expect(unconfirmed.statusCode).toBe(400);
      expect(unconfirmed.json().errors).toContainEqual({
        path: 'confirmed',
        message: 'Please confirm that the information you provided is correct.',
      });
      // Confirmed but not authorised: nothing may go to the bank, so the step is refused.
      const unauthorised = await step(u.access, a.id, 'review', {
        confirmed: true,
        application: { id: a.id },
      });
      expect(unauthorised.statusCode).toBe(400);
      expect(unauthorised.json().errors).toEqual([
        {
          path: 'consented',
          message:
            'Please authorise the credit check and the sharing of your application with the bank: the bank cannot consider it without them.',
        },
      ]);
      expect(unauthorised.json().detail).toContain('authorise the credit check');
      const notYet = (
        await call('GET', `/api/leads/applications/${a.id}`, undefined, { token: u.access })
      ).json();
      expect(notYet.steps).not.toContain('review');
      const reviewed = await step(u.access, a.id, 'review', {
        confirmed: true,
        consented: true,
        application: { id: a.id },
      });
      expect(reviewed.json()).toMatchObject({ status: 'review', current_step: 'review' });
      expect(reviewed.json().steps).toEqual([
        'personal_details',
        'employment_details',
        'document_upload',
        'review',
      ]);
      expect(reviewed.json().step_logs.map((l: { step: string }) => l.step)).toEqual([
        'personal_details',
        'employment_details',
        'document_upload',
        'review',
      ]);
    });

    it('is idempotent with an Idempotency-Key: the repeat returns the first answer and writes nothing', async () => {
      const u = await newUser();
      const a = await atReview(u.access);
      const headers = { 'idempotency-key': `submit-${a.id}-k1` };
      const body = {
        submitted_at: new Date().toISOString(),
        status: 'submitted',
        reference_id: a.reference_id,
      };
      const first = await call('POST', `/api/leads/applications/${a.id}/submit_application`, body, {
        token: u.access,
        headers,
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ status: 'submitted', current_step: 'submitted' });
      const [row1] = await t.database.db.select().from(applications).where(eq(applications.id, a.id));

      const repeat = await call('POST', `/api/leads/applications/${a.id}/submit_application`, body, {
        token: u.access,
        headers,
      });
      expect(repeat.statusCode).toBe(200);
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(repeat.json()).toEqual(first.json());
      const [row2] = await t.database.db.select().from(applications).where(eq(applications.id, a.id));
      expect(row2?.updated_at.getTime()).toBe(row1?.updated_at.getTime());
      expect(row2?.submitted_at?.getTime()).toBe(row1?.submitted_at?.getTime());

      const otherBody = await call(
        'POST',
        `/api/leads/applications/${a.id}/submit_application`,
        { ...body, submitted_at: '2020-01-01T00:00:00Z' },
        { token: u.access, headers },
      );
      expect(otherBody.statusCode).toBe(422);
      expect(otherBody.json().code).toBe('idempotency_key_reused');

      const noKey = await call('POST', `/api/leads/applications/${a.id}/submit_application`, body, {
        token: u.access,
      });
      expect(noKey.statusCode).toBe(409);
      expect(noKey.json().code).toBe('ALREADY_SUBMITTED');

      // Nothing changes after submission.
      expect((await step(u.access, a.id, 'personal_details', PERSONAL)).statusCode).toBe(409);
      expect(
        (await upload(u.access, a.id, [{ type: 'income_proof', content: PDF, filename: 'x.pdf' }]))
          .statusCode,
      ).toBe(409);
    });

    it('upload with an Idempotency-Key: a repeat stores nothing twice; a different file under the key is 422', async () => {
      const u = await newUser();
      const a = await started(u.access);
      const headers = { 'idempotency-key': 'upload-once' };
      const first = await upload(u.access, a.id, REQUIRED_FILES, headers);
      expect(first.statusCode).toBe(200);
      const files = storedFiles().length;
      const rows = await t.database.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.application_id, a.id));
      const repeat = await upload(u.access, a.id, REQUIRED_FILES, headers);
      expect(repeat.statusCode).toBe(200);
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(repeat.json()).toEqual(first.json());
      expect(storedFiles().length).toBe(files);
      const after = await t.database.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.application_id, a.id));
      expect(after.map((r) => r.storage_key).sort()).toEqual(rows.map((r) => r.storage_key).sort());

      const different = await upload(
        u.access,
        a.id,
        [{ type: 'pan', content: PNG, filename: 'other.png' }],
        headers,
      );
      expect(different.statusCode).toBe(422);
      expect(storedFiles().length).toBe(files);

      const badKey = await upload(u.access, a.id, REQUIRED_FILES, { 'idempotency-key': 'x'.repeat(300) });
      expect(badKey.statusCode).toBe(400);
    });

    it('a key left pending by a request in progress answers 409; a stale one is taken over', async () => {
      const u = await newUser();
      const a = await atReview(u.access);
      await t.database.db.insert(idempotencyKeys).values({
        tenant_id: 'cardwise',
        user_id: u.user_id,
        key: 'in-flight',
        route: `submit_application:${a.id}`,
        request_hash: 'whatever',
      });
      const busy = await call(
        'POST',
        `/api/leads/applications/${a.id}/submit_application`,
        {},
        {
          token: u.access,
          headers: { 'idempotency-key': 'in-flight' },
        },
      );
      expect(busy.statusCode).toBe(422); // Same key, another request hash.
      const { hashJson } = await import('../src/features/applications/idempotency.ts');
      await t.database.db.insert(idempotencyKeys).values({
        tenant_id: 'cardwise',
        user_id: u.user_id,
        key: 'in-flight-2',
        route: `submit_application:${a.id}`,
        request_hash: hashJson({}),
      });
      const busy2 = await call(
        'POST',
        `/api/leads/applications/${a.id}/submit_application`,
        {},
        {
          token: u.access,
          headers: { 'idempotency-key': 'in-flight-2' },
        },
      );
      expect(busy2.statusCode).toBe(409);
      expect(busy2.json().code).toBe('idempotency_in_progress');
      await t.database.db
        .update(idempotencyKeys)
        .set({ created_at: new Date(Date.now() - 10 * 60 * 1000) })
        .where(eq(idempotencyKeys.key, 'in-flight-2'));
      const taken = await call(
        'POST',
        `/api/leads/applications/${a.id}/submit_application`,
        {},
        {
          token: u.access,
          headers: { 'idempotency-key': 'in-flight-2' },
        },
      );
      expect(taken.statusCode).toBe(200);
    });
  });

  // ---------------------------------------------------------------- complete sections only

  describe('a bank receives complete sections only', () => {
    /** EMPLOYMENT as stored after a completed step. */
    const STORED_EMPLOYMENT = { ...EMPLOYMENT, existing_credit_card_limit: '0' };
    const submit = (token: string, id: number, headers: Record<string, string> = {}) =>
      call('POST', `/api/leads/applications/${id}/submit_application`, {}, { token, headers });
    const rowOf = async (id: number) =>
      (await t.database.db.select().from(applications).where(eq(applications.id, id)))[0];

    it('an empty employment draft at review keeps the completed section, and what is submitted is complete', async () => {
      const u = await newUser();
      const a = await atReview(u.access);
      // The crafted request: a draft save of an empty employment section after review.
      const emptied = await step(u.access, a.id, 'employment_details', {}, false);
      expect(emptied.statusCode).toBe(200);
      expect(emptied.json().application_data.employment_details).toEqual(STORED_EMPLOYMENT);
      expect(emptied.json()).toMatchObject({ status: 'review', current_step: 'review' });
      // Empty values in a draft do not clear either (as in personal drafts).
      const blanks = await step(u.access, a.id, 'employment', { companyName: '', designation: null }, false);
      expect(blanks.json().application_data.employment_details).toEqual(STORED_EMPLOYMENT);
      // A draft that changes a field is merged, checked against the stored answers it depends on.
      const edited = await step(u.access, a.id, 'employment_details', { designation: 'Architect' }, false);
      expect(edited.json().application_data.employment_details).toEqual({
        ...STORED_EMPLOYMENT,
        designation: 'Architect',
      });
      expect(edited.json()).toMatchObject({ status: 'review', current_step: 'review' });
      expect(
        (await step(u.access, a.id, 'employment_details', { companyType: 'CONGLOMERATE' }, false)).statusCode,
      ).toBe(400);

      const submitted = await submit(u.access, a.id);
      expect(submitted.statusCode).toBe(200);
      expect(submitted.json()).toMatchObject({ status: 'submitted', current_step: 'submitted' });
      expect(submitted.json().application_data.employment_details).toEqual({
        ...STORED_EMPLOYMENT,
        designation: 'Architect',
      });
    });

    it('a draft that leaves a completed section incomplete reopens its step; submit waits for it', async () => {
      const u = await newUser();
      const a = await atReview(u.access);
      // YES drops the "0" limit that NO implied: the section now lacks the limit.
      const reopened = await step(
        u.access,
        a.id,
        'employment_details',
        { existingCreditCards: 'YES' },
        false,
      );
      expect(reopened.statusCode).toBe(200);
      const { existing_credit_card_limit: _limit, ...withoutLimit } = STORED_EMPLOYMENT;
      expect(reopened.json().application_data.employment_details).toEqual({
        ...withoutLimit,
        existing_credit_cards: 'YES',
      });
      expect(reopened.json()).toMatchObject({
        status: 'personal_details',
        current_step: 'employment_details',
      });

      const refused = await submit(u.access, a.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ current_step: 'employment_details' });
      expect(refused.json().detail).toMatch(/Employment & Income/);
      expect((await rowOf(a.id))?.submitted_at).toBeNull();
      // The review cannot be confirmed again before the reopened step is completed.
      expect((await step(u.access, a.id, 'review', { confirmed: true, consented: true })).statusCode).toBe(
        409,
      );

      // A change of employment type drops the company answers given for the old one.
      const student = await step(u.access, a.id, 'employment_details', { employmentType: 'STUDENT' }, false);
      expect(student.json().application_data.employment_details).toEqual({
        employment_type: 'STUDENT',
        existing_credit_cards: 'YES',
        existing_loan_emi: '0',
      });

      const completed = await step(u.access, a.id, 'employment_details', {
        ...EMPLOYMENT,
        existing_credit_cards: 'YES',
      });
      expect(completed.json()).toMatchObject({
        status: 'employment_details',
        current_step: 'document_upload',
      });
      expect((await step(u.access, a.id, 'document_upload', {})).statusCode).toBe(200);
      expect((await step(u.access, a.id, 'review', { confirmed: true, consented: true })).statusCode).toBe(
        200,
      );
      const submitted = await submit(u.access, a.id);
      expect(submitted.statusCode).toBe(200);
      expect(submitted.json().application_data.employment_details).toMatchObject({
        existing_credit_cards: 'YES',
        existing_credit_card_limit: '250000',
      });
    });

    it('submit_application judges the stored sections in full, names the step to complete and changes nothing', async () => {
      const u = await newUser();
      const a = await atReview(u.access);
      const other = await atReview((await newUser()).access);
      const good = await rowOf(a.id);
      const otherRow = await rowOf(other.id);
      if (!good?.personal_details || !otherRow?.personal_details) throw new Error('no personal section');
      const setRow = (patch: Partial<typeof applications.$inferInsert>) =>
        t.database.db.update(applications).set(patch).where(eq(applications.id, a.id));
      const headers = { 'idempotency-key': `incomplete-${a.id}` };

      // The employment section emptied behind the steps' back, as the old draft save did.
      await setRow({ employment_details: {} });
      const employment = await submit(u.access, a.id, headers);
      expect(employment.statusCode).toBe(400);
      expect(employment.json()).toMatchObject({
        code: 'incomplete_section',
        step: 'employment_details',
        current_step: 'employment_details',
      });
      expect(employment.json().detail).toMatch(/^The Employment & Income step is incomplete/);
      expect(employment.json().errors).toContainEqual({
        path: 'employment_details.employment_type',
        message: 'This field is required.',
      });
      const after = await rowOf(a.id);
      expect(after).toMatchObject({ status: 'review', current_step: 'review', submitted_at: null });
      expect(after?.updated_at.getTime()).toBe(good.updated_at.getTime());

      // Personal details are stored with PAN encrypted: no PAN is a missing PAN...
      const { pan_encrypted, ...noPan } = good.personal_details;
      await setRow({ employment_details: good.employment_details, personal_details: noPan });
      const personal = await submit(u.access, a.id, headers);
      expect(personal.statusCode).toBe(400);
      expect(personal.json()).toMatchObject({ step: 'personal_details', current_step: 'personal_details' });
      expect(personal.json().detail).toMatch(
        /^The Personal Details step is incomplete\. .*pan_number: This field is required\.$/,
      );
      expect(personal.json().errors).toEqual([
        { path: 'personal_details.pan_number', message: 'This field is required.' },
      ]);
      // ...and a ciphertext that does not decrypt here (another application's) is no PAN either.
      await setRow({
        personal_details: {
          ...good.personal_details,
          pan_encrypted: otherRow.personal_details.pan_encrypted,
        },
      });
      const foreign = await submit(u.access, a.id, headers);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual([
        { path: 'personal_details.pan_number', message: 'Please enter it again.' },
      ]);
      // A required plain field, too.
      const { city: _city, ...noCity } = good.personal_details;
      await setRow({ personal_details: noCity });
      expect((await submit(u.access, a.id, headers)).json().errors).toEqual([
        { path: 'personal_details.city', message: 'This field is required.' },
      ]);
      expect(await rowOf(a.id)).toMatchObject({ status: 'review', submitted_at: null });
      void pan_encrypted;

      // Restored, the same key submits: a refused attempt left nothing behind.
      await setRow({ personal_details: good.personal_details });
      const ok = await submit(u.access, a.id, headers);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().status).toBe('submitted');
    });
  });

  // ---------------------------------------------------------------- access

  describe('access', () => {
    it('every {id} route is a 404 for another user (same tenant or another), by id and by reference', async () => {
      const owner = await newUser();
      const a = await started(owner.access);
      await step(owner.access, a.id, 'personal_details', PERSONAL);
      await upload(owner.access, a.id, REQUIRED_FILES);
      const intruder = await newUser();
      const partner = await newUser('paisapal');

      for (const who of [intruder.access, partner.access]) {
        const tenant = who === partner.access ? 'paisapal' : undefined;
        for (const id of [String(a.id), a.reference_id]) {
          const o = { token: who, tenant };
          const tries = [
            await call('GET', `/api/leads/applications/${id}`, undefined, o),
            await call(
              'POST',
              `/api/leads/applications/${id}/submit_step`,
              { step: 'personal_details', data: PERSONAL },
              o,
            ),
            await call('GET', `/api/leads/applications/${id}/upload_documents`, undefined, o),
            await call('GET', `/api/leads/applications/${id}/documents/pan/file`, undefined, o),
            await call('DELETE', `/api/leads/applications/${id}/documents/pan`, undefined, o),
            await call('POST', `/api/leads/applications/${id}/submit_application`, {}, o),
            await (async () => {
              const { body, contentType } = multipartBody([
                { type: 'pan', content: JPEG, filename: 'x.jpg' },
              ]);
              return t.app.inject({
                method: 'POST',
                url: `/api/leads/applications/${id}/upload_documents`,
                headers: {
                  authorization: `Bearer ${who}`,
                  'content-type': contentType,
                  ...(tenant ? { 'x-tenant': tenant } : {}),
                },
                payload: body,
              });
            })(),
          ];
          for (const [i, r] of tries.entries()) {
            expect(r.statusCode, `call ${i} on ${id}`).toBe(404);
            expect(r.json().detail).toMatch(/not found/i);
          }
        }
        const list = await call('GET', '/api/leads/applications', undefined, { token: who, tenant });
        expect(list.json()).toEqual([]);
        const mine = await call('GET', '/api/leads/my-applications', undefined, { token: who, tenant });
        expect(mine.json()).toEqual([]);
        // The list /profile shows.
        const listed = await call('GET', '/api/accounts/applications', undefined, { token: who, tenant });
        expect(listed.statusCode).toBe(200);
        expect(listed.json()).toEqual([]);
      }
      // Nothing changed for the owner.
      const docs = await call('GET', `/api/leads/applications/${a.id}/upload_documents`, undefined, {
        token: owner.access,
      });
      expect(docs.json()).toHaveLength(4);
      const mine = await call('GET', `/api/leads/applications/${a.id}`, undefined, { token: owner.access });
      expect(mine.json().application_data.personal_details.full_name).toBe('Meera Iyer');
      // Ids that are not ids match nothing.
      expect(
        (await call('GET', '/api/leads/applications/../../etc', undefined, { token: owner.access }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('GET', '/api/leads/applications/abc', undefined, { token: owner.access })).statusCode,
      ).toBe(404);
      // Anonymous: 401.
      expect((await call('GET', `/api/leads/applications/${a.id}`)).statusCode).toBe(401);
    });

    it('lists my applications in leads/my-applications, leads/applications and accounts/applications', async () => {
      const u = await newUser();
      const a = await started(u.access);
      const b = await started(u.access, 'hdfc_ltf');
      const summaries = await call('GET', '/api/leads/my-applications', undefined, { token: u.access });
      expect(summaries.statusCode).toBe(200);
      expect(
        summaries
          .json()
          .map((s: { id: number }) => s.id)
          .sort(),
      ).toEqual([a.id, b.id].sort());
      expect(summaries.json()[0]).toMatchObject({ status: 'draft', bank_name: 'HDFC Bank' });
      const accounts = await call('GET', '/api/accounts/applications', undefined, { token: u.access });
      expect(accounts.statusCode).toBe(200);
      expect(accounts.json()).toEqual(summaries.json());
      // The lines /profile lists: the card's name and bank, the reference, the dates, in plain fields.
      expect(accounts.json().find((s: { id: number }) => s.id === b.id)).toEqual({
        id: b.id,
        reference_id: b.reference_id,
        card: 'hdfc_ltf',
        card_name: 'HDFC Free',
        bank_name: 'HDFC Bank',
        status: 'draft',
        current_step: 'personal_details',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        submitted_at: null,
        decided_at: null,
      });
      // Its contract is in the API's documentation, not an untyped list.
      const docs = (await call('GET', '/api/docs/json')).json();
      const line =
        docs.paths['/api/accounts/applications'].get.responses['200'].content['application/json'].schema
          .items;
      expect(Object.keys(line.properties)).toEqual(
        expect.arrayContaining([
          'reference_id',
          'card_name',
          'bank_name',
          'status',
          'current_step',
          'created_at',
        ]),
      );
      const full = await call('GET', '/api/leads/applications/', undefined, { token: u.access });
      expect(full.json()).toHaveLength(2);
    });
  });

  // ---------------------------------------------------------------- operator decision

  describe('operator decision', () => {
    it('approves or rejects only a submitted application', async () => {
      const u = await newUser();
      const draft = await started(u.access);
      expect(await setDecision(t.database.db, draft.reference_id, 'approved')).toMatchObject({ ok: false });
      expect(await setDecision(t.database.db, 'CW-2000-ZZZZZZZZ', 'approved')).toMatchObject({ ok: false });
      const a = await atReview(u.access, 'hdfc_ltf');
      await call('POST', `/api/leads/applications/${a.id}/submit_application`, {}, { token: u.access });
      expect(await setDecision(t.database.db, a.reference_id.toLowerCase(), 'rejected')).toEqual({
        ok: true,
        previous: 'submitted',
      });
      const mine = await call('GET', '/api/leads/my-applications', undefined, { token: u.access });
      const line = mine.json().find((s: { id: number }) => s.id === a.id);
      expect(line.status).toBe('rejected');
      expect(line.decided_at).toBeTruthy();
      expect(await setDecision(t.database.db, a.reference_id, 'approved')).toMatchObject({ ok: false });
    });
  });
});
