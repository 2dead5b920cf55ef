import { describe, expect, it } from 'vitest';
import { signUp } from './support/accounts-helpers.ts';
import { EMPLOYMENT, PERSONAL } from './support/applications-helpers.ts';
import { DB_KINDS, useTestApp } from './support/test-app.ts';

describe.each(DB_KINDS)('application prefill on %s', (kind) => {
  let n = 0;
  const t = useTestApp(kind);

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    token: string,
    body?: object,
    tenant?: string,
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.8.0.${(n % 250) + 1}`,
      headers: { authorization: `Bearer ${token}`, ...(tenant ? { 'x-tenant': tenant } : {}) },
      ...(body === undefined ? {} : { payload: body }),
    });
  const newUser = (tenant?: string) => {
    n++;
    return signUp(t.app, { tenant, remoteAddress: `10.8.1.${(n % 250) + 1}` });
  };
  const start = async (token: string, card: string, tenant?: string) => {
    const res = await call(
      'POST',
      '/api/leads/applications/start_application',
      token,
      { card_id: card },
      tenant,
    );
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; reference_id: string };
  };
  const prefill = (token: string, id: number | string, tenant?: string) =>
    call('GET', `/api/leads/applications/${id}/prefill`, token, undefined, tenant);

  it("a second application starts from the first one's personal and employment details, Aadhaar left out", async () => {
    const u = await newUser();
    const first = await start(u.access, 'hdfc_swiggy');
    for (const [step, data] of [
      ['personal_details', PERSONAL],
      ['employment_details', EMPLOYMENT],
    ] as const) {
      const res = await call('POST', `/api/leads/applications/${first.id}/submit_step`, u.access, {
        step,
        is_completed: true,
        data,
      });
      expect(res.statusCode).toBe(200);
    }
    const second = await start(u.access, 'hdfc_ltf');
    const res = await prefill(u.access, second.reference_id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.source).toMatchObject({ kind: 'application', reference_id: first.reference_id });
    expect(body.source.card_name).toMatch(/Swiggy/);
    expect(body.personal_details).toMatchObject({
      full_name: 'Meera Iyer',
      date_of_birth: '1991-04-12',
      gender: 'FEMALE',
      pan_number: 'ABCPI1234K',
      address_line1: '14 Residency Road',
      state: 'Karnataka',
      city: 'Bengaluru',
      pincode: '560025',
      mobile: '9876501234',
    });
    expect(body.personal_details).not.toHaveProperty('aadhaar_last4');
    expect(body.personal_details).not.toHaveProperty('aadhaar_masked');
    expect(JSON.stringify(body)).not.toContain('0124');
    expect(body.employment_details).toMatchObject({ employment_type: 'SALARIED', company_name: 'Infosys' });
    // The first application itself does not start from the second, which holds nothing yet.
    const own = (await prefill(u.access, first.id)).json();
    expect(own.source).toBeNull();
    // Nothing was written: the second application is still empty.
    const app = (await call('GET', `/api/leads/applications/${second.id}`, u.access)).json();
    expect(app.application_data.personal_details).toBeNull();
    expect(app.current_step).toBe('personal_details');
  });

  it("with no earlier application it starts from the profile's saved details, and from nothing when the profile has none", async () => {
    const u = await newUser();
    const a = await start(u.access, 'hdfc_swiggy');
    // Sign-up's name, email and mobile alone are no source: the form has them from the account.
    expect((await prefill(u.access, a.id)).json()).toEqual({
      source: null,
      personal_details: null,
      employment_details: null,
    });
    const saved = await call('PATCH', '/api/accounts/profile', u.access, {
      date_of_birth: '1990-01-31',
      gender: 'MALE',
      pan_number: 'ABCDE1234F',
      address: '7 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
    });
    expect(saved.statusCode).toBe(200);
    const body = (await prefill(u.access, a.id)).json();
    expect(body).toEqual({
      source: { kind: 'profile' },
      personal_details: {
        date_of_birth: '1990-01-31',
        gender: 'MALE',
        pan_number: 'ABCDE1234F',
        address_line1: '7 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      },
      employment_details: null,
    });
  });

  it("never reads another user's or another tenant's application, and is a 404 on one", async () => {
    const owner = await newUser();
    const a = await start(owner.access, 'hdfc_swiggy');
    const saved = await call('POST', `/api/leads/applications/${a.id}/submit_step`, owner.access, {
      step: 'personal_details',
      is_completed: true,
      data: PERSONAL,
    });
    expect(saved.statusCode).toBe(200);
    const intruder = await newUser();
    const mine = await start(intruder.access, 'hdfc_ltf');
    const res = await prefill(intruder.access, mine.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().source).toBeNull();
    expect(JSON.stringify(res.json())).not.toContain('ABCPI1234K');
    const partner = await newUser('paisapal');
    for (const [token, tenant] of [
      [intruder.access, undefined],
      [partner.access, 'paisapal'],
    ] as const) {
      for (const id of [String(a.id), a.reference_id]) {
        const r = await prefill(token, id, tenant);
        expect(r.statusCode).toBe(404);
        expect(r.body).not.toContain('ABCPI1234K');
      }
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/leads/applications/${a.id}/prefill` })).statusCode,
    ).toBe(401);
    const bad = await prefill(owner.access, 'x'.repeat(41));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toEqual(expect.any(String));
  });
});
