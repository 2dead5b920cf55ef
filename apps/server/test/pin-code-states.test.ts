import {
  INDIA_STATES,
  PIN_CODE_MESSAGES,
  personalDetailsDraftSchema,
  pincodeSchema,
  pincodeStateProblem,
  profileUpdateSchema,
} from '@cardwise/contracts';
import { describe, expect, it } from 'vitest';

// Real addresses: each PIN code with its state (ADR 030). None may ever be refused.
const REAL: [string, string][] = [
  ['560001', 'Karnataka'],
  ['110001', 'Delhi'],
  ['400001', 'Maharashtra'],
  ['403001', 'Goa'],
  ['500001', 'Telangana'],
  ['520001', 'Andhra Pradesh'],
  ['600001', 'Tamil Nadu'],
  ['605001', 'Puducherry'],
  ['533464', 'Puducherry'],
  ['673310', 'Puducherry'],
  ['682001', 'Kerala'],
  ['682555', 'Lakshadweep'],
  ['700001', 'West Bengal'],
  ['737101', 'Sikkim'],
  ['744101', 'Andaman and Nicobar Islands'],
  ['781001', 'Assam'],
  ['793001', 'Meghalaya'],
  ['795001', 'Manipur'],
  ['796001', 'Mizoram'],
  ['797001', 'Nagaland'],
  ['799001', 'Tripura'],
  ['791111', 'Arunachal Pradesh'],
  ['800001', 'Bihar'],
  ['834001', 'Jharkhand'],
  ['160017', 'Chandigarh'],
  ['160062', 'Punjab'],
  ['134109', 'Haryana'],
  ['122001', 'Haryana'],
  ['141001', 'Punjab'],
  ['171001', 'Himachal Pradesh'],
  ['190001', 'Jammu and Kashmir'],
  ['194101', 'Ladakh'],
  ['248001', 'Uttarakhand'],
  ['226001', 'Uttar Pradesh'],
  ['302001', 'Rajasthan'],
  ['380001', 'Gujarat'],
  ['396210', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['396230', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['362520', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['462001', 'Madhya Pradesh'],
  ['492001', 'Chhattisgarh'],
  ['751001', 'Odisha'],
];

describe("a PIN code's state", () => {
  it('passes real PIN codes with their own state', () => {
    for (const [pin, state] of REAL)
      expect(pincodeStateProblem(pin, state), `${pin} ${state}`).toBeUndefined();
  });

  it('has at least one prefix for every state on the list', () => {
    for (const { state } of INDIA_STATES) {
      const some = Array.from({ length: 90 }, (_, i) => `${i + 10}0001`).some(
        (pin) => pincodeStateProblem(pin, state) === undefined && !pin.startsWith('9'),
      );
      expect(some, state).toBe(true);
    }
  });

  it('names the state a PIN code belongs to when another is chosen', () => {
    expect(pincodeStateProblem('110001', 'Karnataka')).toBe(
      'PIN code 110001 is in Delhi, not Karnataka. Check the PIN code or the state.',
    );
    expect(pincodeStateProblem('560001', 'Delhi')).toBe(
      'PIN code 560001 is in Karnataka, not Delhi. Check the PIN code or the state.',
    );
    expect(pincodeStateProblem('682001', 'West Bengal')).toBe(
      'PIN code 682001 is in Kerala, Lakshadweep or Puducherry, not West Bengal. Check the PIN code or the state.',
    );
    // The state as typed in any case is the list's state.
    expect(pincodeStateProblem('400001', ' tamil nadu')).toMatch(
      /^PIN code 400001 is in Maharashtra or Goa, not Tamil Nadu\./,
    );
  });

  it('accepts the Army Postal Service with any state, and judges only well-formed PIN codes', () => {
    expect(pincodeStateProblem('930001', 'Kerala')).toBeUndefined();
    expect(pincodeStateProblem('990001', 'Delhi')).toBeUndefined();
    expect(pincodeStateProblem('12345', 'Delhi')).toBeUndefined();
    expect(pincodeStateProblem('560001', 'Atlantis')).toBeUndefined();
    expect(pincodeStateProblem('560001')).toBeUndefined();
  });

  it('says a PIN code of an unused prefix is no Indian one, with or without a state', () => {
    for (const pin of [
      '100001',
      '290001',
      '350001',
      '540001',
      '550001',
      '650001',
      '660001',
      '860001',
      '890001',
    ])
      expect(pincodeStateProblem(pin), pin).toBe(PIN_CODE_MESSAGES.notIndian);
    expect(pincodeStateProblem('290001', 'Karnataka')).toBe(PIN_CODE_MESSAGES.notIndian);
    expect(pincodeSchema.safeParse('290001').error?.issues.map((i) => i.message)).toEqual([
      'This is not an Indian PIN code.',
    ]);
    // Already refused for its format: one message, not two.
    expect(pincodeSchema.safeParse('012345').error?.issues.map((i) => i.message)).toEqual([
      'Please enter a valid 6-digit PIN code',
    ]);
  });

  it("is one check in the application's personal section and the profile", () => {
    const draft = personalDetailsDraftSchema.safeParse({
      state: 'Karnataka',
      city: 'Bengaluru',
      pincode: '110001',
    });
    expect(draft.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['pincode', 'PIN code 110001 is in Delhi, not Karnataka. Check the PIN code or the state.'],
    ]);
    // Only where both are given: a draft's PIN code alone, or the state alone, is not judged against the other.
    expect(personalDetailsDraftSchema.safeParse({ pincode: '110001' }).success).toBe(true);
    expect(personalDetailsDraftSchema.safeParse({ state: 'Karnataka', city: 'Bengaluru' }).success).toBe(
      true,
    );
    expect(
      personalDetailsDraftSchema
        .safeParse({ state: 'Karnataka', city: 'Bengaluru', pincode: '290001' })
        .error?.issues.map((i) => i.message),
    ).toEqual(['This is not an Indian PIN code.']);

    expect(profileUpdateSchema.safeParse({ state: 'Kerala', pincode: '682001' }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ state: 'Kerala', pincode: '110001' }).error?.issues).toEqual([
      expect.objectContaining({
        path: ['pincode'],
        message: 'PIN code 110001 is in Delhi, not Kerala. Check the PIN code or the state.',
      }),
    ]);
    expect(profileUpdateSchema.safeParse({ pincode: '110001' }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ state: 'Kerala', pincode: null }).success).toBe(true);
  });
});
