import { describe, expect, it } from 'vitest';
import {
  apiBaseFor,
  canonicalTenantUrl,
  resolvePageTenant,
  routerBasenameFor,
  tenantFromHost,
} from './tenant.ts';

describe('page tenant', () => {
  it('reads the subdomain, ignoring www', () => {
    expect(tenantFromHost('acme.cardwise.in')).toBe('acme');
    expect(tenantFromHost('www.acme.cardwise.in')).toBe('acme');
    expect(tenantFromHost('www.cardwise.in')).toBeNull();
    expect(tenantFromHost('cardwise.in')).toBeNull();
    expect(tenantFromHost('acme.localhost')).toBe('acme');
    expect(tenantFromHost('127.0.0.1')).toBeNull();
  });

  it('prefers a /t/{slug} path prefix and uses it as the router basename', () => {
    const t = resolvePageTenant({ hostname: 'cardwise.in', pathname: '/t/acme/cards' });
    expect(t).toEqual({ slug: 'acme', source: 'path', local: false });
    expect(routerBasenameFor(t)).toBe('/t/acme');
    expect(apiBaseFor(t)).toBe('/t/acme/api');
  });

  it('uses /api plus the header on local hosts', () => {
    const t = resolvePageTenant({ hostname: 'localhost', pathname: '/t/acme/' });
    expect(apiBaseFor(t)).toBe('/api');
    expect(routerBasenameFor(resolvePageTenant({ hostname: 'localhost', pathname: '/cards' }))).toBe('/');
  });

  it('turns a ?tenant= query parameter into the path prefix, keeping the rest of the URL', () => {
    const at = (pathname: string, search: string, hash = '') =>
      canonicalTenantUrl({ pathname, search, hash });
    expect(at('/', '?tenant=PaisaPal')).toBe('/t/paisapal/');
    expect(at('/cards', '?tag=new_launch&tenant=acme', '#top')).toBe('/t/acme/cards?tag=new_launch#top');
    // A path prefix wins; no parameter, an empty or a malformed one leaves the URL alone.
    expect(at('/t/acme/cards', '?tenant=other')).toBeNull();
    expect(at('/cards', '?tag=x')).toBeNull();
    expect(at('/cards', '?tenant=')).toBeNull();
    expect(at('/cards', "?tenant=x'%20or")).toBeNull();
  });
});
