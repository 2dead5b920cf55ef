import { type DocumentMimeType, listInWords, MAX_PROOF_BYTES, REFERRAL_MESSAGES } from '@cardwise/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../plumbing/errors.ts';
import type { DocumentStorage } from '../../plumbing/storage.ts';
import {
  type Inspection,
  inspect,
  isMalformedMultipart,
  isPartLimit,
  isTooLarge,
  newStorageKey,
  sanitiseFileName,
} from '../applications/document-upload.ts';

/** The text fields a proof upload may carry beside its image (spec §7). */
const FIELDS = new Set(['card_id', 'customer_type', 'referral_code', 'application_reference']);
const FILE_FIELD = 'proof_image';

export const PROOF_MULTIPART_LIMITS = {
  fileSize: MAX_PROOF_BYTES + 1,
  files: 1,
  fields: FIELDS.size,
  parts: FIELDS.size + 1,
  fieldSize: 200,
  headerPairs: 100,
};

export interface StagedProof {
  fields: Record<string, string>;
  /** Fields cut at PROOF_MULTIPART_LIMITS.fieldSize: longer than any field may be. */
  truncated: string[];
  storage_key: string;
  file_name: string;
  mime_type: DocumentMimeType;
  size: number;
  sha256: string;
}

const proofTooLarge = () => new HttpError(400, REFERRAL_MESSAGES.proofTooLarge, 'file_too_large');
const proofWrongType = () => new HttpError(400, REFERRAL_MESSAGES.proofType, 'invalid_file_type');
const proofEmpty = () => new HttpError(400, REFERRAL_MESSAGES.proofEmpty, 'empty_file');

/**
 * Reads a proof upload: the text fields, and `proof_image` streamed into the document store
 * under a generated key while its size (at most 5 MB, enforced while reading) and its type
 * (PNG or JPEG from its first bytes; name and declared type ignored) are checked. On any
 * failure the stored file is deleted again.
 */
export async function stageProof(request: FastifyRequest, storage: DocumentStorage): Promise<StagedProof> {
  const fields: Record<string, string> = {};
  const truncated: string[] = [];
  let staged: Omit<StagedProof, 'fields' | 'truncated'> | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD || staged) {
          part.file.resume();
          throw new HttpError(400, `Send one image as ${FILE_FIELD}.`, 'invalid');
        }
        const key = newStorageKey();
        const result: Inspection = { size: 0, mime: undefined, sha256: '' };
        try {
          await storage.put(key, inspect(part.file, result, MAX_PROOF_BYTES));
        } catch (e) {
          if (isTooLarge(e)) throw proofTooLarge();
          if (e instanceof HttpError && e.code === 'invalid_file_type') throw proofWrongType();
          if (e instanceof HttpError && e.code === 'empty_file') throw proofEmpty();
          throw e;
        }
        const mime = result.mime as DocumentMimeType;
        staged = {
          storage_key: key,
          file_name: sanitiseFileName(part.filename, mime),
          mime_type: mime,
          size: result.size,
          sha256: result.sha256,
        };
        // A PDF passes the document check; a proof must be a screenshot or photo.
        if (mime === 'application/pdf') throw proofWrongType();
        continue;
      }
      if (!FIELDS.has(part.fieldname) || Object.hasOwn(fields, part.fieldname)) {
        throw new HttpError(
          400,
          `Unexpected form field '${part.fieldname.slice(0, 40)}'. Send ${listInWords([...FIELDS, FILE_FIELD])}.`,
          'invalid',
        );
      }
      // Busboy cuts a field at fieldSize and says so: the cut is remembered, for the route to
      // refuse once the schema has had its say (a 250-character card_id read cut short was some
      // other id: a 404 for a card nobody knows).
      if (part.valueTruncated) truncated.push(part.fieldname);
      fields[part.fieldname] = String(part.value);
    }
    if (!staged) throw new HttpError(400, REFERRAL_MESSAGES.proofRequired, 'proof_required');
    return { fields, truncated, ...staged };
  } catch (e) {
    if (staged) await storage.delete(staged.storage_key).catch(() => {});
    if (isTooLarge(e)) throw proofTooLarge();
    if (isPartLimit(e)) {
      throw new HttpError(400, `Too many parts: send one ${FILE_FIELD} and its fields.`, 'too_many_parts');
    }
    if (isMalformedMultipart(e)) {
      throw new HttpError(
        400,
        'The multipart body is malformed (no boundary, or cut short). Please send the proof again.',
        'invalid_multipart',
      );
    }
    throw e;
  }
}
