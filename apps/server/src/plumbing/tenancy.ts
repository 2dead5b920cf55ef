import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TenantRow, TenantsRepository } from '../features/tenants/tenants-repository.ts';
import { HttpError } from './errors.ts';
import { originPath, routePath, targetAuthority } from './route-path.ts';

export interface RequestTenant {
  id: string;
  row: TenantRow;
  /** Banks whose cards this tenant shows; empty = every bank. */
  bankCodes: string[];
  /** The tenant's brand colour: its theme's primary colour (the served page's theme-color). */
  brandColor: string | undefined;
}

/** The tenant a request names, for paths outside /api (the web app's page); throws as the API would. */
export type TenantResolver = (request: FastifyRequest) => Promise<RequestTenant>;

/** What the web app's serving needs of tenancy: the request's tenant, and an active tenant by id. */
export interface Tenancy {
  resolve: TenantResolver;
  byId(id: string): Promise<RequestTenant | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: RequestTenant;
  }
}

const TENANT_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const PATH_PREFIX = /^\/t\/([^/?#]+)(\/[^?#]*)?(\?.*)?$/;
const pathTenants = new WeakMap<IncomingMessage, string>();

/**
 * `/t/{tenant}/api/...` is the same request as `/api/...` for that tenant: the prefix is
 * taken off before routing (Fastify's rewriteUrl) and remembered for resolution.
 */
export function rewriteTenantPath(req: IncomingMessage): string {
  // An absolute-form target (`GET http://host/api/cards`, which HTTP/1.1 servers must accept)
  // is taken as its path: everything after routing (the prefix below, the not-found handler,
  // links built from the URL) then sees the same path as for `GET /api/cards`, and the client's
  // made-up host is never echoed back. Its host names the site for the tenant (requestedTenant).
  const url = originPath(req.url ?? '/');
  const m = PATH_PREFIX.exec(url);
  if (!m) return url;
  // A malformed escape (`/t/%E0/`) must not throw here: rewriteUrl runs before Fastify's
  // error handling, so an exception would end the process. The raw text is remembered
  // instead and fails the identifier check (400 invalid_tenant).
  let name = m[1] ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // kept undecoded
  }
  pathTenants.set(req, name.toLowerCase());
  return `${m[2] ?? '/'}${m[3] ?? ''}`;
}

/** `partner.cardwise.in` → `partner` (a leading `www.` ignored); the bare base domain → none. */
export function tenantFromHost(hostHeader: string | undefined, baseDomains: string[]): string | undefined {
  if (!hostHeader) return undefined;
  // `paisapal.cardwise.in.` (the fully qualified spelling, with the root's dot) is the same site:
  // read as another host it would fall through to the header and query, which a partner's address
  // must not let decide its tenant.
  let host = hostHeader.toLowerCase().replace(/:\d+$/, '').replace(/\.+$/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  for (const base of baseDomains) {
    if (host.endsWith(`.${base}`)) {
      const sub = host.slice(0, -(base.length + 1));
      const label = sub.split('.').pop();
      return label && label !== 'www' ? label : undefined;
    }
  }
  return undefined;
}

function firstValue(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  return undefined;
}

/**
 * Which tenant a request names. A partner's own address (a subdomain of a base domain) is
 * that partner's, whatever else the request names: `paisapal.cardwise.in/?tenant=cardwise` or
 * an `X-Tenant` header must not show another brand, or cards outside the partner's bank list,
 * on the partner's address. Elsewhere (the product's own host, which serves every tenant), most
 * explicit first: path prefix, query, header.
 */
export function requestedTenant(request: FastifyRequest, baseDomains: string[]): string | undefined {
  // An absolute-form target's own host, not the Host header, names the site (RFC 9112 §3.2.2):
  // `GET http://paisapal.cardwise.in/api/cards` with another Host is the partner's request.
  const host = targetAuthority(request.originalUrl) ?? request.headers.host;
  const fromHost = tenantFromHost(host, baseDomains);
  if (fromHost) return fromHost;
  const fromPath = pathTenants.get(request.raw);
  if (fromPath) return fromPath;
  const fromQuery = firstValue((request.query as Record<string, unknown> | undefined)?.tenant);
  if (fromQuery) return fromQuery.toLowerCase();
  const fromHeader = firstValue(request.headers['x-tenant']);
  if (fromHeader) return fromHeader.trim().toLowerCase();
  return undefined;
}

/** 404 `unknown_tenant`; carries the name for the page such an address gets (web-app.ts). */
export class UnknownTenantError extends HttpError {
  constructor(readonly tenant: string) {
    super(404, `Unknown tenant '${tenant}'.`, 'unknown_tenant');
  }
}

interface Options {
  repo: TenantsRepository;
  baseDomains: string[];
  cacheTtlMs: number;
}

/**
 * Resolves the tenant once per API request. An unknown tenant is a 404 (code
 * `unknown_tenant`), never a silent fall-back to the default brand: a partner's users
 * must not land in another tenant's data or branding because of a typo in a host name.
 * Returns the same resolution for other paths (the web app's page renders its head with it),
 * and active tenants by id (their link-preview images, web-app.ts).
 */
export function registerTenancy(app: FastifyInstance, opts: Options): Tenancy {
  let cache: { at: number; byId: Map<string, RequestTenant>; defaultId: string | undefined } | undefined;
  async function load() {
    if (cache && Date.now() - cache.at < opts.cacheTtlMs) return cache;
    const [rows, themeRows] = await Promise.all([opts.repo.list(), opts.repo.allThemes()]);
    const colors = new Map(themeRows.map((t) => [t.name, t.primary_color]));
    const byId = new Map<string, RequestTenant>();
    for (const row of rows) {
      if (!row.is_active) continue;
      byId.set(row.id, {
        id: row.id,
        row,
        bankCodes: await opts.repo.bankCodes(row.id),
        brandColor: colors.get(row.theme),
      });
    }
    cache = { at: Date.now(), byId, defaultId: rows.find((r) => r.is_default)?.id };
    return cache;
  }

  app.decorateRequest('tenant', null as unknown as RequestTenant);
  type Loaded = Awaited<ReturnType<typeof load>>;
  function find(request: FastifyRequest, { byId, defaultId }: Loaded): RequestTenant {
    const wanted = requestedTenant(request, opts.baseDomains);
    if (wanted === undefined) {
      const t = defaultId ? byId.get(defaultId) : undefined;
      if (!t) throw new HttpError(503, 'No default tenant is configured.', 'no_default_tenant');
      return t;
    }
    if (!TENANT_ID.test(wanted)) throw new HttpError(400, 'Invalid tenant identifier.', 'invalid_tenant');
    const t = byId.get(wanted);
    if (!t) throw new UnknownTenantError(wanted);
    return t;
  }
  function resolve(request: FastifyRequest, loaded: Loaded): void {
    request.tenant = find(request, loaded);
  }
  // Callback style with a synchronous path while the tenant list is fresh: this hook runs on
  // every API request, and a promise per request is measurable on the hottest routes.
  app.addHook('onRequest', (request, _reply, done) => {
    const path = routePath(request);
    if (!path.startsWith('/api/') || path.startsWith('/api/health') || path.startsWith('/api/docs'))
      return done();
    if (cache && Date.now() - cache.at < opts.cacheTtlMs) {
      try {
        resolve(request, cache);
      } catch (err) {
        return done(err as Error);
      }
      return done();
    }
    load().then(
      (loaded) => {
        try {
          resolve(request, loaded);
        } catch (err) {
          return done(err as Error);
        }
        done();
      },
      (err: Error) => done(err),
    );
  });
  return {
    resolve: async (request) => find(request, await load()),
    byId: async (id) => (await load()).byId.get(id),
  };
}
