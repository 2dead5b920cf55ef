import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UPLOADS_PER_WINDOW } from '../src/features/applications/applications-routes.ts';
import { signUp } from './support/accounts-helpers.ts';
import { JPEG, multipartBody } from './support/applications-helpers.ts';
import { useTestApp } from './support/test-app.ts';

/**
 * An upload stages up to 8 files of 5 MB on disk while its body arrives. Without a cap, one
 * signed-in user could hold any number of uploads open (a slow body each) and fill the disk
 * with staged files; at most 2 run at once per user, and a third is 429 at once.
 */
describe('upload_documents: uploads in progress per user', () => {
  const t = useTestApp('pglite', { tempDataDir: true });

  async function userWithApplication(n: number) {
    const { signup, access: token } = await signUp(t.app, {
      email: `uploader${n}@example.com`,
      remoteAddress: `10.8.0.${n}`,
    });
    expect(signup.statusCode).toBe(201);
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/leads/applications/start_application',
      headers: { authorization: `Bearer ${token}` },
      payload: { card_id: 'hdfc_swiggy' },
    });
    expect(a.statusCode).toBe(201);
    return { token, id: a.json().id as number };
  }

  /** An upload whose body arrives only when `finish` is called (its first bytes at once). */
  function slowUpload(token: string, id: number) {
    const { body, contentType } = multipartBody([{ type: 'pan', content: JPEG, filename: 'pan.jpg' }]);
    const stream = new PassThrough();
    stream.write(body.subarray(0, 100));
    const response = t.app.inject({
      method: 'POST',
      url: `/api/leads/applications/${id}/upload_documents`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': contentType,
        'content-length': String(body.length),
      },
      payload: stream,
    });
    return { response, finish: () => stream.end(body.subarray(100)) };
  }

  const stagedFiles = () => {
    try {
      return readdirSync(join(t.dataDir, 'documents')).length;
    } catch {
      return 0;
    }
  };

  it('a third upload while two are in progress is 429; another user is not affected', async () => {
    const me = await userWithApplication(1);
    const other = await userWithApplication(2);
    const first = slowUpload(me.token, me.id);
    const second = slowUpload(me.token, me.id);
    // Let both reach their handlers.
    await new Promise((r) => setTimeout(r, 300));
    const { body, contentType } = multipartBody([{ type: 'pan', content: JPEG, filename: 'pan.jpg' }]);
    const third = await t.app.inject({
      method: 'POST',
      url: `/api/leads/applications/${me.id}/upload_documents`,
      headers: { authorization: `Bearer ${me.token}`, 'content-type': contentType },
      payload: body,
    });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'too_many_in_flight' });
    expect(third.json().detail).toContain('uploads');
    const others = await t.app.inject({
      method: 'POST',
      url: `/api/leads/applications/${other.id}/upload_documents`,
      headers: { authorization: `Bearer ${other.token}`, 'content-type': contentType },
      payload: body,
    });
    expect(others.statusCode).toBe(200);

    first.finish();
    second.finish();
    expect((await first.response).statusCode).toBe(200);
    expect((await second.response).statusCode).toBe(200);
    // Done: the places are free again.
    const after = await t.app.inject({
      method: 'POST',
      url: `/api/leads/applications/${me.id}/upload_documents`,
      headers: { authorization: `Bearer ${me.token}`, 'content-type': contentType },
      payload: body,
    });
    expect(after.statusCode).toBe(200);
    expect(stagedFiles()).toBeGreaterThan(0);
  });

  it(`takes ${UPLOADS_PER_WINDOW} uploads of one user in 15 minutes from any address, then 429 with the wait in words`, async () => {
    const me = await userWithApplication(3);
    const other = await userWithApplication(4);
    const { body, contentType } = multipartBody([{ type: 'pan', content: JPEG, filename: 'pan.jpg' }]);
    const upload = (who: { token: string; id: number }, n: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/leads/applications/${who.id}/upload_documents`,
        // A new address each time: the allowance is the user's, not the address's.
        remoteAddress: `10.9.${Math.floor(n / 250)}.${(n % 250) + 1}`,
        headers: { authorization: `Bearer ${who.token}`, 'content-type': contentType },
        payload: body,
      });
    for (let n = 0; n < UPLOADS_PER_WINDOW; n++) expect((await upload(me, n)).statusCode).toBe(200);
    const refused = await upload(me, UPLOADS_PER_WINDOW);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'throttled',
      detail: expect.stringMatching(/^Too many requests/),
    });
    expect(refused.headers['retry-after']).toBeTruthy();
    expect((await upload(other, 0)).statusCode).toBe(200);
  });
});
