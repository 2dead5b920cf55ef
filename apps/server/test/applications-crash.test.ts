import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { applicationDocuments, applications } from '../src/features/applications/applications-schema.ts';
import { TEMP_PREFIX } from '../src/plumbing/storage.ts';
import { EMPLOYMENT, multipartBody, PDF, PERSONAL, REQUIRED_FILES } from './support/applications-helpers.ts';

/**
 * The real server process (`node --import tsx apps/server/src/server.ts`) on an embedded
 * database under a temp DATA_DIR: SIGKILL it in the middle of a document upload, start
 * it again on the same directory, and check that nothing is half-written and the draft
 * resumes. Then the rest of the journey, the operator CLI, and the logs for PII.
 */

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = join(REPO_ROOT, 'apps/server/src/server.ts');
const CLI = join(REPO_ROOT, 'apps/server/src/features/applications/applications-cli.ts');
const CARD = 'hdfc_millennia';
const PASSWORD = 'Correct-Horse-9';
const dataDir = mkdtempSync(join(tmpdir(), 'cardwise-crash-'));
const docsDir = join(dataDir, 'documents');
let logs = '';
let running: ChildProcess | undefined;

const env = {
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  WEB_DIST: join(dataDir, 'no-web'),
  DATABASE_URL: '',
};
delete (env as Record<string, string | undefined>).DATABASE_URL;

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let out = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      logs += chunk.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return { url, child };
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once('exit', () => r()));
}

const nonTempFiles = () => {
  try {
    return readdirSync(docsDir).filter((f) => !f.startsWith(TEMP_PREFIX));
  } catch {
    return [];
  }
};
const tempFiles = () => {
  try {
    return readdirSync(docsDir).filter((f) => f.startsWith(TEMP_PREFIX));
  } catch {
    return [];
  }
};

async function api(
  url: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${url}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

afterAll(async () => {
  if (running && running.exitCode === null && running.signalCode === null) {
    running.kill('SIGKILL');
    await exited(running);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash safety of document upload (real server process)', () => {
  it('SIGKILL mid-upload leaves no document and an intact draft; after restart the draft resumes and uploads work', async () => {
    let { url, child } = await startServer();
    const email = `crash-${Date.now()}@example.com`;
    const signup = await api(url, '/accounts/signup', {
      body: {
        full_name: 'Meera Iyer',
        email,
        phone_number: '9876501234',
        password: PASSWORD,
        confirm_password: PASSWORD,
      },
    });
    expect(signup.status).toBe(201);
    const login = await api(url, '/accounts/login', { body: { email, password: PASSWORD } });
    const token = login.json.access as string;
    const started = await api(url, '/leads/applications/start_application', {
      token,
      body: { card_id: CARD },
    });
    expect(started.status).toBe(201);
    const appId = started.json.id as number;
    const reference = started.json.reference_id as string;
    const personal = await api(url, `/leads/applications/${appId}/submit_step`, {
      token,
      body: { step: 'personal_details', is_completed: true, data: PERSONAL },
    });
    expect(personal.status).toBe(200);

    // A 3 MB PDF of which only the first 1 MB is sent before the process is killed.
    const bigPdf = Buffer.concat([PDF, randomBytes(3 * 1024 * 1024)]);
    const { body, contentType } = multipartBody([
      { type: 'pan', content: bigPdf, filename: 'secret-pan-scan.pdf' },
    ]);
    const port = Number(new URL(url).port);
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/leads/applications/${appId}/upload_documents`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': contentType,
        'content-length': body.length,
      },
    });
    req.on('error', () => {}); // The connection dies with the server.
    req.write(body.subarray(0, 1024 * 1024));
    // Wait until the server is writing the file (its temp file exists and has bytes).
    const deadline = Date.now() + 20_000;
    while (tempFiles().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(tempFiles().length).toBe(1);
    child.kill('SIGKILL');
    await exited(child);
    req.destroy();

    // Nothing visible: no stored document file (at most the invisible temp file).
    expect(nonTempFiles()).toEqual([]);

    ({ url, child } = await startServer());
    const app = await api(url, `/leads/applications/${appId}`, { token });
    expect(app.status).toBe(200);
    expect(app.json).toMatchObject({
      reference_id: reference,
      status: 'personal_details',
      current_step: 'employment_details',
      application_data: { kyc_documents: [] },
    });
    expect(app.json.application_data.personal_details.full_name).toBe('Meera Iyer');
    const docs = await api(url, `/leads/applications/${appId}/upload_documents`, { token });
    expect(docs.json).toEqual([]);
    const resumed = await api(url, '/leads/applications/start_application', {
      token,
      body: { card_id: CARD },
    });
    expect(resumed.json).toMatchObject({ id: appId, is_existing: true, current_step: 'employment_details' });
    expect(nonTempFiles()).toEqual([]);

    // The journey goes on: employment, a full upload, review, submit.
    expect(
      (
        await api(url, `/leads/applications/${appId}/submit_step`, {
          token,
          body: { step: 'employment_details', data: EMPLOYMENT },
        })
      ).status,
    ).toBe(200);
    const multi = multipartBody(REQUIRED_FILES);
    const up = await fetch(`${url}/api/leads/applications/${appId}/upload_documents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': multi.contentType,
        'idempotency-key': 'crash-up-1',
      },
      body: multi.body,
    });
    expect(up.status).toBe(200);
    expect(nonTempFiles()).toHaveLength(4);
    for (const [stepName, data] of [
      ['document_upload', {}],
      ['review', { confirmed: true, consented: true }],
    ] as const) {
      const r = await api(url, `/leads/applications/${appId}/submit_step`, {
        token,
        body: { step: stepName, data },
      });
      expect(r.status).toBe(200);
    }
    const submitted = await api(url, `/leads/applications/${appId}/submit_application`, {
      token,
      body: { status: 'submitted' },
    });
    expect(submitted.status).toBe(200);

    // Stop it cleanly: the embedded database is one process's, and the CLI needs it.
    child.kill('SIGTERM');
    await exited(child);

    // Operator decision through the CLI (`npm run applications -- set-status ...`).
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
        cwd: REPO_ROOT,
        env,
        encoding: 'utf8',
      });
    const usage = cli(['set-status', reference, 'maybe']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage:');
    const approve = cli(['set-status', reference, 'approved']);
    expect(approve.stderr).toBe('');
    expect(approve.status).toBe(0);
    expect(approve.stdout).toContain(`${reference}: submitted → approved`);
    const again = cli(['set-status', reference, 'rejected']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('only a submitted application can be rejected');

    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db.select().from(applications).where(eq(applications.id, appId));
      expect(row?.status).toBe('approved');
      expect(row?.decided_at).toBeInstanceOf(Date);
      const rows = await database.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.application_id, appId));
      expect(rows.map((r) => r.storage_key).sort()).toEqual(nonTempFiles().sort());
    } finally {
      await database.close();
    }

    // The server logged requests, and no PII: names, PAN, Aadhaar, phone, email, file names.
    expect(logs).toContain('"reqId"');
    for (const secret of [
      'Meera',
      'Iyer',
      PERSONAL.panNumber,
      PERSONAL.aadhaarNumber,
      PERSONAL.mobile,
      '9876501234',
      email,
      PERSONAL.email,
      'secret-pan-scan',
      'bill.pdf',
      PERSONAL.address_line1,
    ]) {
      expect(logs, secret).not.toContain(secret);
    }
  }, 300_000);
});
