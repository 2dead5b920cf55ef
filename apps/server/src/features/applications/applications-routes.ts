import { createHash } from 'node:crypto';
import {
  applicationDocumentParamsSchema,
  applicationDocumentsSchema,
  applicationIdParamsSchema,
  applicationPrefillSchema,
  applicationSchema,
  applicationSummariesSchema,
  canonicalDocumentType,
  errorBodySchema,
  isCompleteJourneyBank,
  reusableDocumentsSchema,
  reuseDocumentRequestSchema,
  startApplicationRequestSchema,
  startApplicationResponseSchema,
  submitApplicationErrorSchema,
  submitApplicationRequestSchema,
  submitStepRequestSchema,
  uploadDocumentsResponseSchema,
} from '@cardwise/contracts';
import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { currentUser, requireUser } from '../../plumbing/auth.ts';
import { DocumentUnreadableError } from '../../plumbing/encrypted-storage.ts';
import { HttpError, notFound, redactDatabaseError } from '../../plumbing/errors.ts';
import { inFlightLimit } from '../../plumbing/in-flight-limit.ts';
import type { DocumentStorage, LocalDiskStorage } from '../../plumbing/storage.ts';
import { accountsRepository } from '../accounts/accounts-repository.ts';
import { MINUTE, userRouteLimit } from '../accounts/throttle.ts';
import { cardNotFound } from '../cards/card-not-found.ts';
import type { CatalogStore } from '../cards/catalog-store.ts';
import { assertOpenFor, ownedApplication } from './application-errors.ts';
import {
  type ApplicationRow,
  applicationView,
  documentsOf,
  findOrCreateDraft,
  listOwned,
  listSummaries,
  type Owner,
  toDocumentView,
} from './applications-repository.ts';
import { applicationDocuments } from './applications-schema.ts';
import { commitStagedDocuments } from './commit-staged-documents.ts';
import { MULTIPART_LIMITS, stageUpload } from './document-upload.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  hashJson,
  type IdempotencyScope,
  idempotencyKeyOf,
  releaseIdempotencyKey,
} from './idempotency.ts';
import { listReusableDocuments } from './list-reusable-documents.ts';
import { ORPHAN_MIN_AGE_MS, sweepOrphanDocuments } from './orphan-sweep.ts';
import { prefillApplication } from './prefill-application.ts';
import { reuseDocument } from './reuse-document.ts';
import { submitApplication } from './submit-application.ts';
import { submitStep } from './submit-step.ts';

export interface ApplicationsRoutesOptions {
  db: Db;
  config: Config;
  store: CatalogStore;
  storage: DocumentStorage;
}

const TAGS = ['applications'];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema.passthrough(),
  422: errorBodySchema,
};
/** Uploads one user may have in progress at once (429 past it). */
const MAX_UPLOADS_PER_USER = 2;
/** Upload requests of one user per 15 minutes (429 past it). */
export const UPLOADS_PER_WINDOW = 40;
/** An upload's temp file older than this belongs to a request that died. */
export const TEMP_FILE_MAX_AGE_MS = 10 * 60 * 1000;

/**
 * /api/leads/applications/* (application spec §7) and /api/leads/my-applications.
 * Every route needs a signed-in user and sees only that user's applications in this
 * tenant: another user's id is a 404, exactly like an id that does not exist.
 * Nothing here logs PII: no names, PAN, Aadhaar, phones, emails or file names.
 */
export const applicationsRoutes: FastifyPluginAsyncZod<ApplicationsRoutesOptions> = async (app, opts) => {
  const { db, config, store, storage } = opts;
  const key = config.encryptionKey;
  const accounts = accountsRepository(db, key);
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  // Temp files left by a crash mid-upload: invisible to readers, removed once surely abandoned.
  if ('sweepTemp' in storage) {
    const local = storage as LocalDiskStorage;
    const sweep = () => void local.sweepTemp(TEMP_FILE_MAX_AGE_MS).catch(() => {});
    sweep();
    const timer = setInterval(sweep, TEMP_FILE_MAX_AGE_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  // Files no row names (a crash between store and commit): swept at start, then hourly.
  let sweeping: Promise<unknown> | undefined;
  const sweepOrphans = () => {
    sweeping ??= sweepOrphanDocuments(db, storage)
      .then((r) => {
        if (r.removed)
          app.log.info({ removed: r.removed, storage: storage.kind }, 'unreferenced documents removed');
      })
      .catch((e) => app.log.warn({ err: redactDatabaseError(e) }, 'document orphan sweep failed'))
      .finally(() => {
        sweeping = undefined;
      });
  };
  let orphanTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweepOrphans();
    orphanTimer = setInterval(sweepOrphans, ORPHAN_MIN_AGE_MS);
    orphanTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(orphanTimer);
    await sweeping;
  });
  app.addHook('onClose', async () => storage.close?.());

  const auth = { preHandler: requireUser };
  // An upload stages up to 8 files of 5 MB on disk while its body arrives: without a cap one
  // user could hold any number open (slow bodies) and fill the disk. Freed when the answer ends.
  const uploadsInFlight = inFlightLimit(
    MAX_UPLOADS_PER_USER,
    `You already have ${MAX_UPLOADS_PER_USER} uploads in progress. Please wait for them to finish.`,
  );
  const ownerOf = (request: FastifyRequest): Owner => {
    const me = currentUser(request);
    return { tenantId: me.tenantId, userId: me.id };
  };
  // Never inside a transaction: store.view may reload the catalogue on the pool, and on the
  // embedded database (one connection) that reload waits for the transaction that waits for it.
  // Handlers that answer from inside a transaction read the catalogue before opening it.
  const view = async (request: FastifyRequest, row: ApplicationRow) =>
    applicationView(db, key, row, await store.view(request.tenant));
  const owned = (request: FastifyRequest, id: string, tx: Db = db, lock = false) =>
    ownedApplication(tx, ownerOf(request), id, lock);

  // ------------------------------------------------------------------ start

  app.post(
    '/leads/applications/start_application',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Start an application for a card, or resume the draft for it',
        description:
          'A new application is draft at personal_details (201, is_new). An existing draft for the same card ' +
          'and user is returned with its current_step (200, is_existing). A submitted one answers 409 with ' +
          'code ALREADY_SUBMITTED, the application number and the submitted date.',
        body: startApplicationRequestSchema,
        response: { 200: startApplicationResponseSchema, 201: startApplicationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const cardId = request.body.card_id;
      const catalog = await store.view(request.tenant);
      const card = catalog.byId.get(cardId);
      if (!card) throw cardNotFound(store, cardId);
      if (!isCompleteJourneyBank(card, request.tenant.row.complete_journey_banks)) {
        throw new HttpError(
          400,
          `${card.name} cannot be applied for here: ${card.bank_name} takes applications on its own website.`,
          'not_in_product',
        );
      }
      const { row, isNew } = await findOrCreateDraft(db, owner, card);
      assertOpenFor(row);
      const body = { ...(await view(request, row)), is_new: isNew, is_existing: !isNew };
      return reply.status(isNew ? 201 : 200).send(body);
    },
  );

  // ------------------------------------------------------------------ read

  app.get(
    '/leads/applications',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'My applications, in full',
        response: { 200: z.array(applicationSchema), ...errors },
      },
    },
    async (request) => {
      const rows = await listOwned(db, ownerOf(request));
      const catalog = await store.view(request.tenant);
      return Promise.all(rows.map((r) => applicationView(db, key, r, catalog)));
    },
  );

  app.get(
    '/leads/my-applications',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'My applications, one line each',
        response: { 200: applicationSummariesSchema, ...errors },
      },
    },
    async (request) => listSummaries(db, ownerOf(request), await store.view(request.tenant)),
  );

  app.get(
    '/leads/applications/:id',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'One of my applications (id or reference id)',
        params: applicationIdParamsSchema,
        response: { 200: applicationSchema, ...errors },
      },
    },
    async (request) => view(request, await owned(request, request.params.id)),
  );

  app.get(
    '/leads/applications/:id/prefill',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary:
          "What this application's empty steps can start from: my latest other application, else my profile",
        params: applicationIdParamsSchema,
        response: { 200: applicationPrefillSchema, ...errors },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const target = await owned(request, request.params.id);
      return prefillApplication(db, key, owner, target, await store.view(request.tenant), () =>
        accounts.profile(owner.tenantId, owner.userId),
      );
    },
  );

  // ------------------------------------------------------------------ steps

  app.post(
    '/leads/applications/:id/submit_step',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Save a step (personal_details, employment_details, document_upload, review)',
        description:
          'With is_completed true (the default) the step is validated in full and current_step moves on; ' +
          'with false it is a draft save (given fields still checked, merged into the stored section; a ' +
          'draft that leaves a completed section incomplete moves current_step back to its step). ' +
          'Keys may be camelCase or snake_case.',
        params: applicationIdParamsSchema,
        body: submitStepRequestSchema,
        response: { 200: applicationSchema, ...errors },
      },
    },
    async (request) =>
      submitStep(
        db,
        key,
        ownerOf(request),
        request.params.id,
        request.body,
        await store.view(request.tenant),
      ),
  );

  // ------------------------------------------------------------------ documents

  app.get(
    '/leads/applications/:id/upload_documents',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'My documents of an application',
        params: applicationIdParamsSchema,
        response: { 200: applicationDocumentsSchema, ...errors },
      },
    },
    async (request) => {
      const row = await owned(request, request.params.id);
      return (await documentsOf(db, row)).map(toDocumentView);
    },
  );

  app.post(
    '/leads/applications/:id/upload_documents',
    {
      ...auth,
      // Each upload may be 40 MB of body and disk: a few dozen in a quarter hour is ample for a
      // person choosing and replacing eight documents, and bounds a script's bandwidth.
      config: { rateLimit: userRouteLimit(UPLOADS_PER_WINDOW, 15 * MINUTE) },
      schema: {
        tags: TAGS,
        summary: 'Upload KYC documents (multipart: documents[i][document_type], documents[i][file])',
        description:
          'JPEG, PNG or PDF by content, at most 5 MB each, one file per type (a new one replaces the old). ' +
          'Accepts an Idempotency-Key header: a repeat returns the first answer without storing again. ' +
          `At most 2 uploads of one user at a time (429 too_many_in_flight past it), and ${UPLOADS_PER_WINDOW} in 15 minutes (429 throttled).`,
        params: applicationIdParamsSchema,
        response: { 200: uploadDocumentsResponseSchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const idemKey = idempotencyKeyOf(request.headers['idempotency-key']);
      const owner = ownerOf(request);
      const release = uploadsInFlight.acquire(`user:${owner.userId}`);
      reply.raw.once('close', release);
      const first = await owned(request, request.params.id);
      assertOpenFor(first);

      const stagingStarted = Date.now();
      const staged = await stageUpload(request, storage);
      const dropStaged = () => Promise.all(staged.map((s) => storage.delete(s.storage_key).catch(() => {})));
      let scope: IdempotencyScope | undefined;
      if (idemKey) {
        const requestHash = createHash('sha256')
          .update(staged.map((s) => `${s.document_type}:${s.sha256}`).join('\n'))
          .digest('hex');
        scope = {
          ...owner,
          key: idemKey,
          route: `upload_documents:${first.id}`,
          requestHash,
          encryptionKey: key,
        };
        let claim: Awaited<ReturnType<typeof claimIdempotencyKey>>;
        try {
          claim = await claimIdempotencyKey(db, scope);
        } catch (e) {
          await dropStaged();
          throw e;
        }
        if (claim.kind === 'replay') {
          await dropStaged();
          return reply
            .status(claim.status)
            .header('idempotent-replayed', 'true')
            .send(claim.body as never);
        }
      }

      try {
        return await commitStagedDocuments(db, storage, owner, request.params.id, staged, {
          stagingStarted,
          tooSlow: 'The upload took too long. Please try again.',
          detail: `${staged.length} document${staged.length === 1 ? '' : 's'} uploaded.`,
          record: scope ? (tx, answer) => completeIdempotencyKey(tx, scope, 200, answer) : undefined,
        });
      } catch (e) {
        if (scope) await releaseIdempotencyKey(db, scope).catch(() => {});
        throw e;
      }
    },
  );

  app.get(
    '/leads/applications/:id/reusable_documents',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: "Documents of my other applications this one's empty slots can reuse",
        description:
          'Per document type this application does not hold yet, the latest one uploaded within the last ' +
          '90 days to another of my applications in this tenant, most recent first: type, source application ' +
          '(id, reference, card name), file name, type, size and upload date. Nothing is copied until ' +
          'POST documents/reuse. Empty for a submitted or decided application.',
        params: applicationIdParamsSchema,
        response: { 200: reusableDocumentsSchema, ...errors },
      },
    },
    async (request) => {
      const target = await owned(request, request.params.id);
      return listReusableDocuments(db, ownerOf(request), target, await store.view(request.tenant));
    },
  );

  app.post(
    '/leads/applications/:id/documents/reuse',
    {
      ...auth,
      // A copy writes up to 5 MB to the store, as an upload does: the same bound per user.
      config: { rateLimit: userRouteLimit(UPLOADS_PER_WINDOW, 15 * MINUTE) },
      schema: {
        tags: TAGS,
        summary: 'Reuse a document of another of my applications (copied into this one)',
        description:
          'Copies document_type from my application from_application_id (id or reference id) into this ' +
          'one under a new storage key, re-encrypted, keeping its upload date; the two stay independent. ' +
          'Answered as upload_documents is. 400 unknown_document_type, same_application, no_such_document ' +
          '(the source holds none of that type) or document_too_old (uploaded more than 90 days ago); ' +
          '404 for an application that is not mine in this tenant; 409 ALREADY_SUBMITTED for a final one; ' +
          '410 document_unreadable when the stored source cannot be read. A repeat (double click) finds the ' +
          'same file there and copies nothing; another document of the type is replaced, as by an upload.',
        params: applicationIdParamsSchema,
        body: reuseDocumentRequestSchema,
        response: {
          200: uploadDocumentsResponseSchema,
          410: errorBodySchema,
          429: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const release = uploadsInFlight.acquire(`user:${owner.userId}`);
      reply.raw.once('close', release);
      return reuseDocument(db, storage, owner, request.params.id, request.body);
    },
  );

  app.get(
    '/leads/applications/:id/documents/:document_type/file',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Download one of my documents (attachment)',
        params: applicationDocumentParamsSchema,
      },
    },
    async (request, reply) => {
      const row = await owned(request, request.params.id);
      const type = canonicalDocumentType(request.params.document_type);
      if (!type) throw notFound('Document not found.');
      const [doc] = (await documentsOf(db, row)).filter((d) => d.document_type === type);
      if (!doc) throw notFound('Document not found.');
      const object = await storage.get(doc.storage_key).catch((e: unknown) => {
        if (!(e instanceof DocumentUnreadableError)) throw e;
        // Tampered with, renamed or sealed under another key (ADR 022): no retry helps, so not a
        // 500 the client would retry; the log is where someone must look.
        request.log.error(
          { application: row.id, documentType: type, reason: e.message },
          'document file failed its integrity check',
        );
        throw new HttpError(
          410,
          'This document’s stored file failed its integrity check and cannot be sent.',
          'document_unreadable',
        );
      });
      if (!object) {
        request.log.error({ application: row.id, documentType: type }, 'document file missing from storage');
        throw notFound('Document not found.');
      }
      const ascii = doc.file_name.replace(/[^\x20-\x7e]/g, '_');
      return reply
        .header('content-type', doc.mime_type)
        .header('content-length', object.size)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.file_name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(object.stream);
    },
  );

  app.delete(
    '/leads/applications/:id/documents/:document_type',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Remove one of my documents (before submission)',
        params: applicationDocumentParamsSchema,
        response: { 200: applicationDocumentsSchema, ...errors },
      },
    },
    async (request) => {
      const type = canonicalDocumentType(request.params.document_type);
      let removed: string | undefined;
      const docs = await db.transaction(async (tx) => {
        const row = await owned(request, request.params.id, tx, true);
        assertOpenFor(row);
        if (!type) throw notFound('Document not found.');
        const deleted = await tx
          .delete(applicationDocuments)
          .where(
            and(
              eq(applicationDocuments.application_id, row.id),
              eq(applicationDocuments.document_type, type),
            ),
          )
          .returning({ key: applicationDocuments.storage_key });
        if (!deleted[0]) throw notFound('Document not found.');
        removed = deleted[0].key;
        return documentsOf(tx, row);
      });
      if (removed) await storage.delete(removed).catch(() => {});
      return docs.map(toDocumentView);
    },
  );

  // ------------------------------------------------------------------ submit

  app.post(
    '/leads/applications/:id/submit_application',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Submit the application (after the review step)',
        description:
          'Needs the review completed, the personal and employment sections as stored complete by the ' +
          'rules of a completed step (else 400 incomplete_section with the step to go back to and the ' +
          'fields) and the required documents, none uploaded more than 90 days ago (else 400 ' +
          'document_too_old naming each, ADR 026). ' +
          'Accepts an Idempotency-Key header: a repeat returns the first answer. Without one, submitting ' +
          'twice answers 409 ALREADY_SUBMITTED the second time.',
        params: applicationIdParamsSchema,
        body: submitApplicationRequestSchema,
        response: { 200: applicationSchema, ...errors, 400: submitApplicationErrorSchema },
      },
    },
    async (request, reply) => {
      const idemKey = idempotencyKeyOf(request.headers['idempotency-key']);
      const owner = ownerOf(request);
      const first = await owned(request, request.params.id);
      let scope: IdempotencyScope | undefined;
      if (idemKey) {
        scope = {
          ...owner,
          key: idemKey,
          route: `submit_application:${first.id}`,
          requestHash: hashJson(request.body),
          encryptionKey: key,
        };
        const claim = await claimIdempotencyKey(db, scope);
        if (claim.kind === 'replay') {
          return reply
            .status(claim.status)
            .header('idempotent-replayed', 'true')
            .send(claim.body as never);
        }
      }
      const catalog = await store.view(request.tenant);
      try {
        return await submitApplication(db, key, owner, request.params.id, request.body, catalog, scope);
      } catch (e) {
        if (scope) await releaseIdempotencyKey(db, scope).catch(() => {});
        throw e;
      }
    },
  );
};
