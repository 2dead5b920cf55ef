import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applicationDocuments,
  applications,
  idempotencyKeys,
} from '../src/features/applications/applications-schema.ts';
import { signUp } from './support/accounts-helpers.ts';
import { EMPLOYMENT, JPEG, multipartBody, PERSONAL, REQUIRED_FILES } from './support/applications-helpers.ts';
import { DB_KINDS, useTestApp } from './support/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DB_KINDS)('the age of documents at submission on %s (ADR 026)', (kind) => {
  let n = 0;
  const t = useTestApp(kind, { tempDataDir: true });

  const call = (url: string, token: string, body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: `10.11.0.${(n % 250) + 1}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload: body,
    });
  const step = (token: string, id: number, name: string, data: object) =>
    call(`/api/leads/applications/${id}/submit_step`, token, { step: name, is_completed: true, data });
  const submit = (token: string, id: number, headers: Record<string, string> = {}) =>
    call(`/api/leads/applications/${id}/submit_application`, token, { status: 'submitted' }, headers);
  const upload = async (token: string, id: number, files: Parameters<typeof multipartBody>[0]) => {
    const { body, contentType } = multipartBody(files);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/leads/applications/${id}/upload_documents`,
      remoteAddress: `10.11.2.${(n % 250) + 1}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** A user's draft at review, its four required documents and an income proof uploaded. */
  async function atReview() {
    n++;
    const u = await signUp(t.app, { remoteAddress: `10.11.1.${(n % 250) + 1}` });
    const started = await call('/api/leads/applications/start_application', u.access, {
      card_id: 'hdfc_swiggy',
    });
    expect(started.statusCode).toBe(201);
    const app = started.json() as { id: number };
    expect((await step(u.access, app.id, 'personal_details', PERSONAL)).statusCode).toBe(200);
    expect((await step(u.access, app.id, 'employment_details', EMPLOYMENT)).statusCode).toBe(200);
    await upload(u.access, app.id, [
      ...REQUIRED_FILES,
      { type: 'income_proof', content: JPEG, filename: 'slip.jpg', contentType: 'image/jpeg' },
    ]);
    expect((await step(u.access, app.id, 'document_upload', {})).statusCode).toBe(200);
    expect((await step(u.access, app.id, 'review', { confirmed: true, consented: true })).statusCode).toBe(
      200,
    );
    return { token: u.access, id: app.id };
  }
  const age = (id: number, types: string[], days: number) =>
    t.database.db
      .update(applicationDocuments)
      .set({ uploaded_at: new Date(Date.now() - days * DAY_MS) })
      .where(
        and(eq(applicationDocuments.application_id, id), inArray(applicationDocuments.document_type, types)),
      );
  const stored = async (id: number) =>
    (await t.database.db.select().from(applications).where(eq(applications.id, id)))[0];

  it('refuses a document uploaded more than 90 days ago, naming it, and submits nothing', async () => {
    const a = await atReview();
    await age(a.id, ['address_proof'], 91);
    const before = await stored(a.id);
    const res = await submit(a.token, a.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'document_too_old',
      detail:
        'Your address proof was uploaded more than 90 days ago. Please upload a current one before submitting.',
      errors: [
        { path: 'address_proof', message: 'Uploaded more than 90 days ago. Please upload a current one.' },
      ],
    });
    expect(await stored(a.id)).toEqual(before);
    expect(before?.status).toBe('review');
    expect(before?.submitted_at).toBeNull();
  });

  it('names every document too old in one sentence, in the wizard order, an optional one too', async () => {
    const a = await atReview();
    await age(a.id, ['income_proof', 'pan', 'aadhaar_front'], 200);
    const res = await submit(a.token, a.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'Your PAN card, the front of your Aadhaar card and your income proof were uploaded more than 90 days ago. ' +
        'Please upload current ones before submitting.',
    );
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'pan',
      'aadhaar_front',
      'income_proof',
    ]);
    expect((await stored(a.id))?.status).toBe('review');
  });

  it('releases an Idempotency-Key on the refusal, so the submit goes through once the proof is replaced', async () => {
    const a = await atReview();
    await age(a.id, ['address_proof'], 120);
    const headers = { 'idempotency-key': `age-${a.id}` };
    expect((await submit(a.token, a.id, headers)).statusCode).toBe(400);
    expect(
      await t.database.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, headers['idempotency-key'])),
    ).toEqual([]);
    await age(a.id, ['address_proof'], 0);
    const ok = await submit(a.token, a.id, headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'submitted' });
  });

  it('holds only the documents the wizard has a slot for to the rule: an old photograph sent by the API does not block', async () => {
    const a = await atReview();
    await upload(a.token, a.id, [
      { type: 'photograph', content: JPEG, filename: 'me.jpg', contentType: 'image/jpeg' },
    ]);
    await age(a.id, ['photograph'], 200);
    const res = await submit(a.token, a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'submitted' });
  });

  it('submits documents uploaded up to 90 days ago', async () => {
    const a = await atReview();
    await age(a.id, ['pan', 'aadhaar_front', 'aadhaar_back', 'address_proof', 'income_proof'], 89);
    const res = await submit(a.token, a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'submitted' });
    expect((await stored(a.id))?.submitted_at).not.toBeNull();
  });
});
