import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { APPLICATION_MESSAGES, bankApplyUrl, MAX_PROOF_BYTES, REFERRAL_MESSAGES } from '@cardwise/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sweepOrphanDocuments } from '../src/features/applications/orphan-sweep.ts';
import { referralsCommand } from '../src/features/referrals/referrals-cli.ts';
import { referralsRepository } from '../src/features/referrals/referrals-repository.ts';
import { MAX_PENDING_CLAIMS_PER_USER } from '../src/features/referrals/referrals-routes.ts';
import { applyRedirects, cashbackClaims } from '../src/features/referrals/referrals-schema.ts';
import { runDecisionCommand } from '../src/plumbing/decision-cli.ts';
import { documentStorage, localDiskStorage, TEMP_PREFIX } from '../src/plumbing/storage.ts';
import { signUp } from './support/accounts-helpers.ts';
import { JPEG, PDF, PNG, SCRIPT } from './support/applications-helpers.ts';
import { DB_KINDS, useTestApp } from './support/test-app.ts';

/** The mini catalogue's one card with a link to its bank's application page. */
const CARD = 'hdfc_swiggy';
const URL_PATH = '/api/cards/log-apply-redirect';

interface ProofPart {
  name: string;
  value?: string;
  file?: { content: Buffer; filename: string; contentType?: string };
}

function proofBody(parts: ProofPart[]): { body: Buffer; contentType: string } {
  const boundary = `----cardwise${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.file) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\n` +
            `Content-Type: ${p.file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        p.file.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(DB_KINDS)('referral and cashback proof API on %s', (kind) => {
  let n = 0;
  const storedFiles = () => {
    try {
      return readdirSync(join(t.dataDir, 'documents')).filter((f) => !f.startsWith(TEMP_PREFIX));
    } catch {
      return [];
    }
  };

  const t = useTestApp(kind, { tempDataDir: true });

  const post = (body: unknown, o: { token?: string; tenant?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: URL_PATH,
      remoteAddress: `10.8.0.${(n++ % 250) + 1}`,
      headers: {
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.tenant ? { 'x-tenant': o.tenant } : {}),
      },
      payload: body as object,
    });

  const proof = (
    token: string | undefined,
    fields: Record<string, string>,
    file: ProofPart['file'] | null = { content: PNG, filename: 'ack.png', contentType: 'image/png' },
    o: { tenant?: string } = {},
  ) => {
    const parts: ProofPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
    if (file) parts.push({ name: 'proof_image', file });
    const { body, contentType } = proofBody(parts);
    return t.app.inject({
      method: 'POST',
      url: URL_PATH,
      remoteAddress: `10.8.1.${(n++ % 250) + 1}`,
      headers: {
        'content-type': contentType,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(o.tenant ? { 'x-tenant': o.tenant } : {}),
      },
      payload: body,
    });
  };

  async function newUser(tenant?: string) {
    return signUp(t.app, {
      tenant,
      email: `refer${n++}-${Date.now()}@example.com`,
      fullName: 'Arjun Rao',
      remoteAddress: `10.8.2.${(n++ % 250) + 1}`,
    });
  }

  const countRows = async () => ({
    redirects: (await t.database.db.select().from(applyRedirects)).length,
    claims: (await t.database.db.select().from(cashbackClaims)).length,
  });

  describe('logging the departure to the bank (JSON)', () => {
    it('records an anonymous visitor and answers the bank link and a reference', async () => {
      const res = await post({ card_id: CARD, customer_type: 'ntb' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.redirect_url).toBe(
        'https://www.hdfcbank.com/personal/pay/cards/credit-cards/swiggy-hdfc-bank-credit-card',
      );
      expect(body.application_reference).toMatch(/^CB-\d{4}-[2-9A-HJKMNP-Z]{8}$/);
      const [row] = await t.database.db
        .select()
        .from(applyRedirects)
        .where(eq(applyRedirects.application_reference, body.application_reference));
      expect(row?.user_id).toBeNull();
      expect(row?.customer_type).toBe('NEW_TO_BANK');
      expect(row?.tenant_id).toBe('cardwise');
    });

    it('accepts every spelling of the customer type the spec names, and keeps the tracking fields', async () => {
      const u = await newUser();
      for (const [code, stored] of [
        ['NTB', 'NEW_TO_BANK'],
        ['etb', 'EXISTING_TO_BANK'],
        ['ETCC', 'EXISTING_CREDIT_CARD'],
        // Spec §7's own spelling of the JSON code ("ntb, etb, and ettc or ecc").
        ['ettc', 'EXISTING_CREDIT_CARD'],
        [' ETTC ', 'EXISTING_CREDIT_CARD'],
        ['ecc', 'EXISTING_CREDIT_CARD'],
        ['EXISTING_CREDIT_CARD', 'EXISTING_CREDIT_CARD'],
      ] as const) {
        const res = await post(
          {
            card_id: CARD,
            customer_type: code,
            application_tracking_email: 'arjun@example.com',
            application_tracking_phone: '9876543210',
            application_tracking_pan: 'abcpr1234k',
            referral_code: 'FRIEND-42',
          },
          { token: u.access },
        );
        expect(res.statusCode, code).toBe(200);
        const [row] = await t.database.db
          .select()
          .from(applyRedirects)
          .where(eq(applyRedirects.application_reference, res.json().application_reference));
        expect(row?.customer_type).toBe(stored);
        expect(row?.user_id).toBe(u.user_id);
        expect(row?.tracking_phone).toBe('9876543210');
        expect(row?.referral_code).toBe('FRIEND-42');
        // PAN at rest is ciphertext only.
        expect(row?.tracking_pan_encrypted).toBeTruthy();
        expect(row?.tracking_pan_encrypted).not.toContain('ABCPR1234K');
      }
    });

    it('refuses bad details with the spec’s messages and stores nothing', async () => {
      const before = await countRows();
      const cases: [Record<string, unknown>, string][] = [
        [
          { card_id: CARD, customer_type: 'ntb', application_tracking_email: 'not-an-email' },
          REFERRAL_MESSAGES.email,
        ],
        [
          { card_id: CARD, customer_type: 'ntb', application_tracking_phone: '98765' },
          REFERRAL_MESSAGES.phone,
        ],
        [
          { card_id: CARD, customer_type: 'ntb', application_tracking_phone: '98765abcde' },
          REFERRAL_MESSAGES.phone,
        ],
        [
          { card_id: CARD, customer_type: 'ntb', application_tracking_pan: 'ABCDE12345' },
          REFERRAL_MESSAGES.pan,
        ],
        [
          { card_id: CARD, customer_type: 'ntb', referral_code: 'no spaces!' },
          REFERRAL_MESSAGES.referralCode,
        ],
        [{ card_id: CARD, customer_type: 'vip' }, REFERRAL_MESSAGES.customerType],
        [{ card_id: CARD, customer_type: 'constructor' }, REFERRAL_MESSAGES.customerType],
        [{ card_id: CARD }, REFERRAL_MESSAGES.customerType],
        [{ customer_type: 'ntb' }, REFERRAL_MESSAGES.cardIdMissing],
      ];
      for (const [body, message] of cases) {
        const res = await post(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().detail).toContain(message);
      }
      expect((await post({ card_id: 'no_such_card', customer_type: 'ntb' })).statusCode).toBe(404);
      // A card with no link to its bank's application page cannot be sent there.
      const noLink = await post({ card_id: 'sbi_cashback', customer_type: 'ntb' });
      expect(noLink.statusCode).toBe(400);
      expect(noLink.json().code).toBe('no_bank_link');
      expect(await countRows()).toEqual(before);
    });

    it('words a null or over-long value as a sentence about the field, never in zod’s words, and records nothing', async () => {
      const before = await countRows();
      const cases: [Record<string, unknown>, string][] = [
        [
          { card_id: CARD, customer_type: 'ntb', application_tracking_email: null },
          'application_tracking_email: must be text, not null',
        ],
        [
          { card_id: CARD, customer_type: 'ntb', application_tracking_phone: null },
          'application_tracking_phone: must be text, not null',
        ],
        [
          { card_id: CARD, customer_type: 'ntb', application_tracking_pan: null },
          'application_tracking_pan: must be text, not null',
        ],
        [
          { card_id: CARD, customer_type: 'ntb', referral_code: null },
          'referral_code: must be text, not null',
        ],
        [{ card_id: CARD, customer_type: null }, `customer_type: ${REFERRAL_MESSAGES.customerType}`],
        [{ card_id: null, customer_type: 'ntb' }, `card_id: ${REFERRAL_MESSAGES.cardIdMissing}`],
        // It was "Card ID is missing." for a card id that is there, only too long.
        [{ card_id: 'x'.repeat(201), customer_type: 'ntb' }, `card_id: ${REFERRAL_MESSAGES.cardIdTooLong}`],
        // Nor for one of another type.
        [{ card_id: [CARD], customer_type: 'ntb' }, 'card_id: must be text, not a list'],
      ];
      for (const [body, sentence] of cases) {
        const res = await post(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().detail, JSON.stringify(body)).toContain(sentence);
        expect(res.json().detail).not.toMatch(/Invalid input|expected string|received|Too big/);
      }
      expect(await countRows()).toEqual(before);
    });

    it('refuses a key it does not know and records nothing (a misspelt referral code is not dropped unseen)', async () => {
      const before = await countRows();
      for (const extra of [
        { referal_code: 'FRIEND-42' },
        { referralCode: 'FRIEND-42' },
        { redirect_url: 'https://evil.example' },
      ]) {
        const res = await post({ card_id: CARD, customer_type: 'ntb', ...extra });
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json().detail).toContain(Object.keys(extra)[0]);
      }
      expect(await countRows()).toEqual(before);
    });

    it('sends only to cards the apply rule offers: affiliate link first, none when affiliated_url is false', () => {
      expect(
        bankApplyUrl({ affiliated_url: 'https://aff.example/a', apply_url: 'https://bank.example/a' }),
      ).toBe('https://aff.example/a');
      expect(bankApplyUrl({ affiliated_url: '', apply_url: 'https://bank.example/a' })).toBe(
        'https://bank.example/a',
      );
      expect(bankApplyUrl({ affiliated_url: false, apply_url: 'https://bank.example/a' })).toBeNull();
      // null: no affiliate deal, so the bank's own apply URL.
      expect(bankApplyUrl({ affiliated_url: null, apply_url: 'https://bank.example/a' })).toBe(
        'https://bank.example/a',
      );
      expect(bankApplyUrl({ affiliated_url: '', apply_url: null })).toBeNull();
    });

    it('answers an expired or forged token with 401, so the client refreshes instead of logging anonymously', async () => {
      const res = await post({ card_id: CARD, customer_type: 'ntb' }, { token: 'not.a.token' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('token_not_valid');
    });

    it('only offers cards of the tenant’s own bank list', async () => {
      // PaisaPal partners with HDFC (so the card is there) but not SBI.
      expect((await post({ card_id: CARD, customer_type: 'ntb' }, { tenant: 'paisapal' })).statusCode).toBe(
        200,
      );
      expect(
        (await post({ card_id: 'sbi_cashback', customer_type: 'ntb' }, { tenant: 'paisapal' })).statusCode,
      ).toBe(404);
    });
  });

  describe('uploading the proof (multipart)', () => {
    it('needs a signed-in user, and says why', async () => {
      const before = storedFiles().length;
      const res = await proof(undefined, { card_id: CARD, customer_type: 'ecc' });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(REFERRAL_MESSAGES.signInForProof);
      expect(storedFiles().length).toBe(before);
    });

    it('files a claim under the departure’s reference, with the image stored by content', async () => {
      const u = await newUser();
      const left = await post({ card_id: CARD, customer_type: 'etb' }, { token: u.access });
      const reference = left.json().application_reference as string;
      const res = await proof(u.access, {
        card_id: CARD,
        customer_type: 'ecc',
        application_reference: reference.toLowerCase(),
        referral_code: 'FRIEND-42',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.application_reference).toBe(reference);
      expect(body.status).toBe('pending_review');
      expect(body.detail).toContain(u.email);
      const [claim] = await t.database.db
        .select()
        .from(cashbackClaims)
        .where(eq(cashbackClaims.application_reference, reference));
      expect(claim?.user_id).toBe(u.user_id);
      expect(claim?.customer_type).toBe('EXISTING_CREDIT_CARD');
      expect(claim?.mime_type).toBe('image/png');
      expect(claim?.storage_key).toMatch(/^[0-9a-f]{32}$/);
      // Encrypted at rest (ADR 022): the file is not the image, the store gives the image back.
      expect(
        readFileSync(join(t.dataDir, 'documents', claim?.storage_key as string)).includes(PNG.subarray(0, 8)),
      ).toBe(false);
      const storage = await documentStorage({
        dataDir: t.dataDir,
        encryptionKey: t.app.ctx.config.encryptionKey,
      });
      const stored = await storage.get(claim?.storage_key as string);
      expect(Buffer.concat(await stored!.stream.toArray())).toEqual(PNG);
    });

    it('lets an anonymous departure be claimed once the visitor signs in, and then by nobody else', async () => {
      const left = await post({ card_id: CARD, customer_type: 'ntb' });
      const reference = left.json().application_reference as string;
      const owner = await newUser();
      const other = await newUser();
      expect(
        (await proof(owner.access, { card_id: CARD, customer_type: 'ntb', application_reference: reference }))
          .statusCode,
      ).toBe(200);
      const [redirect] = await t.database.db
        .select()
        .from(applyRedirects)
        .where(eq(applyRedirects.application_reference, reference));
      expect(redirect?.user_id).toBe(owner.user_id);
      const before = storedFiles().length;
      const stolen = await proof(other.access, {
        card_id: CARD,
        customer_type: 'ntb',
        application_reference: reference,
      });
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json().detail).toBe('No application with this reference.');
      expect(storedFiles().length).toBe(before);
    });

    it('keeps tenants apart: another tenant’s reference is unknown', async () => {
      const here = await newUser();
      const reference = (await post({ card_id: CARD, customer_type: 'ntb' }, { token: here.access })).json()
        .application_reference as string;
      const partner = await newUser('paisapal');
      const res = await proof(
        partner.access,
        { card_id: CARD, customer_type: 'ntb', application_reference: reference },
        undefined,
        { tenant: 'paisapal' },
      );
      expect(res.statusCode).toBe(404);
    });

    it('replaces the proof while it is under review, and refuses a new one once decided', async () => {
      const u = await newUser();
      const reference = (await post({ card_id: CARD, customer_type: 'ntb' }, { token: u.access })).json()
        .application_reference as string;
      const fields = { card_id: CARD, customer_type: 'ntb', application_reference: reference };
      expect((await proof(u.access, fields)).statusCode).toBe(200);
      const filesAfterFirst = storedFiles().length;
      const again = await proof(u.access, fields, {
        content: JPEG,
        filename: 'ack.jpg',
        contentType: 'image/jpeg',
      });
      expect(again.statusCode).toBe(200);
      // The first file is gone: one file per claim.
      expect(storedFiles().length).toBe(filesAfterFirst);
      const [claim] = await t.database.db
        .select()
        .from(cashbackClaims)
        .where(eq(cashbackClaims.application_reference, reference));
      expect(claim?.mime_type).toBe('image/jpeg');

      const decision = await referralsRepository(t.database.db).setDecision(reference, 'approved');
      expect(decision).toEqual({ ok: true, previous: 'pending_review' });
      const late = await proof(u.access, fields);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('claim_decided');
      expect(storedFiles().length).toBe(filesAfterFirst);
      expect(await referralsRepository(t.database.db).setDecision(reference, 'rejected')).toEqual({
        ok: false,
        reason: `${reference} was already approved`,
      });
    });

    it('takes an operator’s decision through the CLI, printing no personal data', async () => {
      const u = await newUser();
      const reference = (await proof(u.access, { card_id: CARD, customer_type: 'ntb' })).json()
        .application_reference as string;
      const run = async (argv: string[]) => {
        let out = '';
        let err = '';
        const code = await runDecisionCommand(
          referralsCommand,
          argv,
          { write: (s: string) => (out += s) },
          { write: (s: string) => (err += s) },
          // The test's database stays open for the other tests.
          async () => ({ ...t.database, close: async () => {} }),
        );
        return { code, out, err };
      };
      expect((await run(['set-status', reference, 'maybe'])).code).toBe(2);
      // A trailing word used to be ignored and the decision recorded.
      expect((await run(['set-status', reference, 'approved', 'now'])).code).toBe(2);
      const help = await run(['--help']);
      expect(help.code).toBe(0);
      expect(help.out).toContain('usage:');
      expect((await run(['set-status', 'CW-2026-ABCDEFGH', 'approved'])).code).toBe(2);
      expect((await run(['set-status', 'CB-2026-ABCDEFGH', 'approved'])).err).toContain('no cashback claim');
      const done = await run(['set-status', reference.toLowerCase(), 'rejected']);
      expect(done).toEqual({ code: 0, out: `${reference}: pending_review → rejected\n`, err: '' });
      expect(done.out).not.toContain(u.email);
      const [claim] = await t.database.db
        .select()
        .from(cashbackClaims)
        .where(eq(cashbackClaims.application_reference, reference));
      expect(claim?.status).toBe('rejected');
      expect(claim?.decided_at).toBeInstanceOf(Date);
    });

    it('files a claim without a reference under a new one; sent again, it replaces that claim’s proof', async () => {
      const u = await newUser();
      const res = await proof(u.access, { card_id: CARD, customer_type: 'etb' });
      expect(res.statusCode).toBe(200);
      const reference = res.json().application_reference as string;
      expect(reference).toMatch(/^CB-\d{4}-/);
      const files = storedFiles().length;
      // Every upload without a reference used to open a claim and keep its 5 MB file.
      for (let i = 0; i < 3; i++) {
        const again = await proof(
          u.access,
          { card_id: CARD, customer_type: 'ntb' },
          { content: JPEG, filename: `again-${i}.jpg`, contentType: 'image/jpeg' },
        );
        expect(again.statusCode).toBe(200);
        expect(again.json().application_reference).toBe(reference);
      }
      expect(storedFiles().length).toBe(files);
      const claims = await t.database.db
        .select()
        .from(cashbackClaims)
        .where(eq(cashbackClaims.user_id, u.user_id));
      expect(claims).toHaveLength(1);
      expect(claims[0]).toMatchObject({ mime_type: 'image/jpeg', customer_type: 'NEW_TO_BANK' });
      // Once decided, a new proof for the card is a new claim.
      expect((await referralsRepository(t.database.db).setDecision(reference, 'rejected')).ok).toBe(true);
      const next = await proof(u.access, { card_id: CARD, customer_type: 'ntb' });
      expect(next.statusCode).toBe(200);
      expect(next.json().application_reference).not.toBe(reference);
    });

    it('refuses what is not a PNG or JPEG screenshot, by content, and a file over 5 MB, storing nothing', async () => {
      const u = await newUser();
      const fields = { card_id: CARD, customer_type: 'ntb' };
      const before = { files: storedFiles().length, rows: await countRows() };
      const cases: [ProofPart['file'] | null, number, string][] = [
        [
          { content: SCRIPT, filename: 'ack.png', contentType: 'image/png' },
          400,
          REFERRAL_MESSAGES.proofType,
        ],
        [
          { content: PDF, filename: 'ack.pdf', contentType: 'application/pdf' },
          400,
          REFERRAL_MESSAGES.proofType,
        ],
        [
          {
            content: Buffer.concat([PNG, Buffer.alloc(MAX_PROOF_BYTES + 1 - PNG.length)]),
            filename: 'big.png',
            contentType: 'image/png',
          },
          400,
          REFERRAL_MESSAGES.proofTooLarge,
        ],
        [null, 400, REFERRAL_MESSAGES.proofRequired],
        // A screenshot cut short: its header is a PNG's, the rest is missing.
        [
          { content: PNG.subarray(0, PNG.length - 20), filename: 'ack.png', contentType: 'image/png' },
          400,
          APPLICATION_MESSAGES.damagedFile,
        ],
        // A 0-byte file is said to be empty, not of a wrong type.
        [
          { content: Buffer.alloc(0), filename: 'ack.png', contentType: 'image/png' },
          400,
          REFERRAL_MESSAGES.proofEmpty,
        ],
      ];
      for (const [file, status, message] of cases) {
        const res = await proof(u.access, fields, file);
        expect(res.statusCode, message).toBe(status);
        expect(res.json().detail).toBe(message);
      }
      // Exactly 5 MB is fine.
      const max = await proof(u.access, fields, {
        content: Buffer.concat([PNG, Buffer.alloc(MAX_PROOF_BYTES - PNG.length)]),
        filename: 'max.png',
      });
      expect(max.statusCode).toBe(200);
      expect(storedFiles().length).toBe(before.files + 1);
      expect((await countRows()).claims).toBe(before.rows.claims + 1);
    });

    it('refuses bad fields after reading the file, and deletes the file again', async () => {
      const u = await newUser();
      const before = storedFiles().length;
      const cases: [Record<string, string>, number][] = [
        [{ card_id: CARD, customer_type: 'vip' }, 400],
        [{ card_id: 'no_such_card', customer_type: 'ntb' }, 404],
        [{ card_id: CARD, customer_type: 'ntb', application_reference: 'CB-2026-AAAAAAAA' }, 404],
        [{ card_id: CARD, customer_type: 'ntb', application_reference: 'nonsense' }, 404],
        [{ card_id: CARD, customer_type: 'ntb', referral_code: 'bad code' }, 400],
        [{ card_id: CARD, customer_type: 'ntb', surprise: 'field' }, 400],
      ];
      for (const [fields, status] of cases) {
        const res = await proof(u.access, fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(status);
        expect(res.json().detail).toBeTruthy();
      }
      expect(storedFiles().length).toBe(before);
    });

    it('words an over-long reference as a sentence, never in zod’s words, and keeps no file', async () => {
      const u = await newUser();
      const before = { files: storedFiles().length, rows: await countRows() };
      const cases: [Record<string, string>, string][] = [
        [
          { card_id: CARD, customer_type: 'ntb', application_reference: `CB-2026-${'A'.repeat(60)}` },
          'Invalid proof upload: application_reference: must be at most 40 characters',
        ],
        [
          // Longer than a form field may be (200 bytes): its own limit is the one named.
          { card_id: CARD, customer_type: 'ntb', application_reference: 'CB-2026-'.padEnd(250, 'Z') },
          'Invalid proof upload: application_reference: must be at most 40 characters',
        ],
        [
          // Cut at 200 it was some other id, and the answer was a 404 for a card nobody knows.
          { card_id: CARD.padEnd(250, 'x'), customer_type: 'ntb' },
          'Invalid proof upload: card_id: must be at most 200 characters',
        ],
        [{ card_id: CARD, customer_type: '' }, `customer_type: ${REFERRAL_MESSAGES.customerType}`],
      ];
      for (const [fields, sentence] of cases) {
        const res = await proof(u.access, fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json().detail, JSON.stringify(fields)).toContain(sentence);
        expect(res.json().detail).not.toMatch(/Invalid input|expected string|received|Too big/);
      }
      expect(storedFiles().length).toBe(before.files);
      expect(await countRows()).toEqual(before.rows);
    });

    it(`keeps at most ${MAX_PENDING_CLAIMS_PER_USER} claims of one user awaiting review, each with its file, and says why`, async () => {
      const u = await newUser();
      // A departure to the bank (a new reference), then a proof for it.
      const leaveAndClaim = async () => {
        const left = await post({ card_id: CARD, customer_type: 'ntb' }, { token: u.access });
        const reference = left.json().application_reference as string;
        return proof(u.access, { card_id: CARD, customer_type: 'ntb', application_reference: reference });
      };
      for (let i = 0; i < MAX_PENDING_CLAIMS_PER_USER; i++)
        expect((await leaveAndClaim()).statusCode).toBe(200);
      const files = storedFiles().length;
      const claims = (await countRows()).claims;
      const refused = await leaveAndClaim();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'too_many_pending_claims',
        detail: expect.stringContaining(`${MAX_PENDING_CLAIMS_PER_USER} cashback claims awaiting review`),
      });
      expect(storedFiles().length).toBe(files);
      expect((await countRows()).claims).toBe(claims);
      // Another user is not held back by this one's claims.
      const other = await newUser();
      expect((await proof(other.access, { card_id: CARD, customer_type: 'ntb' })).statusCode).toBe(200);
    });

    it('takes at most 2 proof uploads of one user at a time (slow bodies cannot pile up)', async () => {
      const me = await newUser();
      const slow = () => {
        const { body, contentType } = proofBody([
          { name: 'card_id', value: CARD },
          { name: 'customer_type', value: 'ntb' },
          { name: 'proof_image', file: { content: PNG, filename: 'ack.png' } },
        ]);
        const stream = new PassThrough();
        stream.write(body.subarray(0, 100));
        const response = t.app.inject({
          method: 'POST',
          url: URL_PATH,
          headers: {
            authorization: `Bearer ${me.access}`,
            'content-type': contentType,
            'content-length': String(body.length),
          },
          payload: stream,
        });
        return { response, finish: () => stream.end(body.subarray(100)) };
      };
      const first = slow();
      const second = slow();
      await new Promise((r) => setTimeout(r, 300));
      const third = await proof(me.access, { card_id: CARD, customer_type: 'ntb' });
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('too_many_in_flight');
      first.finish();
      second.finish();
      expect((await first.response).statusCode).toBe(200);
      expect((await second.response).statusCode).toBe(200);
      expect((await proof(me.access, { card_id: CARD, customer_type: 'ntb' })).statusCode).toBe(200);
    });

    it('answers a malformed multipart body with 400', async () => {
      const u = await newUser();
      const res = await t.app.inject({
        method: 'POST',
        url: URL_PATH,
        headers: { authorization: `Bearer ${u.access}`, 'content-type': 'multipart/form-data' },
        payload: 'garbage',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBeTruthy();
    });

    it('is never swept as an orphan: the sweep knows the claims table', async () => {
      const u = await newUser();
      expect((await proof(u.access, { card_id: CARD, customer_type: 'ntb' })).statusCode).toBe(200);
      const files = storedFiles().length;
      const result = await sweepOrphanDocuments(
        t.database.db,
        localDiskStorage(join(t.dataDir, 'documents')),
        {
          olderThanMs: 0,
          now: Date.now() + 1000,
        },
      );
      expect(result.removed).toBe(0);
      expect(storedFiles().length).toBe(files);
    });
  });

  describe('listing my claims (accounts/cashback-claims)', () => {
    const LIST = '/api/accounts/cashback-claims';
    const list = (token?: string, tenant?: string) =>
      t.app.inject({
        method: 'GET',
        url: LIST,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(tenant ? { 'x-tenant': tenant } : {}),
        },
      });
    const claim = async (token: string, tenant?: string) => {
      const left = await post(
        { card_id: CARD, customer_type: 'ntb' },
        { token, ...(tenant ? { tenant } : {}) },
      );
      const reference = left.json().application_reference as string;
      const res = await proof(
        token,
        { card_id: CARD, customer_type: 'ntb', application_reference: reference },
        undefined,
        tenant ? { tenant } : {},
      );
      expect(res.statusCode).toBe(200);
      return reference;
    };

    it('needs a signed-in user', async () => {
      const res = await list();
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBeTruthy();
      expect((await list('not.a.token')).statusCode).toBe(401);
    });

    it('lists only my own claims, newest first, with the card, the status the operator set and no storage key', async () => {
      const me = await newUser();
      expect((await list(me.access)).json()).toEqual([]);
      const first = await claim(me.access);
      const second = await claim(me.access);
      const third = await claim(me.access);
      // Someone else's claim, here and in another tenant, never shows.
      const other = await newUser();
      const othersClaim = await claim(other.access);
      const partner = await newUser('paisapal');
      const partnersClaim = await claim(partner.access, 'paisapal');
      expect(await referralsRepository(t.database.db).setDecision(first, 'approved')).toMatchObject({
        ok: true,
      });
      expect((await referralsRepository(t.database.db).setDecision(second, 'rejected')).ok).toBe(true);

      const res = await list(me.access);
      expect(res.statusCode).toBe(200);
      const body = res.json() as Record<string, unknown>[];
      expect(body.map((c) => c.application_reference)).toEqual([third, second, first]);
      expect(body.map((c) => c.status)).toEqual(['pending_review', 'rejected', 'approved']);
      expect(body[0]).toEqual({
        application_reference: third,
        card_id: CARD,
        card_name: 'Swiggy HDFC Bank Credit Card',
        bank_name: 'HDFC Bank',
        status: 'pending_review',
        submitted_at: expect.any(String),
        decided_at: null,
      });
      expect(body[2]?.decided_at).toEqual(expect.any(String));
      const submitted = body.map((c) => Date.parse(c.submitted_at as string));
      expect(submitted).toEqual([...submitted].sort((a, b) => b - a));
      for (const c of body) {
        expect(Object.keys(c)).not.toEqual(expect.arrayContaining(['storage_key']));
        expect(JSON.stringify(c)).not.toMatch(/storage|file_name|sha256/);
      }

      const others = (await list(other.access)).json() as { application_reference: string }[];
      expect(others.map((c) => c.application_reference)).toEqual([othersClaim]);
      const partners = (await list(partner.access, 'paisapal')).json() as { application_reference: string }[];
      expect(partners.map((c) => c.application_reference)).toEqual([partnersClaim]);
      // My token is not valid in another tenant, so my claims are not listed there either.
      expect((await list(me.access, 'paisapal')).statusCode).toBe(401);
    });
  });
});
