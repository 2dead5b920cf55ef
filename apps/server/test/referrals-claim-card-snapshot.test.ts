import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { cards } from '../src/db/schema.ts';
import { cashbackClaims } from '../src/features/referrals/referrals-schema.ts';
import { signUp } from './support/accounts-helpers.ts';
import { PNG } from './support/applications-helpers.ts';
import { DB_KINDS, useTestApp } from './support/test-app.ts';

/** The mini catalogue's card with a link to its bank's application page. */
const CARD = 'hdfc_swiggy';
const CARD_NAME = 'Swiggy HDFC Bank Credit Card';
const URL_PATH = '/api/cards/log-apply-redirect';

/** A proof upload's multipart body: the fields, then the image. */
function proofBody(fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = `----cardwise${randomBytes(8).toString('hex')}`;
  const chunks = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="proof_image"; filename="ack.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(DB_KINDS)('a cashback claim names its card as when it was filed on %s (ADR 010)', (kind) => {
  let n = 0;
  // Every request reads the catalogue afresh, so a card renamed or withdrawn shows at once.
  const t = useTestApp(kind, { tempDataDir: true, config: { CATALOG_CACHE_TTL_SECONDS: '0' } });
  afterEach(async () => {
    await t.database.db.update(cards).set({ name: CARD_NAME, is_active: true }).where(eq(cards.id, CARD));
  });

  const address = () => `10.12.0.${(n++ % 250) + 1}`;
  const newUser = () =>
    signUp(t.app, { email: `snap${n}-${Date.now()}@example.com`, remoteAddress: address() });
  /** A proof sent for CARD, without a reference: a claim of its own, or the pending one's new proof. */
  const sendProof = async (token: string) => {
    const { body, contentType } = proofBody({ card_id: CARD, customer_type: 'ntb' });
    const res = await t.app.inject({
      method: 'POST',
      url: URL_PATH,
      remoteAddress: address(),
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json().application_reference as string;
  };
  const list = async (token: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/cashback-claims',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ card_id: string; card_name: string | null; bank_name: string | null }>;
  };
  const claimRow = async (reference: string) =>
    (
      await t.database.db
        .select()
        .from(cashbackClaims)
        .where(eq(cashbackClaims.application_reference, reference))
    )[0];
  const asFiledBefore = (reference: string) =>
    t.database.db
      .update(cashbackClaims)
      .set({ card_name: null, bank_name: null })
      .where(eq(cashbackClaims.application_reference, reference));

  it('keeps the name and bank of a card that has since left the catalogue', async () => {
    const u = await newUser();
    const reference = await sendProof(u.access);
    expect(await claimRow(reference)).toMatchObject({ card_name: CARD_NAME, bank_name: 'HDFC Bank' });
    await t.database.db.update(cards).set({ is_active: false }).where(eq(cards.id, CARD));
    expect(await list(u.access)).toEqual([
      expect.objectContaining({ card_id: CARD, card_name: CARD_NAME, bank_name: 'HDFC Bank' }),
    ]);
  });

  it('keeps the name it was filed under when the catalogue renames the card, a new proof too', async () => {
    const u = await newUser();
    const reference = await sendProof(u.access);
    await t.database.db
      .update(cards)
      .set({ name: 'Swiggy HDFC Bank Credit Card (2027)' })
      .where(eq(cards.id, CARD));
    expect((await list(u.access))[0]?.card_name).toBe(CARD_NAME);
    // The claim under review gets a new proof: still the claim it was.
    expect(await sendProof(u.access)).toBe(reference);
    expect(await claimRow(reference)).toMatchObject({ card_name: CARD_NAME });
  });

  it('names a claim filed before snapshots by the catalogue, and by none once its card is gone', async () => {
    const u = await newUser();
    const reference = await sendProof(u.access);
    await asFiledBefore(reference);
    expect(await list(u.access)).toEqual([
      expect.objectContaining({ card_id: CARD, card_name: CARD_NAME, bank_name: 'HDFC Bank' }),
    ]);
    await t.database.db.update(cards).set({ is_active: false }).where(eq(cards.id, CARD));
    expect(await list(u.access)).toEqual([
      expect.objectContaining({ card_id: CARD, card_name: null, bank_name: null }),
    ]);
  });

  it('gives a claim filed before snapshots the card it names when its proof is sent again', async () => {
    const u = await newUser();
    const reference = await sendProof(u.access);
    await asFiledBefore(reference);
    expect(await sendProof(u.access)).toBe(reference);
    expect(await claimRow(reference)).toMatchObject({ card_name: CARD_NAME, bank_name: 'HDFC Bank' });
  });
});
