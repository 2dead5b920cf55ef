import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../src/db/schema.ts';
import { applicationDocuments, applications } from '../src/features/applications/applications-schema.ts';
import { sweepOrphanDocuments } from '../src/features/applications/orphan-sweep.ts';
import { documentStorage } from '../src/plumbing/storage.ts';
import { signUp } from './support/accounts-helpers.ts';
import { JPEG, multipartBody, PDF, PNG, REQUIRED_FILES } from './support/applications-helpers.ts';
import { DB_KINDS, testConfig, useTestApp } from './support/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DB_KINDS)('reusing a document of an earlier application on %s', (kind) => {
  let n = 0;
  const t = useTestApp(kind, { tempDataDir: true });
  beforeAll(async () => {
    // A third card in the product, for a third application of one applicant.
    await t.database.db.update(tenants).set({ complete_journey_banks: 'HDFC,SBI' });
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token: string,
    body?: object,
    tenant?: string,
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.9.0.${(n % 250) + 1}`,
      headers: { authorization: `Bearer ${token}`, ...(tenant ? { 'x-tenant': tenant } : {}) },
      ...(body === undefined ? {} : { payload: body }),
    });
  const newUser = (tenant?: string) => {
    n++;
    return signUp(t.app, { tenant, remoteAddress: `10.9.1.${(n % 250) + 1}` });
  };
  const start = async (token: string, card: string) => {
    const res = await call('POST', '/api/leads/applications/start_application', token, { card_id: card });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; reference_id: string };
  };
  const upload = async (token: string, id: number, files = REQUIRED_FILES) => {
    const { body, contentType } = multipartBody(files);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/leads/applications/${id}/upload_documents`,
      remoteAddress: '10.9.2.1',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
  };
  const offers = (token: string, id: number | string, tenant?: string) =>
    call('GET', `/api/leads/applications/${id}/reusable_documents`, token, undefined, tenant);
  const reuse = (token: string, id: number | string, body: object, tenant?: string) =>
    call('POST', `/api/leads/applications/${id}/documents/reuse`, token, body, tenant);
  const docRows = (id: number) =>
    t.database.db.select().from(applicationDocuments).where(eq(applicationDocuments.application_id, id));
  /** A user with a first application holding the four required documents, and a second, empty one. */
  const twoApplications = async () => {
    const u = await newUser();
    const first = await start(u.access, 'hdfc_swiggy');
    await upload(u.access, first.id);
    const second = await start(u.access, 'hdfc_ltf');
    return { u, first, second };
  };

  it('offers the latest of each type the application lacks, and copies one on request into a file of its own', async () => {
    const { u, first, second } = await twoApplications();
    const listed = await offers(u.access, second.reference_id);
    expect(listed.statusCode).toBe(200);
    const body = listed.json() as Array<Record<string, unknown>>;
    expect(body.map((o) => o.document_type).sort()).toEqual(
      ['aadhaar_back', 'aadhaar_front', 'address_proof', 'pan'].sort(),
    );
    const pan = body.find((o) => o.document_type === 'pan');
    expect(pan).toMatchObject({
      from_application_id: first.id,
      from_reference_id: first.reference_id,
      file_name: 'pan.jpg',
      mime_type: 'image/jpeg',
      file_size: JPEG.length,
    });
    expect(pan?.card_name).toMatch(/Swiggy/);
    // The first application is offered nothing: the second holds nothing, and it holds all four.
    expect((await offers(u.access, first.id)).json()).toEqual([]);

    const res = await reuse(u.access, second.id, {
      document_type: 'pan',
      from_application_id: first.reference_id,
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.uploaded).toHaveLength(1);
    expect(answer.uploaded[0]).toMatchObject({
      document_type: 'pan',
      file_name: 'pan.jpg',
      file_size: JPEG.length,
      file_url: `/api/leads/applications/${second.id}/documents/pan/file`,
      // The copy keeps the date the file was first uploaded: the 90 days run from then.
      uploaded_at: pan?.uploaded_at,
    });
    expect(answer.missing_required).toEqual(['aadhaar_front', 'aadhaar_back', 'address_proof']);
    // Now held: no longer offered for PAN.
    expect(
      ((await offers(u.access, second.id)).json() as Array<{ document_type: string }>).map(
        (o) => o.document_type,
      ),
    ).not.toContain('pan');

    const [source] = (await docRows(first.id)).filter((d) => d.document_type === 'pan');
    const [copy] = await docRows(second.id);
    expect(copy?.storage_key).not.toBe(source?.storage_key);
    // Sealed under its own key (ADR 022): not the source's bytes, and not the file in the clear.
    const onDisk = readFileSync(join(t.dataDir, 'documents', copy?.storage_key ?? ''));
    expect(onDisk.subarray(0, 5).toString()).toBe('CWENC');
    expect(onDisk.equals(readFileSync(join(t.dataDir, 'documents', source?.storage_key ?? '')))).toBe(false);

    // Removing the source's document (and sweeping orphans) leaves the copy whole.
    expect(
      (await call('DELETE', `/api/leads/applications/${first.id}/documents/pan`, u.access)).statusCode,
    ).toBe(200);
    expect(readdirSync(join(t.dataDir, 'documents'))).not.toContain(source?.storage_key);
    const storage = await documentStorage(testConfig({ DATA_DIR: t.dataDir }));
    await sweepOrphanDocuments(t.database.db, storage, { olderThanMs: 0 });
    const file = await call('GET', `/api/leads/applications/${second.id}/documents/pan/file`, u.access);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(JPEG)).toBe(true);
    // And removing the copy leaves the other application's remaining documents alone.
    expect(
      (await call('DELETE', `/api/leads/applications/${second.id}/documents/pan`, u.access)).statusCode,
    ).toBe(200);
    const front = await call(
      'GET',
      `/api/leads/applications/${first.id}/documents/aadhaar_front/file`,
      u.access,
    );
    expect(front.rawPayload.equals(PNG)).toBe(true);
  });

  it('offers only the latest upload of a type, most recent first', async () => {
    const u = await newUser();
    const a = await start(u.access, 'hdfc_swiggy');
    await upload(u.access, a.id, [{ type: 'pan', content: JPEG, filename: 'old-pan.jpg' }]);
    const b = await start(u.access, 'hdfc_ltf');
    await upload(u.access, b.id, [
      { type: 'pan', content: PNG, filename: 'new-pan.png' },
      { type: 'address_proof', content: PDF, filename: 'bill.pdf' },
    ]);
    const older = new Date(Date.now() - 3 * DAY_MS);
    await t.database.db
      .update(applicationDocuments)
      .set({ uploaded_at: older })
      .where(eq(applicationDocuments.application_id, a.id));
    await t.database.db
      .update(applicationDocuments)
      .set({ uploaded_at: new Date(Date.now() - DAY_MS) })
      .where(eq(applicationDocuments.document_type, 'address_proof'));
    const c = await start(u.access, 'sbi_cashback');
    const body = (await offers(u.access, c.id)).json() as Array<Record<string, unknown>>;
    expect(body.map((o) => [o.document_type, o.file_name])).toEqual([
      ['pan', 'new-pan.png'],
      ['address_proof', 'bill.pdf'],
    ]);
    expect(body[0]?.from_application_id).toBe(b.id);
  });

  it('neither offers nor copies a document uploaded more than 90 days ago', async () => {
    const { u, first, second } = await twoApplications();
    await t.database.db
      .update(applicationDocuments)
      .set({ uploaded_at: new Date(Date.now() - 91 * DAY_MS) })
      .where(eq(applicationDocuments.application_id, first.id));
    expect((await offers(u.access, second.id)).json()).toEqual([]);
    const res = await reuse(u.access, second.id, {
      document_type: 'address_proof',
      from_application_id: first.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'document_too_old' });
    expect(res.json().detail).toMatch(/more than 90 days ago/);
    expect(await docRows(second.id)).toEqual([]);
    // 89 days is still within.
    await t.database.db
      .update(applicationDocuments)
      .set({ uploaded_at: new Date(Date.now() - 89 * DAY_MS) })
      .where(eq(applicationDocuments.application_id, first.id));
    expect((await offers(u.access, second.id)).json()).toHaveLength(4);
    const ok = await reuse(u.access, second.id, {
      document_type: 'address_proof',
      from_application_id: first.id,
    });
    expect(ok.statusCode).toBe(200);
  });

  it("is a 404 for another user's or another tenant's application, as source or as target", async () => {
    const { u: owner, first, second } = await twoApplications();
    const intruder = await newUser();
    const mine = await start(intruder.access, 'hdfc_swiggy');
    // Another user's application as the source: 404, nothing copied, nothing offered.
    expect((await offers(intruder.access, mine.id)).json()).toEqual([]);
    for (const from of [first.id, first.reference_id]) {
      const res = await reuse(intruder.access, mine.id, { document_type: 'pan', from_application_id: from });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Application not found.');
    }
    expect(await docRows(mine.id)).toEqual([]);
    // Another user's application as the target.
    expect((await offers(intruder.access, second.id)).statusCode).toBe(404);
    const res = await reuse(intruder.access, second.id, {
      document_type: 'pan',
      from_application_id: mine.id,
    });
    expect(res.statusCode).toBe(404);
    // Another tenant, with the owner's ids.
    const partner = await newUser('paisapal');
    expect((await offers(partner.access, second.id, 'paisapal')).statusCode).toBe(404);
    const cross = await reuse(
      partner.access,
      second.id,
      { document_type: 'pan', from_application_id: first.id },
      'paisapal',
    );
    expect(cross.statusCode).toBe(404);
    // The owner's own token under another tenant's header reads nothing either.
    expect((await offers(owner.access, second.id, 'paisapal')).statusCode).toBeGreaterThanOrEqual(400);
    expect(await docRows(second.id)).toEqual([]);
  });

  it('refuses a submitted target exactly as an upload is refused, and offers it nothing', async () => {
    const { u, first, second } = await twoApplications();
    await t.database.db
      .update(applications)
      .set({ status: 'submitted', current_step: 'submitted', submitted_at: new Date() })
      .where(eq(applications.id, second.id));
    expect((await offers(u.access, second.id)).json()).toEqual([]);
    const res = await reuse(u.access, second.id, { document_type: 'pan', from_application_id: first.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ALREADY_SUBMITTED', reference_id: second.reference_id });
    expect(await docRows(second.id)).toEqual([]);
    // A submitted application is a fine source: the file is the applicant's own.
    const third = await start(u.access, 'sbi_cashback');
    await t.database.db
      .update(applications)
      .set({ status: 'submitted', current_step: 'submitted', submitted_at: new Date() })
      .where(eq(applications.id, first.id));
    const ok = await reuse(u.access, third.id, { document_type: 'pan', from_application_id: first.id });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 400 with a detail for a bad type, a source without the document, itself or a malformed body', async () => {
    const u = await newUser();
    const first = await start(u.access, 'hdfc_swiggy');
    await upload(u.access, first.id, [{ type: 'pan', content: JPEG, filename: 'pan.jpg' }]);
    const second = await start(u.access, 'hdfc_ltf');
    const cases: Array<[object, string | undefined]> = [
      [{ document_type: 'passport', from_application_id: first.id }, 'unknown_document_type'],
      [{ document_type: 'income_proof', from_application_id: first.id }, 'no_such_document'],
      [{ document_type: 'pan', from_application_id: second.id }, 'same_application'],
      [{ document_type: 'pan' }, undefined],
      [{ document_type: 'pan', from_application_id: -3 }, undefined],
      [{ document_type: '', from_application_id: first.id }, undefined],
    ];
    for (const [body, code] of cases) {
      const res = await reuse(u.access, second.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
      if (code) expect(res.json().code).toBe(code);
    }
    expect(
      (await reuse(u.access, second.id, { document_type: 'pan', from_application_id: 'nope' })).statusCode,
    ).toBe(404);
    expect(await docRows(second.id)).toEqual([]);
    // The aliases an upload takes are taken here too.
    const alias = await reuse(u.access, second.id, {
      document_type: 'pan_card',
      from_application_id: first.id,
    });
    expect(alias.statusCode).toBe(200);
  });

  it('makes one row and one file of a double click', async () => {
    const { u, first, second } = await twoApplications();
    const before = readdirSync(join(t.dataDir, 'documents')).length;
    const [a, b] = await Promise.all([
      reuse(u.access, second.id, { document_type: 'aadhaar_front', from_application_id: first.id }),
      reuse(u.access, second.id, { document_type: 'aadhaar_front', from_application_id: first.id }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().documents).toEqual(b.json().documents);
    expect(await docRows(second.id)).toHaveLength(1);
    expect(readdirSync(join(t.dataDir, 'documents')).filter((f) => !f.startsWith('.tmp-')).length).toBe(
      before + 1,
    );
    const again = await reuse(u.access, second.id, {
      document_type: 'aadhaar_front',
      from_application_id: first.id,
    });
    expect(again.statusCode).toBe(200);
    expect(await docRows(second.id)).toHaveLength(1);
  });

  it('documents both routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const list = doc.paths['/api/leads/applications/{id}/reusable_documents']?.get;
    const copy = doc.paths['/api/leads/applications/{id}/documents/reuse']?.post;
    expect(list?.summary).toMatch(/reuse/);
    expect(copy?.summary).toMatch(/Reuse a document/);
    expect(Object.keys(copy?.requestBody?.content?.['application/json']?.schema?.properties ?? {})).toEqual([
      'document_type',
      'from_application_id',
    ]);
    expect(Object.keys(copy?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '404', '409', '410']),
    );
  });

  it('answers 410, copying nothing, when the stored source no longer decrypts', async () => {
    const { u, first, second } = await twoApplications();
    const [source] = (await docRows(first.id)).filter((d) => d.document_type === 'pan');
    const path = join(t.dataDir, 'documents', source?.storage_key ?? '');
    const sealed = readFileSync(path);
    sealed[sealed.length - 1] = (sealed[sealed.length - 1] ?? 0) ^ 1;
    writeFileSync(path, sealed);
    const before = readdirSync(join(t.dataDir, 'documents')).length;
    const res = await reuse(u.access, second.id, { document_type: 'pan', from_application_id: first.id });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('document_unreadable');
    expect(readdirSync(join(t.dataDir, 'documents')).length).toBe(before);
    expect(await docRows(second.id)).toEqual([]);
  });
});
