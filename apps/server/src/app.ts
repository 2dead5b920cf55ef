import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accountsRepository } from './features/accounts/accounts-repository.ts';
import { accountsRoutes } from './features/accounts/accounts-routes.ts';
import { deviceCookieKey } from './features/accounts/throttle.ts';
import { applicationsRoutes } from './features/applications/applications-routes.ts';
import { cardsRoutes } from './features/cards/cards-routes.ts';
import { type CatalogStore, catalogStore } from './features/cards/catalog-store.ts';
import { categoriesRoutes } from './features/categories/categories-routes.ts';
import { categoryIndex } from './features/categories/category-index.ts';
import { type EngineState, healthRoutes } from './features/health/health-routes.ts';
import { enginePool } from './features/recommendations/engine-pool.ts';
import { recommendationsRoutes } from './features/recommendations/recommendations-routes.ts';
import { warmUpEngine } from './features/recommendations/warm-up-engine.ts';
import { referralsRoutes } from './features/referrals/referrals-routes.ts';
import { tagsRoutes } from './features/tags/tags-routes.ts';
import { tenantsRepository } from './features/tenants/tenants-repository.ts';
import { tenantsRoutes } from './features/tenants/tenants-routes.ts';
import { registerAuth } from './plumbing/auth.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  refuseBadHost,
  refuseConnect,
  refuseExpectation,
  refuseUnreadableBody,
  registerErrorHandling,
} from './plumbing/errors.ts';
import { registerJsonBodyParser } from './plumbing/json-body.ts';
import { requestLogFields } from './plumbing/log-redaction.ts';
import { type Mailer, type MailLog, outboxMailer, sweepOutbox } from './plumbing/mailer.ts';
import { smtpMailer } from './plumbing/mailer-smtp.ts';
import { trackRouteMethods } from './plumbing/method-not-allowed.ts';
import { registerSecurityHeaders, securityHeaders } from './plumbing/security-headers.ts';
import { documentStorage } from './plumbing/storage.ts';
import { registerTenancy, rewriteTenantPath } from './plumbing/tenancy.ts';
import { registerTextSafety } from './plumbing/text-safety.ts';
import { registerWebApp } from './plumbing/web-app.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | { level: string };
  /** Where emails go; default: `.eml` files under DATA_DIR/outbox (plumbing/mailer.ts, ADR 024). */
  mailer?: Mailer;
  /** The clock of expiring links (password reset); tests move it. */
  now?: () => Date;
}

export interface AppContext {
  config: Config;
  database: Database;
  store: CatalogStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 200 };

const SECURITY_HEADERS = securityHeaders({
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      // Tenants bring their own style rules (branding.customCSS), injected as a <style>.
      'style-src': ["'self'", "'unsafe-inline'"],
      'script-src': ["'self'"],
      'connect-src': ["'self'"],
      'frame-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      // Helmet's default; over plain HTTP on any host but loopback it sent the app's own
      // scripts to https, where nothing listens (a blank page). HSTS covers TLS deployments.
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // The same as frame-ancestors 'none', for browsers that know only this header; helmet's
  // SAMEORIGIN said less than the CSP beside it.
  xFrameOptions: { action: 'deny' },
});

/** SMTP_URL's relay, else `.eml` files under DATA_DIR/outbox (ADR 024). */
function defaultMailer(app: FastifyInstance, config: Config): Mailer {
  const log: MailLog = (fields, message) => app.log.info(fields, message);
  if (!config.publicBaseUrl)
    app.log.warn('PUBLIC_BASE_URL is not set: password-reset links point at this machine (localhost)');
  if (!config.smtpUrl) {
    const dir = join(config.dataDir, 'outbox');
    app.log.warn(
      { dir },
      'SMTP_URL is not set: emails (password-reset links) are written to the outbox, not sent',
    );
    // Old messages hold dead links: removed at start, then hourly.
    const sweep = () =>
      void sweepOutbox(dir)
        .then((removed) => {
          if (removed) app.log.info({ removed }, 'old outbox emails removed');
        })
        .catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, 60 * 60 * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
    return outboxMailer(dir, log);
  }
  const smtp = smtpMailer(config.smtpUrl, log);
  app.addHook('onClose', async () => smtp.close());
  return smtp;
}

/** Builds the whole server (API under /api, the web app at /) without listening. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: typeof opts.logger === 'object' ? opts.logger.level : config.logLevel,
            // Tokens and cookies never reach the logs; bodies are not logged at all.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-refresh-token"]'],
            // A reset link's token in a page's address is not logged either (ADR 024).
            serializers: { req: requestLogFields },
          },
    rewriteUrl: rewriteTenantPath,
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler(SECURITY_HEADERS),
    routerOptions: ROUTER_OPTIONS,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A connection silent this long either way is closed. Node's requestTimeout is no help: it
    // stops counting once the headers are in, so a body that never came held the request forever.
    connectionTimeout: config.requestIdleTimeoutMs,
    // Answered by refuseBadHost instead, with a detail (Node's own answer has no body).
    http: { requireHostHeader: false },
  }).withTypeProvider<ZodTypeProvider>();
  const allowedMethods = trackRouteMethods(app, ROUTER_OPTIONS);
  app.server.on('checkExpectation', refuseExpectation);
  app.server.on('connect', refuseConnect);
  app.addHook('onRequest', refuseBadHost);
  app.addHook('onRequest', refuseUnreadableBody);
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const store = catalogStore(database.db, config.catalogCacheTtlMs);
  const ctx: AppContext = { config, database, store };
  app.decorate('ctx', ctx);

  // Rate limiting first, or routes of plugins registered before it go unlimited (stack.md).
  // With REDIS_URL the counters are shared by every app process; a Redis fault is then an
  // error (fail closed), not a silent lift of the sign-in throttles.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2000, enableOfflineQueue: true })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rl:`, skipOnError: false } : {}),
  });
  registerSecurityHeaders(app, SECURITY_HEADERS);
  registerErrorHandling(app);
  registerTextSafety(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cardwise API',
        version: '1.0.0',
        description:
          'Credit card catalogue, exact recommendations and applications. Every error is {detail, code?, errors?}. ' +
          'The tenant comes from a /t/{tenant} path prefix, the tenant query parameter, the X-Tenant header or the subdomain.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const tenancy = registerTenancy(app, {
    repo: tenantsRepository(database.db),
    baseDomains: config.tenantBaseDomains,
    cacheTtlMs: config.catalogCacheTtlMs,
  });
  // After tenancy: sets request.user from a bearer access token of this tenant (plumbing/auth.ts).
  registerAuth(app, { db: database.db, secret: config.jwtSecret });
  // Cookies carry no session here (tokens do); only the sign-in throttle's known-device marks,
  // signed with a key of their own derived from the token secret (ADR 002).
  await app.register(cookie, { secret: deviceCookieKey(config.jwtSecret) });

  const threads = config.recoThreads ?? Math.max(1, availableParallelism() - 1);
  const engine = enginePool({ timeoutMs: config.recoTimeoutMs, threads });
  app.addHook('onClose', () => engine.close());
  // Only a listening server warms its engine workers (tests inject without listening);
  // GET /api/health says when it is done.
  let engineState: EngineState = 'cold';
  app.addHook('onListen', async () => {
    engineState = 'warming';
    const started = performance.now();
    const list = await store.allEngineCards();
    const lanes = Array.from({ length: threads }, () => warmUpEngine(engine, list, config.recoWarmupRuns));
    void Promise.all(lanes)
      .then(() => app.log.info({ ms: Math.round(performance.now() - started) }, 'engine warmed up'))
      .catch((err: unknown) => app.log.warn({ err }, 'engine warm-up failed'))
      .finally(() => {
        engineState = 'ready';
      });
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, engine: () => engineState });
      await api.register(tenantsRoutes, { repo: tenantsRepository(database.db) });
      const categories = categoryIndex(database.db, config.catalogCacheTtlMs);
      await api.register(cardsRoutes, { store, categories });
      await api.register(categoriesRoutes, { db: database.db, ttlMs: config.catalogCacheTtlMs });
      await api.register(tagsRoutes, { db: database.db });
      await api.register(recommendationsRoutes, {
        db: database.db,
        store,
        categories,
        engine,
        accounts: accountsRepository(database.db, config.encryptionKey),
      });
      const mailer = opts.mailer ?? defaultMailer(app, config);
      await api.register(accountsRoutes, {
        db: database.db,
        config,
        store,
        categories,
        mailer,
        ...(opts.now ? { now: opts.now } : {}),
      });
      // One store for KYC documents and cashback proofs: the orphan sweep (run by the
      // applications feature) checks both tables' keys.
      const storage = await documentStorage(config);
      await api.register(applicationsRoutes, { db: database.db, config, store, storage });
      await api.register(referralsRoutes, { db: database.db, config, store, storage });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDist, tenancy, allowedMethods);
  return app;
}
