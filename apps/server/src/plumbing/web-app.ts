import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type IndexHtml, parseIndexHtml, requestOrigin } from './index-html.ts';
import { shareImagePaths } from './share-images.ts';
import { registerSharePreviews } from './share-preview.ts';
import { type Tenancy, type TenantResolver, UnknownTenantError } from './tenancy.ts';
import { unknownTenantPage } from './unknown-tenant-page.ts';

/** Paths of files, never of client routes (which have no extension). */
const STATIC_FILE =
  /\.(?:js|mjs|css|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|json|txt|webmanifest|br|gz)$/i;

/** Rendered pages kept (tenant × origin); the Host header is the client's, so the map is capped. */
const MAX_RENDERED = 256;

interface Rendered {
  body: string;
  etag: string;
}

function rendered(body: string): Rendered {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/**
 * The built SPA at /, with index.html for every non-API path so client routes deep-link.
 * index.html (also at / and /index.html) is never sent as the file: it is rendered with the
 * head of the request's tenant (index-html.ts, ADR 012), read and parsed once at start like
 * the static routes themselves (a new build needs a restart either way).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  tenancy: Tenancy,
  /** The methods an API path is routed for (`trackRouteMethods`): another method is a 405. */
  allowedMethods: (path: string) => string[] = () => [],
): Promise<void> {
  const resolveTenant = tenancy.resolve;
  const indexPath = join(webDist, 'index.html');
  const page: IndexHtml | undefined = existsSync(indexPath)
    ? parseIndexHtml(readFileSync(indexPath, 'utf8'))
    : undefined;
  // Under WEB_DIST whatever its name (it was matched as ".../dist/assets" before).
  const assetsDir = `${join(webDist, 'assets')}/`;
  if (page) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      // index.html and its compressed twins are rendered per tenant below, never served as built.
      index: false,
      globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
      // Hashed assets never change; anything else must always be revalidated.
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const cache = new Map<string, Rendered>();
  // Whether the build has a theme's share images (npm run share-images), read once per theme.
  const shareImages = new Map<string, boolean>();
  function hasShareImages(theme: string): boolean {
    let has = shareImages.get(theme);
    if (has === undefined) {
      const paths = shareImagePaths(theme);
      has = paths !== null && [paths.preview, paths.touchIcon].every((p) => existsSync(join(webDist, p)));
      shareImages.set(theme, has);
    }
    return has;
  }
  const asBuilt = page ? rendered(page.raw) : undefined;

  /** The page for the request's tenant; an unknown one gets its own page with status 404. */
  async function pageFor(
    request: FastifyRequest,
    built: IndexHtml,
  ): Promise<(Rendered & { status: 200 }) | { status: 404; body: string }> {
    let tenant: Awaited<ReturnType<TenantResolver>>;
    try {
      tenant = await resolveTenant(request);
    } catch (err) {
      if (err instanceof UnknownTenantError) return { status: 404, body: unknownTenantPage(err.tenant) };
      // A malformed tenant name gets the page as built: the app does not read it as a tenant
      // (lib/tenant.ts) and shows the default site. A failing tenant lookup too.
      const status = (err as { statusCode?: number }).statusCode;
      if (status === undefined || status >= 500) request.log.warn({ err }, 'web page: tenant not resolved');
      return { ...(asBuilt ?? rendered(built.raw)), status: 200 };
    }
    const values = {
      siteName: tenant.row.company_name,
      themeColor: tenant.brandColor,
      origin: requestOrigin(request.protocol, request.host),
      theme: hasShareImages(tenant.row.theme) ? tenant.row.theme : undefined,
      preview: previews.path(tenant),
    };
    const key = `${tenant.id}\n${values.siteName}\n${values.themeColor ?? ''}\n${values.origin ?? ''}\n${values.theme ?? ''}\n${values.preview ?? ''}`;
    let hit = cache.get(key);
    if (!hit) {
      if (cache.size >= MAX_RENDERED) cache.clear();
      hit = rendered(built.render(values));
      cache.set(key, hit);
    }
    return { ...hit, status: 200 };
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, built: IndexHtml) {
    const page = await pageFor(request, built);
    // The head depends on the host (subdomain tenant, absolute og:image) and on X-Tenant: a
    // shared cache must not hand one tenant's page to another. no-cache: always revalidated.
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Host, X-Tenant')
      .type('text/html; charset=utf-8');
    // An address that is no site: its page has no validator worth revalidating.
    if (page.status === 404) return reply.status(404).send(page.body);
    const { body, etag } = page;
    reply.header('etag', etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
      return reply.status(304).send();
    }
    return reply.send(body);
  }

  // A partner's link preview with its name on it; where it cannot be drawn, its theme's.
  const previews = registerSharePreviews(
    app,
    tenancy,
    (t) => shareImagePaths(hasShareImages(t.row.theme) ? t.row.theme : 'default')?.preview ?? '/',
  );

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (path === '/api' || path.startsWith('/api/') || !isRead) {
      const allow = allowedMethods(path);
      if (allow.length > 0) {
        return reply
          .status(405)
          .header('allow', allow.join(', '))
          .send({
            detail: `${request.method} is not allowed here. Use ${allow.join(', ')}.`,
            code: 'method_not_allowed',
          });
      }
      return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    }
    // A missing script, style or image is a 404, not the app's page: a tab still open on an
    // older build lazy-loads chunks that a deploy removed, and HTML sent as a module script
    // fails with a MIME error instead of a clear 404 (the client then reloads, see main.tsx).
    if (path.startsWith('/assets/') || STATIC_FILE.test(path)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
    }
    if (!page) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does this for you).');
    }
    return sendPage(request, reply, page);
  });
}
