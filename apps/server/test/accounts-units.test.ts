import {
  aadhaarSchema,
  clampDesiredCardCount,
  indianMobileSchema,
  panSchema,
  pincodeSchema,
  verhoeffCheckDigit,
  verhoeffValid,
} from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../src/features/accounts/passwords.ts';
import { decryptField, encryptField, randomToken, sha256Hex } from '../src/plumbing/crypto.ts';

const key = Buffer.alloc(32, 7);

describe('field encryption (AES-256-GCM)', () => {
  it('round-trips, with a fresh nonce each time', () => {
    const a = encryptField(key, 'ABCDE1234F', 'ctx');
    const b = encryptField(key, 'ABCDE1234F', 'ctx');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1:')).toBe(true);
    expect(decryptField(key, a, 'ctx')).toBe('ABCDE1234F');
  });

  it('refuses a tampered value, another key and another context', () => {
    const v = encryptField(key, '234567890124', 'profile:aadhaar:u1');
    const raw = Buffer.from(v.slice(3), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => decryptField(key, `v1:${raw.toString('base64url')}`, 'profile:aadhaar:u1')).toThrow();
    expect(() => decryptField(Buffer.alloc(32, 8), v, 'profile:aadhaar:u1')).toThrow();
    expect(() => decryptField(key, v, 'profile:aadhaar:u2')).toThrow();
    expect(() => decryptField(key, 'v2:abc')).toThrow();
    expect(() => encryptField(Buffer.alloc(16), 'x')).toThrow(/32 bytes/);
  });

  it('makes 256-bit opaque tokens and hex sha-256', () => {
    expect(Buffer.from(randomToken(), 'base64url')).toHaveLength(32);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('Indian field rules', () => {
  it('checks Verhoeff', () => {
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
    for (const base of ['23456789012', '49999999999', '87654321098']) {
      const full = base + verhoeffCheckDigit(base);
      expect(verhoeffValid(full)).toBe(true);
      expect(aadhaarSchema.safeParse(full).success).toBe(true);
      // Any single-digit change is caught.
      const changed = full.slice(0, 5) + ((Number(full[5]) + 1) % 10) + full.slice(6);
      expect(aadhaarSchema.safeParse(changed).success).toBe(false);
    }
    // First digit 0 or 1 is never an Aadhaar number, check digit or not.
    const one = `1${'2345678901'}`;
    expect(aadhaarSchema.safeParse(one + verhoeffCheckDigit(one)).success).toBe(false);
  });

  it.each([
    ['9876543210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['+91 98765-43210', '9876543210'],
    ['6000000000', '6000000000'],
  ])('accepts mobile %s', (input, out) => {
    expect(indianMobileSchema.parse(input)).toBe(out);
  });
  it.each(['5876543210', '987654321', '98765432100', '919876543210x', '+1 9876543210', '0091 9876543210'])(
    'rejects mobile %s',
    (input) => {
      expect(indianMobileSchema.safeParse(input).success).toBe(false);
    },
  );

  it('checks PAN and PIN code', () => {
    expect(panSchema.parse(' abcde1234f ')).toBe('ABCDE1234F');
    for (const bad of ['ABCDE1234', 'ABCD11234F', '1BCDE1234F', 'ABCDE1234FF']) {
      expect(panSchema.safeParse(bad).success).toBe(false);
    }
    expect(pincodeSchema.safeParse('110001').success).toBe(true);
    for (const bad of ['010001', '11000', '1100011', '11000a'])
      expect(pincodeSchema.safeParse(bad).success).toBe(false);
  });

  it('clamps the desired card count to 1..10, a non-number to 1', () => {
    expect(
      [0, 1, 5, 10, 11, -3, 2.9, '7', 'x', null, undefined, Number.NaN].map(clampDesiredCardCount),
    ).toEqual([1, 1, 5, 10, 10, 1, 2, 7, 1, 1, 1, 1]);
  });
});

describe('password policy', () => {
  it.each([
    ['Correct-Horse-9', null],
    ['short1!', 'This password is too short. It must contain at least 8 characters.'],
    ['x'.repeat(129), 'This password is too long. It must contain at most 128 characters.'],
    ['12345678901', 'This password is entirely numeric.'],
    ['qwertyuiop', 'This password is too common.'],
    ['Password123', 'This password is too common.'],
  ])('%s → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
  it('rejects the email or its local part', () => {
    expect(passwordProblem('priya.sharma@example.com', 'Priya.Sharma@example.com')).toBe(
      'This password is too similar to the email address.',
    );
    expect(passwordProblem('priya.sharma-2024!', 'priya.sharma@example.com')).toBe(
      'This password is too similar to the email address.',
    );
  });
});

describe('database errors in logs', () => {
  it('loses the query parameters and row values, keeps the SQLSTATE and constraint', async () => {
    const { redactDatabaseError } = await import('../src/plumbing/errors.ts');
    const pg = Object.assign(
      new Error('duplicate key value violates unique constraint "users_tenant_email_uq"'),
      {
        code: '23505',
        severity: 'ERROR',
        constraint: 'users_tenant_email_uq',
        detail: 'Key (tenant_id, lower(email))=(cardwise, asha@example.com) already exists.',
      },
    );
    const wrapped = Object.assign(
      new Error('Failed query: insert into "users" ... \nparams: cardwise,asha@example.com,$argon2id$...'),
      { name: 'DrizzleQueryError', cause: pg },
    );
    for (const e of [wrapped, pg]) {
      const out = redactDatabaseError(e) as Error;
      expect(out.message).toBe(
        'Database query failed: SQLSTATE 23505 on users_tenant_email_uq (parameters redacted)',
      );
      expect(JSON.stringify({ ...out, m: out.message, c: out.cause })).not.toContain('asha');
    }
    const plain = new Error('something else');
    expect(redactDatabaseError(plain)).toBe(plain);
  });

  it('are redacted by the app-wide error handler, whichever feature raised them', async () => {
    const { registerErrorHandling } = await import('../src/plumbing/errors.ts');
    const { default: Fastify } = await import('fastify');
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (l: string) => void lines.push(l) } } });
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw Object.assign(new Error('Failed query: select ... \nparams: asha@example.com'), {
        name: 'DrizzleQueryError',
        cause: Object.assign(new Error('boom'), { code: '57014', severity: 'ERROR' }),
      });
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(lines.join('')).toContain('SQLSTATE 57014 (parameters redacted)');
    expect(lines.join('')).not.toContain('asha');
    await app.close();
  });
});

describe('an HttpError with headers', () => {
  it('sends them with its answer (the engine pool’s busy 503 carries Retry-After)', async () => {
    const { registerErrorHandling, HttpError } = await import('../src/plumbing/errors.ts');
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/busy', async () => {
      throw new HttpError(503, 'Busy.', 'engine_busy', { headers: { 'retry-after': '5' } });
    });
    const res = await app.inject({ method: 'GET', url: '/busy' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ detail: 'Busy.', code: 'engine_busy' });
    await app.close();
  });
});

describe('the wait a throttled request is told', () => {
  it('is in words a person reads: seconds under a minute, then whole minutes rounded up', async () => {
    const { waitText } = await import('../src/features/accounts/throttle.ts');
    expect(waitText(0.2)).toBe('in 1 second');
    expect(waitText(40)).toBe('in 40 seconds');
    expect(waitText(60)).toBe('in 1 minute');
    expect(waitText(61)).toBe('in 2 minutes');
    expect(waitText(895)).toBe('in 15 minutes');
  });
});
