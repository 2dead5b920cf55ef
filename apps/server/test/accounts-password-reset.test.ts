import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD_RESET_MESSAGES } from '@cardwise/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { authSessions, passwordResetTokens, users } from '../src/features/accounts/accounts-schema.ts';
import { redactUrlSecrets } from '../src/plumbing/log-redaction.ts';
import { type Mailer, type MailMessage, outboxMailer } from '../src/plumbing/mailer.ts';
import { tenantSiteUrl } from '../src/plumbing/site-url.ts';
import { signUp, TEST_PASSWORD } from './support/accounts-helpers.ts';
import {
  createTestApp,
  createTestDatabase,
  DB_KINDS,
  seedMiniCatalog,
  type TestDatabase,
  testConfig,
} from './support/test-app.ts';

const NEW_PASSWORD = 'Fresh-Lantern-42';
const MINUTE = 60_000;

describe('tenantSiteUrl: the links sent by email never come from the Host header', () => {
  const domains = ['cardwise.in', 'localhost'];
  it('is the base for the default tenant and a subdomain of a base domain for a partner', () => {
    expect(tenantSiteUrl('https://cardwise.in/', { id: 'cardwise', isDefault: true }, domains)).toBe(
      'https://cardwise.in',
    );
    expect(tenantSiteUrl('https://www.cardwise.in', { id: 'paisapal', isDefault: false }, domains)).toBe(
      'https://paisapal.cardwise.in',
    );
    expect(tenantSiteUrl('http://localhost:3000', { id: 'paisapal', isDefault: false }, domains)).toBe(
      'http://paisapal.localhost:3000',
    );
  });
  it('uses the /t/{tenant} prefix where the base is no tenant domain', () => {
    expect(
      tenantSiteUrl('https://cards.example.com/app', { id: 'paisapal', isDefault: false }, domains),
    ).toBe('https://cards.example.com/app/t/paisapal');
  });
});

describe('the request log', () => {
  it('never holds a reset link’s token', () => {
    expect(redactUrlSecrets('/reset-password?token=abc_DEF-123')).toBe('/reset-password?token=[redacted]');
    expect(redactUrlSecrets('/t/paisapal/reset-password?x=1&TOKEN=abc#top')).toBe(
      '/t/paisapal/reset-password?x=1&TOKEN=[redacted]#top',
    );
    expect(redactUrlSecrets('/cards?tag=featured')).toBe('/cards?tag=featured');
  });
});

describe.each(DB_KINDS)('password reset on %s', (kind) => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  let clock = Date.now();
  const outbox = () => join(dataDir, 'outbox');
  const sent: { message: MailMessage; id: string }[] = [];
  let waiters: (() => void)[] = [];
  /** The outbox mailer, watched: a test waits for the message sent after the answer. */
  let transport: Mailer;
  const mailer: Mailer = {
    kind: 'test',
    async send(message) {
      const r = await transport.send(message);
      sent.push({ message, id: r.id });
      for (const w of waiters) w();
      waiters = [];
      return r;
    },
  };
  const mailCount = async (n: number) => {
    const deadline = Date.now() + 5000;
    while (sent.length < n && Date.now() < deadline) {
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
    expect(sent.length).toBe(n);
  };

  let ip = 0;
  const nextIp = () => `10.77.${++ip >> 8}.${ip & 255}`;
  const post = (
    url: string,
    payload: unknown,
    o: { tenant?: string; ip?: string; token?: string; raw?: boolean } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/accounts/password-reset/${url}`,
      remoteAddress: o.ip ?? nextIp(),
      headers: {
        'content-type': 'application/json',
        ...(o.tenant ? { 'x-tenant': o.tenant } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      },
      payload: o.raw ? (payload as string) : JSON.stringify(payload),
    });
  const requestReset = (email: string, o: { tenant?: string; ip?: string } = {}) =>
    post('request', { email }, o);
  const confirm = (token: string, password = NEW_PASSWORD, o: { tenant?: string; ip?: string } = {}) =>
    post('confirm', { token, password, confirm_password: password }, o);
  const login = (email: string, password: string, tenant?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      remoteAddress: nextIp(),
      headers: tenant ? { 'x-tenant': tenant } : {},
      payload: { email, password },
    });
  /** The token of the link in the last message sent (and that message's file). */
  const lastLink = () => {
    const last = sent.at(-1);
    if (!last) throw new Error('no message sent');
    const link = /https?:\/\/\S+reset-password\?token=([A-Za-z0-9_-]+)/.exec(last.message.text);
    if (!link) throw new Error(`no link in:\n${last.message.text}`);
    return { link: link[0], token: decodeURIComponent(link[1]!), id: last.id };
  };
  /** Asks for a link for the email and waits for it. */
  const linkFor = async (email: string, tenant?: string) => {
    const before = sent.length;
    expect((await requestReset(email, { tenant })).statusCode).toBe(202);
    await mailCount(before + 1);
    return lastLink();
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cardwise-reset-'));
    transport = outboxMailer(outbox(), () => {});
    database = await createTestDatabase(kind);
    await seedMiniCatalog(database);
    app = await buildApp({
      config: testConfig({
        DATA_DIR: dataDir,
        PUBLIC_BASE_URL: 'https://cardwise.in',
        TENANT_BASE_DOMAINS: 'cardwise.in,localhost',
      }),
      database,
      logger: false,
      mailer,
      now: () => new Date(clock),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers an unknown email exactly as a known one, and mails only the known one', async () => {
    const u = await signUp(app);
    const before = sent.length;
    const known = await requestReset(u.email);
    const unknown = await requestReset(`nobody-${Date.now()}@example.com`);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ detail: PASSWORD_RESET_MESSAGES.requested });
    const names = (r: typeof known) => Object.keys(r.headers).sort();
    expect(names(known)).toEqual(names(unknown));
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    await mailCount(before + 1);
    expect(sent.at(-1)!.message.to).toBe(u.email);
  });

  it('answers before the email is made: a stuck mail relay cannot time a known email apart', async () => {
    const u = await signUp(app);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const real = transport;
    transport = {
      kind: 'held',
      send: async (m) => {
        await held;
        return real.send(m);
      },
    };
    const before = sent.length;
    try {
      const res = await requestReset(u.email);
      expect(res.statusCode).toBe(202);
      expect(sent.length).toBe(before);
    } finally {
      release();
      transport = real;
    }
    await mailCount(before + 1);
  });

  it('writes the message to DATA_DIR/outbox, with a link on the tenant’s configured site', async () => {
    const u = await signUp(app);
    const { link, token, id } = await linkFor(u.email);
    expect(link).toBe(`https://cardwise.in/reset-password?token=${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const file = readdirSync(outbox()).find((f) => f.includes(id));
    expect(file).toMatch(/\.eml$/);
    const path = join(outbox(), file!);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const eml = readFileSync(path, 'utf8');
    expect(eml).toContain(`To: <${u.email}>`);
    expect(eml).toContain('Subject: Reset your Cardwise password');
    expect(eml).toContain(link);
    expect(eml).toContain('within 30 minutes');
    // Only the token's hash is stored.
    const rows = await database.db.select().from(passwordResetTokens);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('builds a partner’s link on its own subdomain, whatever Host the request came with', async () => {
    const u = await signUp(app, { tenant: 'paisapal' });
    const before = sent.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/request',
      remoteAddress: nextIp(),
      headers: { host: 'evil.example', 'x-tenant': 'paisapal' },
      payload: { email: u.email },
    });
    expect(res.statusCode).toBe(202);
    await mailCount(before + 1);
    const { link, token } = lastLink();
    expect(link).toBe(`https://paisapal.cardwise.in/reset-password?token=${token}`);
    expect(sent.at(-1)!.message.subject).toBe('Reset your PaisaPal Money password');
  });

  it('sets the password, spends the link, and ends every session of the user', async () => {
    const u = await signUp(app);
    const second = (await login(u.email, TEST_PASSWORD)).json();
    const { token } = await linkFor(u.email);
    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: PASSWORD_RESET_MESSAGES.done, email: u.email });

    // Both earlier sessions are over: their access tokens and refresh tokens.
    for (const access of [u.access, second.access]) {
      const me = await app.inject({
        method: 'GET',
        url: '/api/accounts/user',
        headers: { authorization: `Bearer ${access}` },
      });
      expect(me.statusCode).toBe(401);
    }
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh',
      remoteAddress: nextIp(),
      payload: { refresh: u.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    const reasons = await database.db
      .select({ reason: authSessions.revoked_reason })
      .from(authSessions)
      .where(eq(authSessions.user_id, u.user_id));
    expect(reasons.map((r) => r.reason)).toEqual(['password_reset', 'password_reset']);

    expect((await login(u.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200);

    // Single use.
    const again = await confirm(token, 'Another-Lantern-43');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: PASSWORD_RESET_MESSAGES.invalidLink, code: 'reset_link_invalid' });
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('expires a link after 30 minutes (the clock moved, not waited for)', async () => {
    const u = await signUp(app);
    const { token: early } = await linkFor(u.email);
    clock += 29 * MINUTE;
    const { token } = await linkFor(u.email);
    clock += 31 * MINUTE;
    try {
      const late = await confirm(token);
      expect(late.statusCode).toBe(400);
      expect(late.json().detail).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
      expect((await confirm(early)).statusCode).toBe(400);
    } finally {
      clock -= 60 * MINUTE;
    }
    // Back within the window the newer link works; the older one was voided by it.
    clock += 29 * MINUTE + 30_000;
    try {
      expect((await confirm(early)).statusCode).toBe(400);
      expect((await confirm(token)).statusCode).toBe(200);
    } finally {
      clock -= 29 * MINUTE + 30_000;
    }
  });

  it('voids the older link when a newer one is asked for', async () => {
    const u = await signUp(app);
    const first = await linkFor(u.email);
    const second = await linkFor(u.email);
    expect(first.token).not.toBe(second.token);
    expect((await confirm(first.token)).json().detail).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    expect((await confirm(second.token)).statusCode).toBe(200);
  });

  it('does nothing with a link of one tenant on another', async () => {
    const u = await signUp(app);
    const { token } = await linkFor(u.email);
    const elsewhere = await confirm(token, NEW_PASSWORD, { tenant: 'paisapal' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().detail).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    expect((await login(u.email, TEST_PASSWORD)).statusCode).toBe(200);
    // Nor does asking on the partner's site for an email of the default tenant send anything.
    const before = sent.length;
    expect((await requestReset(u.email, { tenant: 'paisapal' })).statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 200));
    expect(sent.length).toBe(before);
    // The link still works where it was made.
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('refuses a password that breaks the rules with 400 and detail, and keeps the link usable', async () => {
    const u = await signUp(app);
    const { token } = await linkFor(u.email);
    const cases: [unknown, RegExp | string][] = [
      [
        { token, password: '', confirm_password: '' },
        'Invalid request body: password: Enter a new password; confirm_password: Confirm your new password.',
      ],
      [
        { token, password: NEW_PASSWORD, confirm_password: '' },
        'Invalid request body: confirm_password: Confirm your new password.',
      ],
      [{ token, password: 'short', confirm_password: 'short' }, /too short/],
      [{ token, password: '1234567890', confirm_password: '1234567890' }, /entirely numeric/],
      [{ token, password: 'iloveyou', confirm_password: 'iloveyou' }, 'This password is too common.'],
      [
        { token, password: NEW_PASSWORD, confirm_password: 'Different-Lantern-1' },
        /Passwords do not match\./,
      ],
      [
        { token, password: `${u.email.split('@')[0]}-x9`, confirm_password: `${u.email.split('@')[0]}-x9` },
        'This password is too similar to the email address.',
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await post('confirm', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
      else expect(res.json().detail).toMatch(detail);
    }
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('answers bad input with 400 and detail, never 500', async () => {
    const bodies: [string, unknown][] = [
      ['confirm', {}],
      ['confirm', { token: '', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }],
      ['confirm', { token: ['x'], password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }],
      ['confirm', { token: 'x'.repeat(600), password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }],
      ['confirm', { token: 'not-a-token', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }],
      ['confirm', { token: 'a', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD, extra: 1 }],
      ['request', {}],
      ['request', { email: 'not an email' }],
      ['request', { email: 42 }],
      ['request', { email: 'a@example.com', tenant: 'x' }],
    ];
    for (const [url, body] of bodies) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    const broken = await post('confirm', '{"token":', { raw: true });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('invalid_json');
    const unknown = await confirm('A'.repeat(43));
    expect(unknown.json()).toEqual({
      detail: PASSWORD_RESET_MESSAGES.invalidLink,
      code: 'reset_link_invalid',
    });
  });

  it('sends an inactive account nothing, and its link no longer works', async () => {
    const u = await signUp(app);
    const { token } = await linkFor(u.email);
    await database.db.update(users).set({ is_active: false }).where(eq(users.id, u.user_id));
    expect((await confirm(token)).json().detail).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    const before = sent.length;
    expect((await requestReset(u.email)).statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 200));
    expect(sent.length).toBe(before);
  });

  it('limits requests per email (known or not, from any address) and per client address', async () => {
    for (const email of [(await signUp(app)).email, `ghost-${Date.now()}@example.com`]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email.toUpperCase())).statusCode).toBe(202);
      const fourth = await requestReset(email);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().code).toBe('throttled');
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    }
    const address = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await requestReset(`many${i}-${Date.now()}@example.com`, { ip: address })).statusCode).toBe(
        202,
      );
    }
    expect((await requestReset(`one-more-${Date.now()}@example.com`, { ip: address })).statusCode).toBe(429);
    const confirmAddress = nextIp();
    for (let i = 0; i < 20; i++)
      expect((await confirm('B'.repeat(43), NEW_PASSWORD, { ip: confirmAddress })).statusCode).toBe(400);
    expect((await confirm('B'.repeat(43), NEW_PASSWORD, { ip: confirmAddress })).statusCode).toBe(429);
  });
});

/**
 * A relay that takes every message (plain SMTP, no TLS offered): enough of RFC 5321 for nodemailer
 * to hand a message over, and to see the envelope and the data it sent.
 */
async function fakeSmtpRelay() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 relay.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 2.0.0 queued as TEST\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-relay.test\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => server.close() };
}

describe('password reset through an SMTP relay (SMTP_URL)', () => {
  it('hands the message to the relay, from MAIL_FROM, and writes no outbox file', async () => {
    const relay = await fakeSmtpRelay();
    const t = await createTestApp('pglite', {
      tempDataDir: true,
      config: {
        SMTP_URL: relay.url,
        MAIL_FROM: 'no-reply@cardwise.example',
        PUBLIC_BASE_URL: 'https://cardwise.in',
      },
    });
    try {
      const u = await signUp(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset/request',
        remoteAddress: '10.78.0.1',
        payload: { email: u.email },
      });
      expect(res.statusCode).toBe(202);
      const deadline = Date.now() + 10_000;
      while (relay.received.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(relay.received).toHaveLength(1);
      const [mail] = relay.received;
      expect(mail!.from).toBe('MAIL FROM:<no-reply@cardwise.example>');
      expect(mail!.to).toEqual([`RCPT TO:<${u.email}>`]);
      // Quoted-printable may fold the long link: unfold it before looking.
      const text = mail!.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
      expect(text).toMatch(/https:\/\/cardwise\.in\/reset-password\?token=[A-Za-z0-9_-]{43}/);
      expect(text).toContain('Subject: Reset your Cardwise password');
      expect(existsSync(join(t.dataDir, 'outbox'))).toBe(false);
    } finally {
      await t.close();
      relay.close();
    }
  });
});
