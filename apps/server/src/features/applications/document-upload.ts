import { createHash, randomBytes } from 'node:crypto';
import {
  APPLICATION_MESSAGES,
  canonicalDocumentType,
  DOCUMENT_TYPES,
  type DocumentMimeType,
  type DocumentType,
  MAX_DOCUMENT_BYTES,
  type StructureCheck,
  sniffDocumentType,
  structureCheck,
} from '@cardwise/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../plumbing/errors.ts';
import type { DocumentStorage } from '../../plumbing/storage.ts';

/**
 * Reads a multipart upload (`documents[i][document_type]`, `documents[i][file]`) and
 * streams each file into the document store under a generated key, checking while it
 * reads: the byte count (at most 5 MB: the stream fails at byte 5 MB + 1, nothing is
 * buffered whole), the type from the first bytes (JPEG, PNG, PDF; the name and the
 * declared type are ignored) and that the file is whole (structureCheck: not cut short, no
 * garbage behind the header). On any failure every file stored so far is deleted.
 */

export interface StagedDocument {
  document_type: DocumentType;
  storage_key: string;
  file_name: string;
  mime_type: DocumentMimeType;
  size: number;
  sha256: string;
}

const FIELD = /^documents\[(\d{1,2})\]\[(document_type|file)\]$/;
const EXTENSIONS: Record<DocumentMimeType, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'application/pdf': '.pdf',
};

export const fileTooLarge = () => new HttpError(400, APPLICATION_MESSAGES.fileTooLarge, 'file_too_large');
export const invalidFileType = () =>
  new HttpError(400, APPLICATION_MESSAGES.invalidFileType, 'invalid_file_type');
export const emptyFile = () => new HttpError(400, APPLICATION_MESSAGES.emptyFile, 'empty_file');
export const damagedFile = () => new HttpError(400, APPLICATION_MESSAGES.damagedFile, 'damaged_file');

/** A generated storage key: 32 random hex characters, nothing from the client. */
export const newStorageKey = () => randomBytes(16).toString('hex');

/**
 * The client's file name made safe to echo in a Content-Disposition: base name only,
 * no control or quote characters, at most 100 characters, and the extension of the real type.
 */
export function sanitiseFileName(name: string | undefined, mime: DocumentMimeType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFKC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f"'`<>|:*?;%\\]/g, '')
    // Invisible format characters: a right-to-left override would show `invoice\u202Efdp.png`
    // as "invoicegnp.pdf" to whoever reads the list, zero-width ones hide what a name says.
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `${truncateText(stem, STEM_MAX_UNITS).trim() || 'document'}${EXTENSIONS[mime]}`;
}

/** The stem's bound in UTF-16 code units, as before: the whole name stays within 100. */
const STEM_MAX_UNITS = 90;
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest run of whole grapheme clusters from the start that fits in `maxUnits` code units.
 * `slice` cut an emoji between its surrogates, and the lone half was stored as U+FFFD; a cluster
 * is kept whole or not at all, so an accent is never parted from its letter either. The bound
 * stays in code units: one cluster can hold any number of combining marks.
 */
export function truncateText(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  let end = 0;
  for (const { segment } of GRAPHEMES.segment(text)) {
    if (end + segment.length > maxUnits) break;
    end += segment.length;
  }
  return text.slice(0, end);
}

export interface Inspection {
  size: number;
  mime: DocumentMimeType | undefined;
  sha256: string;
}

/**
 * Pass the bytes through, counting them, hashing them, deciding the type from the first 8 and
 * walking the type's structure, so the stream fails (and the store drops its copy) on a file
 * that is too large, of another type, or damaged.
 */
export async function* inspect(
  source: AsyncIterable<Buffer>,
  result: Inspection,
  maxBytes: number,
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  // The first chunks until 8 bytes have come (usually the first chunk alone), for the check.
  let head: Buffer[] = [];
  let check: StructureCheck | undefined;
  const decide = () => {
    const bytes = Buffer.concat(head);
    result.mime = sniffDocumentType(bytes);
    if (!result.mime) throw invalidFileType();
    check = structureCheck(result.mime);
    check.push(bytes);
    head = [];
  };
  for await (const chunk of source) {
    result.size += chunk.length;
    if (result.size > maxBytes) throw fileTooLarge();
    if (check) check.push(chunk);
    else {
      head.push(chunk);
      if (result.size >= 8) decide();
    }
    hash.update(chunk);
    yield chunk;
  }
  // No bytes at all: told as such, not as a wrong type (the user's PDF name was right).
  if (result.size === 0) throw emptyFile();
  if (!check) decide();
  if (!check?.complete()) throw damagedFile();
  result.sha256 = hash.digest('hex');
}

export function isTooLarge(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'file_too_large';
}

const MALFORMED_MULTIPART = /boundary (not found|required)|unexpected end of multipart data|malformed/i;
export const isMalformedMultipart = (e: unknown): boolean =>
  e instanceof Error && MALFORMED_MULTIPART.test(e.message);
const PART_LIMITS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);
/** The form parser's refusal of more files, fields or parts than its limits. */
export const isPartLimit = (e: unknown): boolean => PART_LIMITS.has((e as { code?: string }).code ?? '');

/**
 * The form parser's own failures are the client's: a body with no or a wrong boundary, or one
 * cut short, answered 500, and too many parts 413 with the parser's "reach files limit".
 */
function clientMultipartError(e: unknown): HttpError | undefined {
  if (e instanceof HttpError) return undefined;
  if (isPartLimit(e)) {
    return new HttpError(
      400,
      `Too many parts: send at most ${DOCUMENT_TYPES.length} documents, each as documents[i][document_type] and documents[i][file].`,
      'too_many_parts',
    );
  }
  if (isMalformedMultipart(e)) {
    return new HttpError(
      400,
      'The multipart body is malformed (no boundary, or cut short). Please send the documents again.',
      'invalid_multipart',
    );
  }
  return undefined;
}

/** Multipart limits: a few parts, small fields; the file limit is one byte over ours, so we see it first. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_DOCUMENT_BYTES + 1,
  files: DOCUMENT_TYPES.length,
  fields: DOCUMENT_TYPES.length * 2,
  parts: DOCUMENT_TYPES.length * 3,
  fieldSize: 200,
  headerPairs: 100,
};

export const unknownDocumentType = (raw: string) =>
  new HttpError(
    400,
    `Unknown document type '${raw.slice(0, 40)}'. Use one of: ${DOCUMENT_TYPES.join(', ')}.`,
    'unknown_document_type',
  );

export async function stageUpload(
  request: FastifyRequest,
  storage: DocumentStorage,
  maxBytes = MAX_DOCUMENT_BYTES,
): Promise<StagedDocument[]> {
  if (!request.isMultipart()) {
    throw new HttpError(
      400,
      'Send the documents as multipart/form-data (documents[i][document_type], documents[i][file]).',
      'not_multipart',
    );
  }
  const types = new Map<number, string>();
  const files = new Map<number, Omit<StagedDocument, 'document_type'>>();
  const stored: string[] = [];
  try {
    for await (const part of request.parts()) {
      const m = FIELD.exec(part.fieldname);
      if (!m) {
        if (part.type === 'file') part.file.resume();
        throw new HttpError(
          400,
          'Unexpected form field. Send documents[i][document_type] and documents[i][file] for each document.',
          'invalid',
        );
      }
      const index = Number(m[1]);
      if (m[2] === 'document_type') {
        if (part.type !== 'field') throw new HttpError(400, 'document_type must be a text field.', 'invalid');
        // Two types for one file is ambiguous: refused, as two files for one type are.
        if (types.has(index))
          throw new HttpError(400, `documents[${index}] has more than one document_type.`, 'invalid');
        // Judged as it arrives, before the file after it is read: an unknown type with a damaged
        // file was answered "This file is damaged", and the type, the first thing wrong, unsaid.
        const value = String(part.value);
        if (!canonicalDocumentType(value)) throw unknownDocumentType(value);
        types.set(index, value);
        continue;
      }
      if (part.type !== 'file')
        throw new HttpError(400, `documents[${index}][file] must be a file.`, 'invalid');
      if (files.has(index))
        throw new HttpError(400, `documents[${index}] has more than one file.`, 'invalid');
      const key = newStorageKey();
      const result: Inspection = { size: 0, mime: undefined, sha256: '' };
      try {
        await storage.put(key, inspect(part.file, result, maxBytes));
      } catch (e) {
        if (isTooLarge(e)) throw fileTooLarge();
        throw e;
      }
      stored.push(key);
      const mime = result.mime as DocumentMimeType;
      files.set(index, {
        storage_key: key,
        file_name: sanitiseFileName(part.filename, mime),
        mime_type: mime,
        size: result.size,
        sha256: result.sha256,
      });
    }

    const indexes = new Set([...types.keys(), ...files.keys()]);
    if (indexes.size === 0) throw new HttpError(400, 'No documents were sent.', 'no_documents');
    const staged: StagedDocument[] = [];
    const seen = new Set<string>();
    for (const index of [...indexes].sort((a, b) => a - b)) {
      const rawType = types.get(index);
      const file = files.get(index);
      if (rawType === undefined) {
        throw new HttpError(400, `documents[${index}][document_type] is required.`, 'invalid');
      }
      const type = canonicalDocumentType(rawType);
      if (!type) throw unknownDocumentType(rawType);
      if (!file) throw new HttpError(400, `documents[${index}][file] is required.`, 'invalid');
      if (seen.has(type)) {
        throw new HttpError(
          400,
          `Only one file per document type: ${type} was sent twice.`,
          'duplicate_document',
        );
      }
      seen.add(type);
      staged.push({ document_type: type, ...file });
    }
    return staged;
  } catch (e) {
    await Promise.all(stored.map((k) => storage.delete(k).catch(() => {})));
    if (isTooLarge(e)) throw fileTooLarge();
    throw clientMultipartError(e) ?? e;
  }
}
