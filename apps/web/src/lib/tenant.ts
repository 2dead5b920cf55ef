/**
 * Which tenant this page belongs to, from the page URL (spec §1): the host's
 * subdomain (ignoring a leading www), a `/t/{slug}` path prefix, or a `?tenant=`
 * query parameter (rewritten to the path prefix before the app starts, see
 * `canonicalTenantUrl`). No tenant means the product's own (the server's default).
 */

export const DEFAULT_TENANT = 'default';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface PageTenant {
  /** The tenant slug, or null for the default tenant. */
  slug: string | null;
  /** Where the slug came from; the router needs `/t/{slug}` as its basename. */
  source: 'subdomain' | 'path' | null;
  /** True on localhost / 127.0.0.1, where the dev proxy and header do the routing. */
  local: boolean;
}

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':');
}

/** `acme.cardwise.in` → acme; `www.cardwise.in` → none; `acme.localhost` → acme. */
export function tenantFromHost(hostname: string): string | null {
  const host = hostname.toLowerCase();
  if (isIpAddress(host)) return null;
  const labels = host.split('.').filter(Boolean);
  if (labels[0] === 'www') labels.shift();
  // `x.localhost` has two labels; a public host needs three (`acme.example.in`).
  const minLabels = labels[labels.length - 1] === 'localhost' ? 2 : 3;
  if (labels.length < minLabels) return null;
  const first = labels[0] ?? '';
  return SLUG.test(first) ? first : null;
}

export function tenantFromPath(pathname: string): string | null {
  const match = /^\/t\/([^/]+)(?:\/|$)/.exec(pathname);
  const slug = match?.[1]?.toLowerCase() ?? null;
  return slug && SLUG.test(slug) ? slug : null;
}

/**
 * `/cards?tenant=acme&tag=x#top` → `/t/acme/cards?tag=x#top`; null when the URL needs no
 * rewrite (no valid `tenant` parameter, or a path prefix already names the tenant, which
 * wins as it does on the server). A query parameter would be lost at the first in-app link
 * or reload; the path prefix is kept by the router's basename in every link.
 */
export function canonicalTenantUrl(location: {
  pathname: string;
  search: string;
  hash: string;
}): string | null {
  const params = new URLSearchParams(location.search);
  const wanted = params.get('tenant')?.trim().toLowerCase();
  if (!wanted || tenantFromPath(location.pathname)) return null;
  if (!SLUG.test(wanted)) return null;
  params.delete('tenant');
  const rest = params.toString();
  return `/t/${wanted}${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`;
}

export function resolvePageTenant(location: { hostname: string; pathname: string }): PageTenant {
  const local = isLocalHost(location.hostname) || isIpAddress(location.hostname);
  const fromPath = tenantFromPath(location.pathname);
  if (fromPath) return { slug: fromPath, source: 'path', local };
  const fromHost = tenantFromHost(location.hostname);
  if (fromHost) return { slug: fromHost, source: 'subdomain', local };
  return { slug: null, source: null, local };
}

/**
 * API base (spec §7 "Outside local hosts the client prefixes the tenant"):
 * `/t/{slug}/api` on public hosts with a tenant, `/api` on local hosts and for
 * the default tenant. The `X-Tenant` header is sent either way.
 */
export function apiBaseFor(tenant: PageTenant): string {
  return tenant.slug && !tenant.local ? `/t/${tenant.slug}/api` : '/api';
}

/** Router basename: pages under `/t/{slug}` keep their prefix in every link. */
export function routerBasenameFor(tenant: PageTenant): string {
  return tenant.source === 'path' && tenant.slug ? `/t/${tenant.slug}` : '/';
}

let current: PageTenant | null = null;

/** The tenant of this page view (computed once; the tenant never changes without a reload). */
export function pageTenant(): PageTenant {
  if (!current) {
    current =
      typeof window === 'undefined'
        ? { slug: null, source: null, local: true }
        : resolvePageTenant(window.location);
  }
  return current;
}

/** For tests: forget the cached tenant. */
export function resetPageTenant(): void {
  current = null;
}
