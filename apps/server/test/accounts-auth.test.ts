import { ACCOUNT_MESSAGES, verhoeffCheckDigit } from '@cardwise/contracts';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { authSessions, refreshTokens, users } from '../src/features/accounts/accounts-schema.ts';
import { REFRESH_GRACE_MS } from '../src/features/accounts/sessions.ts';
import { signAccessToken } from '../src/plumbing/auth.ts';
import { sha256Hex } from '../src/plumbing/crypto.ts';
import { signUp } from './support/accounts-helpers.ts';
import { DB_KINDS, useTestApp } from './support/test-app.ts';

const PASSWORD = 'Correct-Horse-9';

describe.each(DB_KINDS)('accounts: sign-up, sign-in and tokens on %s', (kind) => {
  let ipCounter = 0;
  /** Each test user talks from its own address, so per-IP limits only bite where a test wants them. */
  const nextIp = () => {
    ipCounter++;
    return `10.1.${ipCounter >> 8}.${ipCounter & 255}`;
  };
  let emailCounter = 0;
  const nextEmail = () => `user${++emailCounter}-${Date.now()}@example.com`;

  const t = useTestApp(kind);

  interface Opts {
    token?: string;
    tenant?: string;
    ip?: string;
    headers?: Record<string, string>;
  }
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    o: Opts = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: o.ip ?? '10.0.0.1',
      headers: {
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.tenant ? { 'x-tenant': o.tenant } : {}),
        ...o.headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const signup = (over: Record<string, unknown> = {}, o: Opts = {}) => {
    const email = nextEmail();
    return call(
      'POST',
      '/api/accounts/signup',
      {
        full_name: 'Asha Rao',
        email,
        phone_number: '+91 98765 43210',
        password: PASSWORD,
        confirm_password: PASSWORD,
        ...over,
      },
      { ip: nextIp(), ...o },
    );
  };
  const login = (email: string, password = PASSWORD, o: Opts = {}) =>
    call('POST', '/api/accounts/login', { email, password }, { ip: o.ip ?? nextIp(), ...o });

  /** A signed-in user for tests about what comes after sign-up (the calls above are the subject). */
  const newUser = () =>
    signUp(t.app, {
      email: nextEmail(),
      fullName: 'Asha Rao',
      phoneNumber: '+91 98765 43210',
      remoteAddress: nextIp(),
    });

  describe('signup', () => {
    it('refuses a key it does not know (a misspelt referral code is not dropped unseen)', async () => {
      for (const extra of [{ referralCode: 'FRIEND42' }, { is_staff: true }]) {
        const res = await signup(extra);
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json().detail).toContain(Object.keys(extra)[0]);
      }
    });

    it('creates a user with its own referral code and answers 201 without tokens', async () => {
      const res = await signup({ email: 'Mixed.Case@Example.com' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        user_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: 'mixed.case@example.com',
        name: 'Asha Rao',
        referral_code: expect.stringMatching(/^[A-Z2-9]{8}$/),
      });
      expect(body).not.toHaveProperty('access');
      const other = await signup();
      expect(other.json().referral_code).not.toBe(body.referral_code);
    });

    it('stores an argon2id hash, never the password', async () => {
      const res = await signup();
      const [row] = await t.database.db.select().from(users).where(eq(users.id, res.json().user_id));
      expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row!.password_hash).not.toContain(PASSWORD);
    });

    it('gives a mismatched confirm_password its own message', async () => {
      const res = await signup({ confirm_password: `${PASSWORD}x` });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain('Passwords do not match.');
      expect(res.json().errors).toEqual([{ path: 'confirm_password', message: 'Passwords do not match.' }]);
    });

    it.each([
      ['short', 'Ab1-xyz', 'This password is too short. It must contain at least 8 characters.'],
      ['long', `A1-${'x'.repeat(126)}`, 'This password is too long. It must contain at most 128 characters.'],
      ['numeric', '1234567890123', 'This password is entirely numeric.'],
      ['common', 'password1', 'This password is too common.'],
      ['common, any case', 'IloveYou1', 'This password is too common.'],
    ])('rejects a %s password with 400', async (_label, password, message) => {
      const res = await signup({ password, confirm_password: password });
      expect(res.statusCode).toBe(400);
      // One of several problems loses its full stop to the '; ' that joins them.
      expect(res.json().detail).toContain(message.replace(/\.$/, ''));
    });

    it('accepts 128 characters and does not truncate: a 129th differs', async () => {
      const long = `Zq9-${'k7'.repeat(62)}`;
      expect(long).toHaveLength(128);
      const s = await signup({ password: long, confirm_password: long });
      expect(s.statusCode).toBe(201);
      const { email } = s.json();
      expect((await login(email, long)).statusCode).toBe(200);
      expect((await login(email, `${long.slice(0, 127)}x`)).statusCode).toBe(401);
    });

    it('rejects a password that is the email', async () => {
      const email = nextEmail();
      const res = await signup({ email, password: email, confirm_password: email });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('This password is too similar to the email address.');
    });

    it.each([
      [{ email: 'not-an-email' }, 'email'],
      [{ phone_number: '5876543210' }, 'phone_number'],
      [{ phone_number: '98765' }, 'phone_number'],
      [{ full_name: '' }, 'full_name'],
    ])('rejects bad input %j with 400 and detail', async (over, path) => {
      const res = await signup(over);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    });

    it('asks for each required field left empty, in the words the form shows, and creates nothing', async () => {
      const usersBefore = (await t.database.db.select({ id: users.id }).from(users)).length;
      const cases: [Record<string, unknown>, { path: string; message: string }[]][] = [
        [
          { password: '', confirm_password: '' },
          [
            { path: 'password', message: 'Enter a password.' },
            { path: 'confirm_password', message: 'Confirm your password.' },
          ],
        ],
        // Only asked for, not also said not to match the password above it.
        [{ confirm_password: '' }, [{ path: 'confirm_password', message: 'Confirm your password.' }]],
        [{ full_name: '   ' }, [{ path: 'full_name', message: 'Enter your full name.' }]],
        [{ phone_number: '' }, [{ path: 'phone_number', message: 'Enter your mobile number.' }]],
        // A mismatch is said beside another field's problem, not only once that is put right.
        [
          { email: '', confirm_password: 'Another-Horse-9' },
          [
            { path: 'email', message: 'Enter your email address.' },
            { path: 'confirm_password', message: 'Passwords do not match.' },
          ],
        ],
        // Too short still says how long, once something is typed.
        [
          { password: 'Ab1-xyz', confirm_password: 'Ab1-xyz' },
          [{ path: 'password', message: ACCOUNT_MESSAGES.passwordTooShort }],
        ],
      ];
      for (const [over, errors] of cases) {
        const res = await signup(over);
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().errors, JSON.stringify(over)).toEqual(errors);
        expect(res.json().detail).toBe(
          `Invalid request body: ${errors.map((e) => `${e.path}: ${e.message}`.replace(/\.$/, '')).join('; ')}.`,
        );
      }
      expect((await t.database.db.select({ id: users.id }).from(users)).length).toBe(usersBefore);
    });

    it.each(['A', ' .- ', 'J.', '1 2 3'])(
      'refuses the name %j: a name has at least 2 letters',
      async (name) => {
        const res = await signup({ full_name: name });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([
          { path: 'full_name', message: 'Enter your full name: at least 2 letters.' },
        ]);
      },
    );

    it.each(['Li', 'राम', "O'Neil"])('takes the short name %j', async (name) => {
      expect((await signup({ full_name: name })).statusCode).toBe(201);
    });

    it('asks for an email left empty, and says one typed is not valid', async () => {
      const empty = await signup({ email: '  ' });
      expect(empty.json().errors).toEqual([{ path: 'email', message: 'Enter your email address.' }]);
      const wrong = await signup({ email: 'asha@' });
      expect(wrong.json().errors).toEqual([{ path: 'email', message: 'Enter a valid email address.' }]);
    });

    it('refuses a second account with the same email (any case) on the same tenant only', async () => {
      const email = nextEmail();
      expect((await signup({ email })).statusCode).toBe(201);
      const again = await signup({ email: email.toUpperCase() });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        detail: 'A user with this email already exists.',
        code: 'email_taken',
      });
      expect((await signup({ email }, { tenant: 'paisapal' })).statusCode).toBe(201);
    });

    it('links a referral code, notifies the referrer and lists the referred user (email masked)', async () => {
      const referrer = await newUser();
      const code = (await call('GET', '/api/accounts/user', undefined, { token: referrer.access })).json()
        .referral_code;
      const friendEmail = nextEmail();
      const res = await signup({
        email: friendEmail,
        full_name: 'Ravi Kumar',
        referral_code: code.toLowerCase(),
      });
      expect(res.statusCode).toBe(201);
      const list = (
        await call('GET', '/api/accounts/referred-users', undefined, { token: referrer.access })
      ).json();
      expect(list).toEqual([
        {
          id: res.json().user_id,
          name: 'Ravi Kumar',
          email: expect.any(String),
          date_joined: expect.any(String),
        },
      ]);
      expect(list[0].email).toBe(`u***@example.com`);
      const notes = (
        await call('GET', '/api/accounts/notifications', undefined, { token: referrer.access })
      ).json();
      expect(notes.map((n: { kind: string }) => n.kind)).toEqual(['referral_signup', 'welcome']);
      expect((await signup({ referral_code: 'NOPE2345' })).json().detail).toBe('Invalid referral code.');
      // A code of another tenant is unknown here.
      expect((await signup({ referral_code: code }, { tenant: 'paisapal' })).statusCode).toBe(400);
    });
  });

  describe('login', () => {
    it('returns access, refresh, user_id, email and name', async () => {
      const s = (await signup({ full_name: 'Meera Iyer' })).json();
      const res = await login(s.email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        access: expect.any(String),
        refresh: expect.any(String),
        user_id: s.user_id,
        email: s.email,
        name: 'Meera Iyer',
      });
    });

    it('gives an unknown email and a wrong password the same answer', async () => {
      const { email } = (await signup()).json();
      const wrong = await login(email, 'Wrong-Password-1');
      const unknown = await login(nextEmail(), 'Wrong-Password-1');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        detail: 'Email or password is incorrect.',
        code: 'authentication_failed',
      });
      expect(unknown.json()).toEqual(wrong.json());
      expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
    });

    it('takes about as long for an unknown email as for a wrong password (a dummy hash is checked)', async () => {
      const { email } = (await signup()).json();
      const time = async (e: string) => {
        const start = performance.now();
        await login(e, 'Wrong-Password-1');
        return performance.now() - start;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 6; i++) {
        known.push(await time(email));
        unknown.push(await time(nextEmail()));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      // Without the dummy hash an unknown email answers in ~1 ms against ~20-40 ms: the
      // bounds are loose enough for a busy machine and far from that gap.
      const ratio = median(unknown) / median(known);
      expect(ratio, `unknown ${unknown.join(',')} vs known ${known.join(',')}`).toBeGreaterThan(0.4);
      expect(ratio).toBeLessThan(2.5);
    });

    it('rejects malformed input with 400 and detail', async () => {
      const res = await call('POST', '/api/accounts/login', { email: 'x' }, { ip: nextIp() });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/^Invalid request body/);
      // A list where the password goes is said to be that, once: zod also ran its length check.
      const list = await call(
        'POST',
        '/api/accounts/login',
        { email: 'a@example.com', password: [] },
        { ip: nextIp() },
      );
      expect(list.statusCode).toBe(400);
      expect(list.json()).toMatchObject({
        detail: 'Invalid request body: password: must be text, not a list.',
        errors: [{ path: 'password', message: 'must be text, not a list' }],
      });
    });
  });

  describe('access tokens', () => {
    it('opens a protected route; without a token the answer is 401 not_authenticated', async () => {
      const u = await newUser();
      const me = await call('GET', '/api/accounts/user', undefined, { token: u.access });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        id: u.user_id,
        email: u.email,
        name: 'Asha Rao',
        first_name: 'Asha',
        last_name: 'Rao',
      });
      const anon = await call('GET', '/api/accounts/user');
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({
        detail: 'Authentication credentials were not provided.',
        code: 'not_authenticated',
      });
      expect(anon.headers['www-authenticate']).toBe('Bearer realm="api"');
    });

    it('is a 15-minute JWT with audience and type', async () => {
      const u = await newUser();
      const [, payload] = u.access.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      expect(claims).toMatchObject({ typ: 'access', aud: 'cardwise-api', sub: u.user_id, tid: 'cardwise' });
      expect(claims.exp - claims.iat).toBe(15 * 60);
      expect(JSON.stringify(claims)).not.toContain(u.email);
    });

    it('never accepts a refresh token, an expired, forged or wrong-audience token', async () => {
      // One bit of the signature flipped. (Overwriting its last characters was a no-op about
      // one run in a thousand: the last base64url character carries padding bits the decoder
      // ignores, so the "tampered" token could decode to the genuine signature.)
      const tamperSignature = (jwt: string) => {
        const [header, payload, signature] = jwt.split('.') as [string, string, string];
        const bytes = Buffer.from(signature, 'base64url');
        bytes[0] = (bytes[0] as number) ^ 1;
        return `${header}.${payload}.${bytes.toString('base64url')}`;
      };
      const u = await newUser();
      const secret = t.app.ctx.config.jwtSecret;
      const claims = JSON.parse(Buffer.from(u.access.split('.')[1]!, 'base64url').toString());
      const base = { userId: claims.sub, tenantId: claims.tid, sessionId: claims.sid };
      const sign = (payload: Record<string, unknown>, key: Uint8Array = secret) =>
        new SignJWT({ tid: claims.tid, sid: claims.sid, ...payload })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(claims.sub)
          .setIssuer('cardwise')
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(key);
      const bad = [
        u.refresh,
        await signAccessToken(secret, base, -10),
        await sign({ typ: 'refresh', aud: 'cardwise-api' }),
        await sign({ typ: 'access', aud: 'another-api' }),
        await sign({ typ: 'access', aud: 'cardwise-api' }, new TextEncoder().encode('x'.repeat(40))),
        tamperSignature(u.access),
        'not-a-jwt',
      ];
      for (const token of bad) {
        const res = await call('GET', '/api/accounts/profile', undefined, { token });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          detail: 'Given token not valid for any token type',
          code: 'token_not_valid',
        });
      }
      // A public route still answers an invalid token (as anonymous).
      expect((await call('GET', '/api/cards', undefined, { token: u.refresh })).statusCode).toBe(200);
      // The genuine token works.
      expect((await call('GET', '/api/accounts/profile', undefined, { token: u.access })).statusCode).toBe(
        200,
      );
    });

    it('is useless on another tenant (and the same email there is another user)', async () => {
      const u = await newUser();
      const res = await call('GET', '/api/accounts/user', undefined, { token: u.access, tenant: 'paisapal' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('token_not_valid');
      expect(
        (await call('GET', '/t/paisapal/api/accounts/user', undefined, { token: u.access })).statusCode,
      ).toBe(401);
      // Nor can the password of tenant A sign in on tenant B.
      expect((await login(u.email, PASSWORD, { tenant: 'paisapal' })).statusCode).toBe(401);
      const secret = t.app.ctx.config.jwtSecret;
      const claims = JSON.parse(Buffer.from(u.access.split('.')[1]!, 'base64url').toString());
      const forged = await signAccessToken(secret, {
        userId: claims.sub,
        tenantId: 'paisapal',
        sessionId: claims.sid,
      });
      expect(
        (await call('GET', '/api/accounts/user', undefined, { token: forged, tenant: 'paisapal' }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('refresh tokens', () => {
    const refresh = (token: string, o: Opts = {}) =>
      call('POST', '/api/accounts/token/refresh', { refresh: token }, o);

    it('rotates: a new access and a new refresh token; the new access token works', async () => {
      const u = await newUser();
      const res = await refresh(u.refresh);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
      expect(body.refresh).not.toBe(u.refresh);
      expect((await call('GET', '/api/accounts/user', undefined, { token: body.access })).statusCode).toBe(
        200,
      );
      expect((await refresh(body.refresh)).statusCode).toBe(200);
    });

    it('stores only a sha-256 of the opaque token, with an absolute expiry 30 days out', async () => {
      const u = await newUser();
      const rows = await t.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.token_hash, sha256Hex(u.refresh)));
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      const days = (row.expires_at.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
      const child = (await refresh(u.refresh)).json();
      const [childRow] = await t.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.token_hash, sha256Hex(child.refresh)));
      // Rotation never extends the session.
      expect(childRow!.expires_at.getTime()).toBe(row.expires_at.getTime());
      expect(childRow!.parent_id).toBe(row.id);
      expect(childRow!.family_id).toBe(row.family_id);
    });

    it('revokes the whole family when a spent token is reused', async () => {
      const u = await newUser();
      const first = (await refresh(u.refresh)).json();
      const second = (await refresh(first.refresh)).json();
      // The thief replays the first, spent token.
      const replay = await refresh(u.refresh);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
      // Every token of the family, and every access token of the session, is now dead.
      expect((await refresh(second.refresh)).statusCode).toBe(401);
      for (const token of [u.access, first.access, second.access]) {
        expect((await call('GET', '/api/accounts/user', undefined, { token })).statusCode).toBe(401);
      }
      const [s] = await t.database.db.select().from(authSessions).where(eq(authSessions.user_id, u.user_id));
      expect(s!.revoked_reason).toBe('refresh_reuse');
      // Another session of the same user is untouched.
      const again = (await login(u.email)).json();
      expect((await refresh(again.refresh)).statusCode).toBe(200);
    });

    it('gives two concurrent exchanges of one token the same answer: one child, the session kept', async () => {
      const u = await newUser();
      const results = await Promise.all([refresh(u.refresh), refresh(u.refresh)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const [a, b] = results.map((r) => r.json());
      expect(a.refresh).toBe(b.refresh);
      const [parent] = await t.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.token_hash, sha256Hex(u.refresh)));
      const family = await t.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.family_id, parent!.family_id));
      expect(family).toHaveLength(2);
      for (const token of [a.access, b.access])
        expect((await call('GET', '/api/accounts/user', undefined, { token })).statusCode).toBe(200);
      expect((await refresh(a.refresh)).statusCode).toBe(200);
    });

    it('repeats a lost answer within the grace period, and only while the new token is unspent', async () => {
      const u = await newUser();
      const first = (await refresh(u.refresh)).json();
      // The answer never reached the client: it exchanges the same token again.
      const again = await refresh(u.refresh);
      expect(again.statusCode).toBe(200);
      expect(again.json().refresh).toBe(first.refresh);
      expect(
        (await call('GET', '/api/accounts/user', undefined, { token: again.json().access })).statusCode,
      ).toBe(200);
      // Once the child is spent the parent's exchange cannot be repeated: that is reuse.
      const second = (await refresh(first.refresh)).json();
      expect((await refresh(u.refresh)).statusCode).toBe(401);
      expect((await refresh(second.refresh)).statusCode).toBe(401);
      const [s] = await t.database.db.select().from(authSessions).where(eq(authSessions.user_id, u.user_id));
      expect(s!.revoked_reason).toBe('refresh_reuse');
    });

    it('treats a repeat after the grace period as reuse and ends the session', async () => {
      const u = await newUser();
      const first = (await refresh(u.refresh)).json();
      await t.database.db
        .update(refreshTokens)
        .set({ used_at: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
        .where(eq(refreshTokens.token_hash, sha256Hex(u.refresh)));
      expect((await refresh(u.refresh)).statusCode).toBe(401);
      expect((await refresh(first.refresh)).statusCode).toBe(401);
      expect((await call('GET', '/api/accounts/user', undefined, { token: first.access })).statusCode).toBe(
        401,
      );
    });

    it('keeps nothing that stands in for a live token: the repeat re-derives the child from what is presented', async () => {
      const u = await newUser();
      const first = (await refresh(u.refresh)).json();
      const rows = await t.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.user_id, u.user_id));
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(first.refresh);
      expect(stored).not.toContain(u.refresh);
      // Two different parents never derive the same child, and a wrong token derives nothing.
      const other = await newUser();
      const theirs = (await refresh(other.refresh)).json();
      expect(theirs.refresh).not.toBe(first.refresh);
      // One character changed inside the token: replacing the last two with "AA" left the token
      // as it was whenever they already were "AA" (one run in 4,096; a CI run met it).
      const i = u.refresh.length - 6;
      const wrong = `${u.refresh.slice(0, i)}${u.refresh[i] === 'A' ? 'B' : 'A'}${u.refresh.slice(i + 1)}`;
      expect((await refresh(wrong)).statusCode).toBe(401);
      expect((await refresh(u.refresh)).json().refresh).toBe(first.refresh);
    });

    it('a repeat after a logout is refused as a dead session, not reported as theft', async () => {
      const u = await newUser();
      await refresh(u.refresh);
      expect((await call('POST', '/api/accounts/logout', { refresh: u.refresh })).statusCode).toBe(200);
      expect((await refresh(u.refresh)).statusCode).toBe(401);
      const [s] = await t.database.db.select().from(authSessions).where(eq(authSessions.user_id, u.user_id));
      expect(s!.revoked_reason).toBe('logout');
    });

    it('an exchange and a logout at the same moment: the logout succeeds and the session ends', async () => {
      // Both lock the session row first (one lock order), so neither deadlocks the other.
      for (let i = 0; i < 8; i++) {
        const u = await newUser();
        const [exchanged, out] = await Promise.all([
          refresh(u.refresh),
          call('POST', '/api/accounts/logout', { everywhere: true }, { token: u.access }),
        ]);
        expect(out.statusCode).toBe(200);
        expect([200, 401]).toContain(exchanged.statusCode);
        const live = await t.database.db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.user_id, u.user_id));
        expect(live.filter((r) => r.revoked_at === null)).toEqual([]);
        if (exchanged.statusCode === 200)
          expect((await refresh(exchanged.json().refresh)).statusCode).toBe(401);
      }
    });
  });

  describe('logout', () => {
    it('revokes the session: its access and refresh tokens stop working', async () => {
      const u = await newUser();
      const other = (await login(u.email)).json();
      const res = await call('POST', '/api/accounts/logout', { refresh: u.refresh }, { token: u.access });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'Successfully logged out.' });
      expect((await call('GET', '/api/accounts/user', undefined, { token: u.access })).statusCode).toBe(401);
      expect((await call('POST', '/api/accounts/token/refresh', { refresh: u.refresh })).statusCode).toBe(
        401,
      );
      // The user's other session (another device) lives on.
      expect((await call('GET', '/api/accounts/user', undefined, { token: other.access })).statusCode).toBe(
        200,
      );
    });

    it('needs no body: a bearer alone ends its session', async () => {
      const u = await newUser();
      const res = await call('POST', '/api/accounts/logout', undefined, { token: u.access });
      expect(res.statusCode).toBe(200);
      expect((await call('GET', '/api/accounts/user', undefined, { token: u.access })).statusCode).toBe(401);
      expect((await call('POST', '/api/accounts/token/refresh', { refresh: u.refresh })).statusCode).toBe(
        401,
      );
    });

    it('works with only a refresh token, and is idempotent', async () => {
      const u = await newUser();
      expect((await call('POST', '/api/accounts/logout', { refresh: u.refresh })).statusCode).toBe(200);
      expect((await call('GET', '/api/accounts/user', undefined, { token: u.access })).statusCode).toBe(401);
      expect((await call('POST', '/api/accounts/logout', { refresh: u.refresh })).statusCode).toBe(200);
      expect((await call('POST', '/api/accounts/logout', {})).statusCode).toBe(200);
    });

    it('signs out everywhere', async () => {
      const u = await newUser();
      const other = (await login(u.email)).json();
      const res = await call('POST', '/api/accounts/logout', { everywhere: true }, { token: u.access });
      expect(res.statusCode).toBe(200);
      for (const token of [u.access, other.access]) {
        expect((await call('GET', '/api/accounts/user', undefined, { token })).statusCode).toBe(401);
      }
      expect((await call('POST', '/api/accounts/token/refresh', { refresh: other.refresh })).statusCode).toBe(
        401,
      );
      expect((await call('POST', '/api/accounts/logout', { everywhere: true })).statusCode).toBe(401);
    });

    it('a dead refresh token (spent, or of an ended session) cannot sign the user out everywhere', async () => {
      const u = await newUser();
      const rotated = await call('POST', '/api/accounts/token/refresh', { refresh: u.refresh });
      expect(rotated.statusCode).toBe(200);
      const other = (await login(u.email)).json();
      const otherAlive = async () =>
        (await call('GET', '/api/accounts/user', undefined, { token: other.access })).statusCode;
      // Spent by the rotation above: whoever holds an old copy cannot end every session.
      const spent = await call('POST', '/api/accounts/logout', { refresh: u.refresh, everywhere: true });
      expect(spent.statusCode).toBe(401);
      expect(await otherAlive()).toBe(200);
      // The token of a session already logged out.
      const ended = await login(u.email);
      const endedRefresh = ended.json().refresh as string;
      expect((await call('POST', '/api/accounts/logout', { refresh: endedRefresh })).statusCode).toBe(200);
      const old = await call('POST', '/api/accounts/logout', { refresh: endedRefresh, everywhere: true });
      expect(old.statusCode).toBe(401);
      expect(await otherAlive()).toBe(200);
      // A live refresh token still can.
      const live = await call('POST', '/api/accounts/logout', { refresh: other.refresh, everywhere: true });
      expect(live.statusCode).toBe(200);
      expect(await otherAlive()).toBe(401);
    });

    it('refuses a key it does not know, naming it, and ends no session (a misspelt everywhere is not dropped)', async () => {
      const u = await newUser();
      const other = (await login(u.email)).json();
      for (const body of [{ everyWhere: true }, { refresh: u.refresh, all: true }]) {
        const res = await call('POST', '/api/accounts/logout', body, { token: u.access });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().detail).toBe(
          `Invalid request body: unknown field '${Object.keys(body).at(-1)}' (the fields are refresh, everywhere).`,
        );
      }
      for (const token of [u.access, other.access]) {
        expect((await call('GET', '/api/accounts/user', undefined, { token })).statusCode).toBe(200);
      }
    });

    it('leaves another user’s session alone when handed their refresh token', async () => {
      const a = await newUser();
      const b = await newUser();
      await call('POST', '/api/accounts/logout', { refresh: b.refresh }, { token: a.access });
      expect((await call('GET', '/api/accounts/user', undefined, { token: b.access })).statusCode).toBe(200);
    });
  });

  describe('password change', () => {
    const change = (token: string, body: Record<string, string>) =>
      call('POST', '/api/accounts/password/change', body, { token, ip: nextIp() });

    it('needs the current password, applies the policy, and ends every other session', async () => {
      const u = await newUser();
      const other = (await login(u.email)).json();
      const wrong = await change(u.access, {
        current_password: 'nope-nope-1',
        new_password: 'New-Secret-77',
        confirm_password: 'New-Secret-77',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().detail).toBe('Your current password is incorrect.');
      const common = await change(u.access, {
        current_password: PASSWORD,
        new_password: 'iloveyou',
        confirm_password: 'iloveyou',
      });
      expect(common.json().detail).toBe('This password is too common.');
      const mismatch = await change(u.access, {
        current_password: PASSWORD,
        new_password: 'New-Secret-77',
        confirm_password: 'New-Secret-78',
      });
      expect(mismatch.json().detail).toContain('Passwords do not match.');
      const empty = await change(u.access, { current_password: '', new_password: '', confirm_password: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual([
        { path: 'current_password', message: 'Enter your current password.' },
        { path: 'new_password', message: 'Enter a new password.' },
        { path: 'confirm_password', message: 'Confirm your new password.' },
      ]);
      const ok = await change(u.access, {
        current_password: PASSWORD,
        new_password: 'New-Secret-77',
        confirm_password: 'New-Secret-77',
      });
      expect(ok.statusCode).toBe(200);
      expect((await call('GET', '/api/accounts/user', undefined, { token: u.access })).statusCode).toBe(200);
      expect((await call('GET', '/api/accounts/user', undefined, { token: other.access })).statusCode).toBe(
        401,
      );
      expect((await login(u.email)).statusCode).toBe(401);
      expect((await login(u.email, 'New-Secret-77')).statusCode).toBe(200);
    });
  });

  describe('throttling', () => {
    it('locks an account after 5 failed logins: 429 with Retry-After, even for the right password', async () => {
      const { email } = (await signup()).json();
      for (let i = 0; i < 5; i++) {
        expect((await login(email, `Wrong-${i}-password`)).statusCode).toBe(401);
      }
      const locked = await login(email, PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(locked.json()).toEqual({
        detail: 'Too many requests. Please try again in 15 minutes.',
        code: 'throttled',
      });
      // Per (tenant, email): the same email on another tenant is not locked.
      expect((await login(email, PASSWORD, { tenant: 'paisapal' })).statusCode).toBe(401);
    });

    it('someone failing on a user’s email does not lock out a browser the user has signed in from', async () => {
      const cookieOf = (res: { headers: Record<string, unknown> }) => {
        const set = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('cw_dev_'));
        expect(set).toMatch(/; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Strict$/);
        return String(set).split(';')[0] as string;
      };
      const { email } = (await signup()).json();
      const known = cookieOf(await login(email));
      const { email: attackersEmail } = (await signup()).json();
      const attackers = cookieOf(await login(attackersEmail));
      // Five failures from browsers that never signed in to it (another address each time).
      for (let i = 0; i < 5; i++) expect((await login(email, `Wrong-${i}-password`)).statusCode).toBe(401);
      expect((await login(email)).statusCode).toBe(429);
      expect((await login(email, PASSWORD, { headers: { cookie: known } })).statusCode).toBe(200);
      // A valid cookie of another account, under this account's name, is not this account's.
      const forged = `${known.split('=')[0]}=${attackers.split('=').slice(1).join('=')}`;
      expect((await login(email, PASSWORD, { headers: { cookie: forged } })).statusCode).toBe(429);
      // A tampered value is not trusted either.
      expect((await login(email, PASSWORD, { headers: { cookie: `${known}x` } })).statusCode).toBe(429);
      // The known browser's own failures lock that browser.
      for (let i = 0; i < 5; i++)
        expect((await login(email, `Wrong-${i}-password`, { headers: { cookie: known } })).statusCode).toBe(
          401,
        );
      expect((await login(email, PASSWORD, { headers: { cookie: known } })).statusCode).toBe(429);
    });

    it('throttles an unknown email exactly like a known one (no enumeration)', async () => {
      const email = nextEmail();
      for (let i = 0; i < 5; i++) expect((await login(email, 'Wrong-password-1')).statusCode).toBe(401);
      expect((await login(email, 'Wrong-password-1')).statusCode).toBe(429);
    });

    it('limits failed logins per IP across accounts', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i++) {
        expect((await login(nextEmail(), 'Wrong-password-1', { ip })).statusCode).toBe(401);
      }
      const res = await login(nextEmail(), 'Wrong-password-1', { ip });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    });

    it('limits all login requests per IP', async () => {
      const ip = nextIp();
      const { email } = (await signup()).json();
      let last = 0;
      for (let i = 0; i < 31; i++) last = (await login(email, PASSWORD, { ip })).statusCode;
      expect(last).toBe(429);
    });

    it('limits contact messages per IP', async () => {
      const ip = nextIp();
      const msg = { name: 'A', email: 'a@example.com', message: 'Hello' };
      for (let i = 0; i < 5; i++)
        expect((await call('POST', '/api/accounts/contact', msg, { ip })).statusCode).toBe(201);
      const res = await call('POST', '/api/accounts/contact', msg, { ip });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().code).toBe('throttled');
    });
  });

  it('documents every accounts route in the OpenAPI document', async () => {
    const res = await call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/accounts/login',
      '/api/accounts/signup',
      '/api/accounts/user/update',
      '/api/accounts/spending-entries',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('keeps Aadhaar test data honest: the helper builds Verhoeff-valid numbers', () => {
    expect(verhoeffCheckDigit('23456789012')).toBe('4');
  });
});
