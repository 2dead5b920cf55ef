import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/features/applications/applications-schema.ts';
import { authHeader, signUp } from './support/accounts-helpers.ts';
import { EMPLOYMENT, multipartBody, PERSONAL, REQUIRED_FILES } from './support/applications-helpers.ts';
import { DB_KINDS, useTestApp } from './support/test-app.ts';

/**
 * An Idempotency-Key's stored answer is the answer itself: for submit_application the whole
 * application, PAN in full, name, birth date, address, phone; for an upload the user's file
 * names. The web app sends a key with both calls, so it must not sit in clear text in
 * idempotency_keys (ADR 006: PAN is stored only as a ciphertext). Found by a security review.
 */
describe.each(DB_KINDS)('idempotent answers at rest on %s', (kind) => {
  const t = useTestApp(kind, { tempDataDir: true });

  const post = (token: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '10.9.0.1',
      headers: { ...authHeader(token), ...headers },
      payload: payload as object,
    });

  it('seals the stored answers of submit_application and upload_documents; replays still answer them', async () => {
    const u = await signUp(t.app);
    const start = await post(u.access, '/api/leads/applications/start_application', {
      card_id: 'hdfc_swiggy',
    });
    expect(start.statusCode).toBe(201);
    const id = start.json().id as number;
    const step = (name: string, data: unknown) =>
      post(u.access, `/api/leads/applications/${id}/submit_step`, { step: name, is_completed: true, data });
    expect((await step('personal_details', PERSONAL)).statusCode).toBe(200);
    expect((await step('employment_details', EMPLOYMENT)).statusCode).toBe(200);
    const files = REQUIRED_FILES.map((f, i) => (i === 0 ? { ...f, filename: 'Meera-Iyer-PAN.jpg' } : f));
    const { body, contentType } = multipartBody(files);
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/leads/applications/${id}/upload_documents`,
        remoteAddress: '10.9.0.1',
        headers: { ...authHeader(u.access), 'content-type': contentType, 'idempotency-key': 'up-1' },
        payload: body,
      });
    const uploaded = await upload();
    expect(uploaded.statusCode).toBe(200);
    expect((await step('document_upload', { pan_uploaded: true })).statusCode).toBe(200);
    expect((await step('review', { confirmed: true, consented: true })).statusCode).toBe(200);
    const submit = () =>
      post(u.access, `/api/leads/applications/${id}/submit_application`, {}, { 'idempotency-key': 'sub-1' });
    const first = await submit();
    expect(first.statusCode).toBe(200);
    expect(first.json().application_data.personal_details.pan_number).toBe(PERSONAL.panNumber);

    const rows = await t.database.db
      .select({ key: idempotencyKeys.key, text: sql<string>`${idempotencyKeys.response_body}::text` })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.user_id, u.user_id));
    expect(rows.map((r) => r.key).sort()).toEqual(['sub-1', 'up-1']);
    for (const r of rows) {
      for (const secret of [PERSONAL.panNumber, PERSONAL.fullName, PERSONAL.mobile, PERSONAL.address_line1]) {
        expect(r.text).not.toContain(secret);
      }
      expect(r.text).not.toContain('Meera-Iyer-PAN');
    }

    const again = await submit();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const reUpload = await upload();
    expect(reUpload.statusCode).toBe(409); // submitted since: the application checks come first
  });
});
