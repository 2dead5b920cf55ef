import {
  bankApplyUrl,
  type CashbackProofResponse,
  cashbackClaimSummariesSchema,
  cashbackProofFieldsSchema,
  cashbackProofResponseSchema,
  errorBodySchema,
  type LogApplyRedirectResponse,
  logApplyRedirectRequestSchema,
  logApplyRedirectResponseSchema,
  REFERRAL_MESSAGES,
} from '@cardwise/contracts';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { currentUser, rejectInvalidToken, requireUser } from '../../plumbing/auth.ts';
import { encryptNullable } from '../../plumbing/crypto.ts';
import {
  badRequest,
  describeFieldErrors,
  HttpError,
  notFound,
  zodFieldErrors,
} from '../../plumbing/errors.ts';
import { inFlightLimit } from '../../plumbing/in-flight-limit.ts';
import type { DocumentStorage } from '../../plumbing/storage.ts';
import { MINUTE, routeLimit } from '../accounts/throttle.ts';
import { STAGING_DEADLINE_MS } from '../applications/orphan-sweep.ts';
import { cardNotFound } from '../cards/card-not-found.ts';
import type { CatalogStore } from '../cards/catalog-store.ts';
import { listCashbackClaims } from './list-cashback-claims.ts';
import {
  type CashbackClaimRow,
  newApplicationReference,
  REFERENCE_PATTERN,
  referralsRepository,
} from './referrals-repository.ts';
import { PROOF_MULTIPART_LIMITS, stageProof } from './stage-proof.ts';

export interface ReferralsRoutesOptions {
  db: Db;
  config: Config;
  store: CatalogStore;
  storage: DocumentStorage;
}

/** Proof uploads one user may have in progress at once (429 past it). */
const MAX_PROOFS_IN_FLIGHT = 2;
/** Claims one user may have awaiting review at once (429 past it): each keeps a proof file. */
export const MAX_PENDING_CLAIMS_PER_USER = 10;
const NO_REFERENCE = 'No application with this reference.';

function invalid(label: string, error: z.ZodError): HttpError {
  const errors = zodFieldErrors(error);
  return new HttpError(400, describeFieldErrors(label, errors), 'invalid', { extra: { errors } });
}

/**
 * POST /api/cards/log-apply-redirect (application spec §7): one path, two bodies.
 *
 * - JSON: the user leaves for the bank's site. Records the departure (customer type, the
 *   optional tracking email, phone, PAN (encrypted) and referral code) and answers the URL to
 *   open and an application reference. Anonymous visitors may do this (spec §6).
 * - multipart: the proof (a PNG or JPEG screenshot of the bank's acknowledgement) for the
 *   cashback claim. Needs a signed-in user: the cashback is sent to the account's email, and
 *   an anonymous upload could be paid to nobody (ADR 010). One claim per reference; a new proof
 *   replaces the old while it is under review.
 *
 * GET /api/accounts/cashback-claims: the signed-in user's own claims, beside the profile's
 * other lists (accounts/applications, accounts/notifications), so a sent proof can be found
 * again with its status.
 *
 * A signed-in caller's reference is theirs alone: another user's is a 404, like one that does
 * not exist. Nothing here logs PII.
 */
export const referralsRoutes: FastifyPluginAsyncZod<ReferralsRoutesOptions> = async (app, opts) => {
  const { db, config, store, storage } = opts;
  const repo = referralsRepository(db);
  // Each upload stages up to 5 MB while its body arrives: without a cap one user could hold any
  // number open with slow bodies. Freed when the answer ends.
  const proofsInFlight = inFlightLimit(
    MAX_PROOFS_IN_FLIGHT,
    `You already have ${MAX_PROOFS_IN_FLIGHT} uploads in progress. Please wait for them to finish.`,
  );
  await app.register(multipart, { limits: PROOF_MULTIPART_LIMITS, throwFileSizeLimit: true });

  const cardOf = async (request: FastifyRequest, cardId: string) => {
    const card = (await store.view(request.tenant)).byId.get(cardId);
    if (!card) throw cardNotFound(store, cardId);
    return card;
  };

  const logRedirect = async (request: FastifyRequest): Promise<LogApplyRedirectResponse> => {
    const user = request.user;
    const parsed = logApplyRedirectRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw invalid('Invalid referral details', parsed.error);
    const body = parsed.data;
    const card = await cardOf(request, body.card_id);
    const url = bankApplyUrl(card);
    if (!url) {
      throw new HttpError(
        400,
        `${card.name}: this card is not currently available for application.`,
        'no_bank_link',
      );
    }
    const reference = newApplicationReference();
    await repo.insertRedirect({
      tenant_id: request.tenant.id,
      user_id: user?.id ?? null,
      card_id: card.id,
      customer_type: body.customer_type,
      tracking_email: body.application_tracking_email ?? null,
      tracking_phone: body.application_tracking_phone ?? null,
      tracking_pan_encrypted: encryptNullable(
        config.encryptionKey,
        body.application_tracking_pan ?? null,
        `apply_redirect:${reference}`,
      ),
      referral_code: body.referral_code ?? null,
      application_reference: reference,
      redirect_url: url,
    });
    return {
      redirect_url: url,
      application_reference: reference,
      detail: `Opening ${card.bank_name}'s website. Your reference is ${reference}.`,
    };
  };

  const uploadProof = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<CashbackProofResponse> => {
    const user = request.user;
    if (!user) {
      throw new HttpError(401, REFERRAL_MESSAGES.signInForProof, 'not_authenticated');
    }
    const release = proofsInFlight.acquire(`user:${user.id}`);
    reply.raw.once('close', release);
    const stagingStarted = Date.now();
    const staged = await stageProof(request, storage);
    let replacedKey: string | undefined;
    try {
      const parsed = cashbackProofFieldsSchema.safeParse(staged.fields);
      if (!parsed.success) throw invalid('Invalid proof upload', parsed.error);
      // The schema's own limit speaks first ('application_reference: must be at most 40
      // characters'); a field it took only because the parser cut it is refused here.
      const [cut] = staged.truncated;
      if (cut) {
        throw badRequest(
          `Invalid proof upload: ${cut}: must be at most ${PROOF_MULTIPART_LIMITS.fieldSize} characters`,
        );
      }
      const fields = parsed.data;
      if (fields.application_reference !== undefined) {
        fields.application_reference = fields.application_reference.toUpperCase();
        if (!REFERENCE_PATTERN.test(fields.application_reference)) throw notFound(NO_REFERENCE);
      }
      const card = await cardOf(request, fields.card_id);
      const tenantId = request.tenant.id;
      const claim: CashbackClaimRow = await db.transaction(async (tx) => {
        // Past this the orphan sweep may take the staged file for a dead upload's.
        if (Date.now() - stagingStarted > STAGING_DEADLINE_MS) {
          throw new HttpError(408, 'The upload took too long. Please try again.', 'upload_timeout');
        }
        /** A claim under review gets the new proof; its old file goes once this commits. */
        const replaceProofOf = (existing: CashbackClaimRow) => {
          replacedKey = existing.storage_key;
          return repo.replaceProof(
            existing.id,
            {
              storage_key: staged.storage_key,
              file_name: staged.file_name,
              mime_type: staged.mime_type,
              size: staged.size,
              sha256: staged.sha256,
              customer_type: fields.customer_type,
              referral_code: fields.referral_code ?? existing.referral_code,
              // The name the claim was filed under stays; a claim from before snapshots gets one.
              card_name: existing.card_name ?? card.name,
              bank_name: existing.bank_name ?? card.bank_name,
            },
            tx,
          );
        };
        const reference = fields.application_reference;
        let redirectId: number | null = null;
        // Without a reference, a second proof for the same card is the same claim sent again:
        // it replaces the proof of the user's claim under review instead of opening another
        // (else every upload would open a claim and keep a 5 MB file; ADR 010).
        const pending =
          reference === undefined
            ? await repo.findPendingClaimForCard(tenantId, user.id, card.id, tx)
            : undefined;
        if (pending) return replaceProofOf(pending);
        if (reference !== undefined) {
          const redirect = await repo.findRedirect(tenantId, reference, tx, true);
          if (!redirect || (redirect.user_id !== null && redirect.user_id !== user.id)) {
            throw notFound(NO_REFERENCE);
          }
          if (redirect.card_id !== card.id) {
            throw new HttpError(400, `Reference ${reference} is for another card.`, 'card_mismatch');
          }
          // Left the product anonymously, then signed in to claim: the departure becomes theirs.
          if (redirect.user_id === null) await repo.claimRedirect(redirect.id, user.id, tx);
          redirectId = redirect.id;
          const existing = await repo.findClaim(tenantId, reference, tx, true);
          if (existing) {
            if (existing.user_id !== user.id) throw notFound(NO_REFERENCE);
            if (existing.status !== 'pending_review') {
              throw new HttpError(
                409,
                `The claim ${reference} was already ${existing.status === 'approved' ? 'approved' : 'declined'}; its proof can no longer be changed.`,
                'claim_decided',
              );
            }
            return replaceProofOf(existing);
          }
        }
        // Each claim keeps its own proof file. A person applies for a few cards at a time; without
        // a ceiling, minting references and sending a proof for each would fill the document
        // store (ADR 010). Two uploads in flight may pass it together: at most one over.
        if ((await repo.countPendingClaims(tenantId, user.id, tx)) >= MAX_PENDING_CLAIMS_PER_USER) {
          throw new HttpError(
            429,
            `You already have ${MAX_PENDING_CLAIMS_PER_USER} cashback claims awaiting review. Please send this one once we have decided one of them.`,
            'too_many_pending_claims',
          );
        }
        return repo.insertClaim(
          {
            tenant_id: tenantId,
            user_id: user.id,
            redirect_id: redirectId,
            application_reference: reference ?? newApplicationReference(),
            card_id: card.id,
            card_name: card.name,
            bank_name: card.bank_name,
            customer_type: fields.customer_type,
            referral_code: fields.referral_code ?? null,
            storage_key: staged.storage_key,
            file_name: staged.file_name,
            mime_type: staged.mime_type,
            size: staged.size,
            sha256: staged.sha256,
          },
          tx,
        );
      });
      return {
        application_reference: claim.application_reference,
        status: 'pending_review',
        detail: `Proof received for ${card.name}. We will check it with ${card.bank_name} and email your cashback to ${user.email} once the card is issued.`,
        received_at: claim.updated_at.toISOString(),
      };
    } catch (e) {
      replacedKey = undefined;
      await storage.delete(staged.storage_key).catch(() => {});
      throw e;
    } finally {
      // After the commit only: the row now names the new file.
      if (replacedKey) await storage.delete(replacedKey).catch(() => {});
    }
  };

  app.post(
    '/cards/log-apply-redirect',
    {
      preHandler: rejectInvalidToken,
      config: { rateLimit: routeLimit(30, MINUTE) },
      schema: {
        tags: ['referrals'],
        summary: 'Log a departure to the bank’s site (JSON), or upload the cashback proof (multipart)',
        description:
          'JSON: card_id, customer_type (ntb | etb | etcc or ettc, or ecc), optional application_tracking_email, ' +
          'application_tracking_phone (10 digits), application_tracking_pan, referral_code; answers redirect_url and ' +
          'application_reference. Anonymous callers may. multipart/form-data: card_id, customer_type, optional ' +
          'referral_code and application_reference, and proof_image (PNG or JPEG by content, at most 5 MB); ' +
          'signed-in users only, at most 2 uploads of one user at a time (429); answers the claim (status pending_review).',
        response: {
          200: z.union([logApplyRedirectResponseSchema, cashbackProofResponseSchema]),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => (request.isMultipart() ? uploadProof(request, reply) : logRedirect(request)),
  );

  app.get(
    '/accounts/cashback-claims',
    {
      preValidation: requireUser,
      schema: {
        tags: ['referrals'],
        summary: 'My cashback claims, newest first',
        description:
          'The signed-in user’s own claims in this tenant: reference, card (its name and bank as when the ' +
          'claim was filed, else as the catalogue has them now), when filed, and status as the ' +
          'operator sets it (pending_review, approved, rejected; `npm run referrals -- set-status`).',
        response: { 200: cashbackClaimSummariesSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return listCashbackClaims(
        db,
        { tenantId: me.tenantId, userId: me.id },
        await store.view(request.tenant),
      );
    },
  );
};
