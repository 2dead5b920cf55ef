import { describe, expect, it } from 'vitest';
import { DB_KINDS, MINI_CATALOG, useTestApp } from './support/test-app.ts';

interface Node {
  id: string;
  slug: string;
  name: string;
  children: Node[];
}
interface Card {
  id: string;
  rules: { conditions: Record<string, string[]>; rate?: number; excluded?: boolean; cap_groups?: string[] }[];
}
const mini = MINI_CATALOG as { categories: Node[]; cards: Card[] };

const leaf = (id: string, slug: string, name: string, children: Node[] = []): Node => ({
  id,
  slug,
  name,
  children,
});

/**
 * The mini catalogue with the payment-app branches of the demo taxonomy (UPI apps, a bill-payment
 * app, wallets) and cards that reward them: SBI (not a partner bank of paisapal) on UPI, Axis on
 * Amazon Pay, and the HDFC Swiggy card excluding wallet loads.
 */
function paymentAppsCatalog() {
  const online = mini.categories.find((n) => n.id === 'online')!;
  const withApps: Node = {
    ...online,
    children: [
      ...online.children,
      leaf('online.bill_payment_app', 'bill_payment_app', 'Bill payments - app', [
        leaf('online.bill_payment_app.amazon_pay', 'amazon_pay', 'Amazon Pay (bills & recharges)', [
          leaf('online.bill_payment_app.amazon_pay.utilities', 'utilities', 'Utilities'),
          leaf('online.bill_payment_app.amazon_pay.telecom', 'telecom', 'Telecom'),
        ]),
      ]),
      leaf('online.wallet_loads', 'wallet_loads', 'Wallet loads', [
        leaf('online.wallet_loads.wallets', 'wallets', 'Paytm wallet / Amazon Pay balance', [
          leaf('online.wallet_loads.wallets.wallet', 'wallet', 'Wallet & prepaid'),
        ]),
      ]),
      leaf('online.upi', 'upi', 'UPI (credit on UPI, RuPay)', [
        leaf('online.upi.upi_apps', 'upi_apps', 'UPI apps: PhonePe / Google Pay', [
          leaf('online.upi.upi_apps.upi', 'upi', 'UPI payments'),
        ]),
      ]),
    ],
  };
  const cards = mini.cards.map((c) => {
    if (c.id === 'sbi_cashback')
      return {
        ...c,
        // No affiliate deal: applied for at the bank's own page.
        apply_url: 'https://www.sbicard.com/en/personal/credit-cards/rewards/cashback-sbi-card.page',
        affiliated_url: null,
        rules: [...c.rules, { conditions: { category: ['upi'] }, rate: 0.01, cap_groups: [] }],
      };
    if (c.id === 'axis_premium')
      // The bank's site takes no application for it, though the catalogue knows its page.
      return {
        ...c,
        apply_url: 'https://www.axisbank.com/retail/cards/credit-card/axis-atlas',
        affiliated_url: false,
      };
    if (c.id === 'axis_ace')
      return {
        ...c,
        bank_page_url: 'https://www.axisbank.com/retail/cards/credit-card/axis-bank-ace-credit-card',
        rules: [...c.rules, { conditions: { platform_name: ['amazon_pay'] }, rate: 0.05, cap_groups: [] }],
      };
    if (c.id === 'hdfc_swiggy')
      return { ...c, rules: [...c.rules, { conditions: { category: ['wallet'] }, excluded: true }] };
    return c;
  });
  return {
    ...(MINI_CATALOG as object),
    categories: mini.categories.map((n) => (n.id === 'online' ? withApps : n)),
    cards,
  };
}

describe.each(DB_KINDS)('GET cards/apply/{id}/ and cards/payment-apps on %s', (kind) => {
  const t = useTestApp(kind, { catalog: paymentAppsCatalog() });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('cards/apply/{id}/', () => {
    it('a card of the complete-journey bank with a bank link: both ways, fees, the wizard path', async () => {
      const res = await get('/api/cards/apply/hdfc_swiggy/');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        card_id: 'hdfc_swiggy',
        name: 'Swiggy HDFC Bank Credit Card',
        bank: 'hdfc',
        bank_name: 'HDFC Bank',
        issuer_name: expect.any(String),
        image_url: null,
        fee: 500,
        annual_fee: 500,
        fee_frequency: 'YEARLY',
        joining_fee: 500,
        can_apply: true,
        in_product: true,
        in_product_path: '/cards/apply/hdfc/hdfc_swiggy',
        bank_url: expect.stringMatching(/^https:\/\/www\.hdfcbank\.com\//),
        bank_page_url: null,
      });
      // Without the trailing slash, and with a query the client adds, the same answer.
      expect((await get('/api/cards/apply/hdfc_swiggy?from=home')).json()).toEqual(res.json());
    });

    it('a card of another bank without a link cannot be applied for; one of the HDFC journey only in-product', async () => {
      expect((await get('/api/cards/apply/axis_ace/')).json()).toMatchObject({
        card_id: 'axis_ace',
        can_apply: false,
        in_product: false,
        in_product_path: null,
        bank_url: null,
        // Nothing to apply through, but the bank's page for the card is still known.
        bank_page_url: 'https://www.axisbank.com/retail/cards/credit-card/axis-bank-ace-credit-card',
      });
      expect((await get('/api/cards/apply/hdfc_ltf/')).json()).toMatchObject({
        can_apply: true,
        in_product: true,
        bank_url: null,
      });
    });

    it('a card with no affiliate link (null) is applied for at its apply URL; false vetoes that URL', async () => {
      expect((await get('/api/cards/sbi_cashback')).json().affiliated_url).toBeNull();
      expect((await get('/api/cards/apply/sbi_cashback/')).json()).toMatchObject({
        can_apply: true,
        in_product: false,
        bank_url: 'https://www.sbicard.com/en/personal/credit-cards/rewards/cashback-sbi-card.page',
      });
      expect((await get('/api/cards/axis_premium')).json().affiliated_url).toBe(false);
      expect((await get('/api/cards/apply/axis_premium/')).json()).toMatchObject({
        can_apply: false,
        bank_url: null,
      });
    });

    it('a partner tenant answers only for the cards of its banks', async () => {
      expect((await get('/api/cards/apply/sbi_cashback/')).statusCode).toBe(200);
      for (const headers of [{ 'x-tenant': 'paisapal' }, { host: 'paisapal.localhost' }] as Record<
        string,
        string
      >[]) {
        const res = await get('/api/cards/apply/sbi_cashback/', headers);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          detail: 'Cashback SBI Card is not offered on this site.',
          code: 'not_offered',
        });
      }
      const partner = await get('/t/paisapal/api/cards/apply/axis_ace/');
      expect(partner.statusCode).toBe(200);
      expect(partner.json().card_id).toBe('axis_ace');
    });

    it('an unknown card is 404, a malformed id 400 with detail', async () => {
      const unknown = await get('/api/cards/apply/no_such_card/');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().detail).toBe("No card with id 'no_such_card'.");
      for (const id of ['HDFC-Swiggy', 'a%20b', "x'%3B--", '_x', 'a'.repeat(81)]) {
        const res = await get(`/api/cards/apply/${id}/`);
        expect(res.statusCode, id).toBe(400);
        expect(res.json().detail, id).toMatch(/must be a card id/);
      }
    });

    it('another method is 405 with Allow', async () => {
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url: '/api/cards/apply/hdfc_swiggy/', payload: {} });
        expect(res.statusCode, method).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
      }
    });
  });

  describe('cards/payment-apps', () => {
    it('lists the taxonomy’s payment apps with the cascade above them and the cards rewarding them', async () => {
      const res = await get('/api/cards/payment-apps');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        results: [
          {
            id: 'online.upi.upi_apps',
            slug: 'upi_apps',
            name: 'UPI apps: PhonePe / Google Pay',
            kind: 'upi',
            mode: { id: 'online', slug: 'online', name: 'Online' },
            platform_type: { id: 'online.upi', slug: 'upi', name: 'UPI (credit on UPI, RuPay)' },
            card_ids: ['sbi_cashback'],
          },
          {
            id: 'online.bill_payment_app.amazon_pay',
            slug: 'amazon_pay',
            name: 'Amazon Pay (bills & recharges)',
            kind: 'bill_payment_app',
            mode: { id: 'online', slug: 'online', name: 'Online' },
            platform_type: {
              id: 'online.bill_payment_app',
              slug: 'bill_payment_app',
              name: 'Bill payments - app',
            },
            card_ids: ['axis_ace'],
          },
          {
            id: 'online.wallet_loads.wallets',
            slug: 'wallets',
            name: 'Paytm wallet / Amazon Pay balance',
            kind: 'wallet_loads',
            mode: { id: 'online', slug: 'online', name: 'Online' },
            platform_type: { id: 'online.wallet_loads', slug: 'wallet_loads', name: 'Wallet loads' },
            // HDFC Swiggy excludes wallet loads: no card rewards them.
            card_ids: [],
          },
        ],
      });
      // The ids are the spending form's: the cards filter finds the same cards by slug.
      const upiCards = (await get('/api/cards?no_pagination=true&category=upi')).json();
      expect(upiCards.map((c: { id: string }) => c.id)).toEqual(['sbi_cashback']);
    });

    it('a partner tenant sees only its own banks’ cards among those rewarding an app', async () => {
      const res = await get('/api/cards/payment-apps', { 'x-tenant': 'paisapal' });
      expect(res.statusCode).toBe(200);
      const bySlug = new Map(
        res.json().results.map((a: { slug: string; card_ids: string[] }) => [a.slug, a.card_ids]),
      );
      expect(bySlug.get('upi_apps')).toEqual([]);
      expect(bySlug.get('amazon_pay')).toEqual(['axis_ace']);
    });

    it('another method is 405 with Allow', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/cards/payment-apps', payload: {} });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect((await get('/api/cards/payment-apps/')).statusCode).toBe(200);
    });
  });
});
