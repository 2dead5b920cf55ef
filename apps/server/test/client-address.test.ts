import { describe, expect, it } from 'vitest';
import { clientAddress } from '../src/plumbing/client-address.ts';
import { type TestApp, useTestApp } from './support/test-app.ts';

/**
 * Per-IP limits (sign-in, sign-up, refresh, contact, engine runs) key on the client's address.
 * It must be the address the client cannot choose: behind a proxy, the one the proxy saw (the
 * last X-Forwarded-For entry it appended), never the first entry, which the client writes; and
 * for IPv6, the /64 a single subscriber is given, not one of its 2^64 addresses.
 * The contact form (5 per 10 minutes per address) is the probe.
 */
const contact = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/contact',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { name: 'Asha', email: 'asha@example.com', message: 'Hello' },
  });

async function statuses(requests: Array<() => Promise<{ statusCode: number }>>): Promise<number[]> {
  const out: number[] = [];
  for (const r of requests) out.push((await r()).statusCode);
  return out;
}

const FIVE_OK_THEN_429 = [201, 201, 201, 201, 201, 429];

describe('client address of the per-IP limits', () => {
  describe('TRUST_PROXY=true (one proxy in front)', () => {
    const t = useTestApp('pglite', { config: { TRUST_PROXY: 'true' } });

    it('a client cannot pick its address by writing X-Forwarded-For itself', async () => {
      // The proxy (10.9.0.1) appends the address it saw (198.51.100.7) to what the client sent.
      const got = await statuses(
        FIVE_OK_THEN_429.map((_, i) => () => contact(t, '10.9.0.1', `203.0.113.${i + 1}, 198.51.100.7`)),
      );
      expect(got).toEqual(FIVE_OK_THEN_429);
      // Another client behind the same proxy has its own allowance.
      expect((await contact(t, '10.9.0.1', '198.51.100.8')).statusCode).toBe(201);
    });
  });

  describe('TRUST_PROXY as the proxies’ addresses', () => {
    const t = useTestApp('pglite', { config: { TRUST_PROXY: '10.9.0.0/16, 127.0.0.1' } });

    it('takes the last address that is not a trusted proxy', async () => {
      const got = await statuses(
        FIVE_OK_THEN_429.map(
          (_, i) => () => contact(t, '10.9.0.1', `203.0.113.${i + 1}, 198.51.100.9, 10.9.0.2`),
        ),
      );
      expect(got).toEqual(FIVE_OK_THEN_429);
    });

    it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
      const got = await statuses(
        FIVE_OK_THEN_429.map((_, i) => () => contact(t, '192.0.2.50', `203.0.113.${i + 1}`)),
      );
      expect(got).toEqual(FIVE_OK_THEN_429);
    });
  });

  describe('TRUST_PROXY=false (the default)', () => {
    const t = useTestApp('pglite');

    it('X-Forwarded-For is ignored', async () => {
      const got = await statuses(
        FIVE_OK_THEN_429.map((_, i) => () => contact(t, '192.0.2.60', `203.0.113.${i + 1}`)),
      );
      expect(got).toEqual(FIVE_OK_THEN_429);
    });

    it('the addresses of one IPv6 /64 share an allowance; another /64 has its own', async () => {
      const got = await statuses(
        FIVE_OK_THEN_429.map((_, i) => () => contact(t, `2001:db8:1:2::${(i + 1).toString(16)}a`)),
      );
      expect(got).toEqual(FIVE_OK_THEN_429);
      expect((await contact(t, '2001:db8:1:3::1')).statusCode).toBe(201);
    });
  });

  it('clientAddress: IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 as its /64', () => {
    expect(clientAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress('::FFFF:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:0db8:0001:0002:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(clientAddress('')).toBe('');
  });
});
