import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORPHAN_MIN_AGE_MS, sweepOrphanDocuments } from '../src/features/applications/orphan-sweep.ts';
import { localDiskStorage, TEMP_PREFIX } from '../src/plumbing/storage.ts';
import { signUp } from './support/accounts-helpers.ts';
import { EMPLOYMENT, multipartBody, PDF, PERSONAL, REQUIRED_FILES } from './support/applications-helpers.ts';
import { createTestApp, DB_KINDS, type TestApp } from './support/test-app.ts';

/**
 * A crash between a document file's rename and its row's commit leaves a file that no
 * row names: the sweep (at start, then hourly) deletes such files once older than
 * ORPHAN_MIN_AGE_MS, and never a file a row names, nor a young one.
 */

const OLD = (Date.now() - ORPHAN_MIN_AGE_MS - 60_000) / 1000;
const backdate = (path: string) => utimesSync(path, OLD, OLD);

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(DB_KINDS)('orphan document sweep on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  const docs = () => join(dataDir, 'documents');

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cardwise-orphans-'));
    mkdirSync(docs(), { recursive: true });
    // Left by a crash before this start: an old unreferenced file, a young one, a temp file.
    writeFileSync(join(docs(), 'a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0'), PDF);
    backdate(join(docs(), 'a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0'));
    writeFileSync(join(docs(), 'b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1'), PDF);
    t = await createTestApp(kind, { config: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('at start, removes an old file no row names and keeps a young one', async () => {
    await until(() => !existsSync(join(docs(), 'a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0')));
    expect(existsSync(join(docs(), 'b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1'))).toBe(true);
  });

  it('keeps every file a document row names, however old; removes a crash leftover', async () => {
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token?: string) =>
      t.app.inject({
        method,
        url,
        remoteAddress: '10.8.0.1',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const { access: token } = await signUp(t.app, {
      email: `orphans-${kind}-${Date.now()}@example.com`,
      remoteAddress: '10.8.0.1',
    });
    const id = (
      await call('POST', '/api/leads/applications/start_application', { card_id: 'hdfc_swiggy' }, token)
    ).json().id as number;
    for (const [step, data] of [
      ['personal_details', PERSONAL],
      ['employment_details', EMPLOYMENT],
    ] as const) {
      expect(
        (await call('POST', `/api/leads/applications/${id}/submit_step`, { step, data }, token)).statusCode,
      ).toBe(200);
    }
    const { body, contentType } = multipartBody(REQUIRED_FILES);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/leads/applications/${id}/upload_documents`,
      remoteAddress: '10.8.0.2',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: body,
    });
    expect(up.statusCode, up.body).toBe(200);
    const storage = localDiskStorage(docs());
    const referenced = readdirSync(docs()).filter(
      (f) => !f.startsWith(TEMP_PREFIX) && f !== 'b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1',
    );
    expect(referenced).toHaveLength(REQUIRED_FILES.length);

    // The crash: the file was stored (renamed into place) but its row never committed.
    await storage.put(
      'c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2',
      (async function* () {
        yield PDF;
      })(),
    );
    // A temp file is the temp sweep's, never this one's.
    writeFileSync(join(docs(), `${TEMP_PREFIX}c3-abc`), PDF);
    for (const f of readdirSync(docs())) backdate(join(docs(), f));

    const result = await sweepOrphanDocuments(t.database.db, storage);
    expect(result).toEqual({ checked: REQUIRED_FILES.length + 2, removed: 2 });
    expect(readdirSync(docs()).sort()).toEqual([...referenced, `${TEMP_PREFIX}c3-abc`].sort());

    // Every document still downloads.
    for (const f of REQUIRED_FILES) {
      const r = await call('GET', `/api/leads/applications/${id}/documents/${f.type}/file`, undefined, token);
      expect(r.statusCode).toBe(200);
    }
    // Nothing old is left to remove: a second sweep removes nothing.
    expect((await sweepOrphanDocuments(t.database.db, storage)).removed).toBe(0);
  });
});
