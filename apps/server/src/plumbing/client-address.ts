import { isIPv6 } from 'node:net';

/**
 * The address a per-client limit is keyed on (`clientAddress(request.ip)`): IPv4 as it is,
 * an IPv4-mapped IPv6 address as its IPv4, and any other IPv6 address as its /64. One
 * subscriber is routinely given a whole /64 (2^64 addresses), so keying on the full IPv6
 * address would give a single client unlimited attempts at the sign-in and sign-up limits.
 * (@fastify/rate-limit's default key does the same; our routes have their own keys.)
 *
 * `request.ip` itself is only as good as TRUST_PROXY (config.ts): with a proxy in front, it
 * is the address the proxy saw, never a value the client wrote into X-Forwarded-For.
 */
export function clientAddress(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const address = ip.toLowerCase().replace(/%.*$/, '');
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = address.split('::');
  const parts = (s: string) => (s ? s.split(':') : []);
  const front = parts(head);
  const back = tail === undefined ? [] : parts(tail);
  const groups = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
