import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Absolute addresses of a tenant's site, for what leaves the request (a link in an email), ADR 024.
 * Built from configuration, never from the request's Host header: a link built from the header
 * goes wherever the request said (`Host: evil.example` and the victim's reset link points there).
 *
 * The base is PUBLIC_BASE_URL, the product's own site (`https://cardwise.in`); unset, the local
 * address the server listens on (`http://localhost:3000`: the embedded default is a developer's).
 * The default tenant's site is the base; another tenant's is its subdomain when the base's host is
 * one of TENANT_BASE_DOMAINS (`https://paisapal.cardwise.in`, `http://paisapal.localhost:3000`),
 * else the base with its `/t/{tenant}` path prefix, which both the server and the web app read.
 */
export function tenantSiteUrl(
  base: string,
  tenant: { id: string; isDefault: boolean },
  baseDomains: string[],
): string {
  const url = new URL(base);
  const path = url.pathname.replace(/\/+$/, '');
  if (tenant.isDefault) return `${url.origin}${path}`;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (baseDomains.includes(host)) {
    return `${url.protocol}//${tenant.id}.${host}${url.port ? `:${url.port}` : ''}${path}`;
  }
  return `${url.origin}${path}/t/${encodeURIComponent(tenant.id)}`;
}

/** `http://localhost:<port>` of a listening server, or of the configured port before it listens. */
export function localBaseUrl(server: Server, configuredPort: number): string {
  const address = server.address() as AddressInfo | string | null;
  const port = address && typeof address === 'object' ? address.port : configuredPort;
  return `http://localhost:${port}`;
}
