import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, setClientTenant } from '../../lib/api-client.ts';
import { applicationFixture, cardDetailFixture, jsonResponse } from '../../test/fixtures.tsx';
import { installSessionRefresh } from '../accounts/session-refresh.ts';
import { dropHalfSession, saveSession } from '../accounts/session-store.ts';
import { rememberCard, rememberDocument, storeApplication } from './application-storage.ts';
import { keepUnsaved } from './unsaved-input.ts';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn() }) }));

const PAN = 'ABCPI1234K';
const APP = applicationFixture(
  { status: 'personal_details' },
  {
    personal_details: {
      full_name: 'Meera Iyer',
      date_of_birth: '1991-04-12',
      pan_number: PAN,
      address_line1: '14 Residency Road',
      mobile: '9876501234',
      email: 'meera@example.com',
    },
  },
);

const json = (status: number, body: unknown) => jsonResponse(body, status);

/** Everything the browser holds of the application, local and session storage alike. */
function leftInBrowser(): string {
  const all: string[] = [];
  for (const store of [localStorage, sessionStorage])
    for (const key of Object.keys(store)) all.push(`${key}=${store.getItem(key)}`);
  return all.join('\n');
}

function expectNoDraft() {
  const left = leftInBrowser();
  expect(left).not.toContain(PAN);
  expect(left).not.toContain('XYZPI9876Q');
  expect(left).not.toContain('1991-04-12');
  for (const key of ['application_draft', 'application_id', 'reference_id'])
    expect(localStorage.getItem(key)).toBeNull();
  expect(sessionStorage.getItem('application_state')).toBeNull();
  expect(sessionStorage.getItem('kyc_document_pan')).toBeNull();
  expect(sessionStorage.getItem('current_card')).toBeNull();
}

let uninstall: () => void = () => {};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setClientTenant({ slug: null, source: null, local: true });
  saveSession({ access: 'old-access', refresh: 'old-refresh', user_id: 'u1', email: 'meera@example.com' });
  storeApplication(APP, true);
  // The card being applied for, as the wizard keeps it.
  rememberCard(cardDetailFixture());
  rememberDocument('pan', {
    name: 'pan.jpg',
    size: 400,
    type: 'image/jpeg',
    preview: null,
    lastModified: 0,
    uploaded: false,
    timestamp: 0,
  });
  // Typed into the personal step and not saved yet, as the step keeps it for a reload.
  keepUnsaved(
    'personal_details',
    APP.reference_id,
    { panNumber: 'XYZPI9876Q', dateOfBirth: '1991-04-12' },
    {},
  );
  // Stored as the wizard stores it, personal section and all.
  expect(leftInBrowser()).toContain(PAN);
  expect(leftInBrowser()).toContain('XYZPI9876Q');
  expect(sessionStorage.getItem('application_state')).toContain(PAN);
  expect(sessionStorage.getItem('current_card')).not.toBeNull();
});

afterEach(() => {
  uninstall();
  vi.unstubAllGlobals();
  setClientTenant(null);
  localStorage.clear();
  sessionStorage.clear();
});

describe("the browser's copy of an application draft goes when the session ends, however it ends", () => {
  it('a session that expired (its renewal refused)', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(401, {}))
      .mockResolvedValueOnce(json(401, { detail: 'Token is invalid or expired' }));
    vi.stubGlobal('fetch', fetchMock);
    uninstall = installSessionRefresh({ navigate: () => {} });
    await apiRequest('accounts/profile/', z.unknown()).catch(() => {});
    expect(localStorage.getItem('accessToken')).toBeNull();
    expectNoDraft();
  });

  it('a session renewed keeps the draft', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json(401, {}))
        .mockResolvedValueOnce(json(200, { access: 'new-access', refresh: 'new-refresh' }))
        .mockResolvedValueOnce(json(200, {})),
    );
    uninstall = installSessionRefresh({ navigate: () => {} });
    await apiRequest('accounts/profile/', z.unknown());
    expect(localStorage.getItem('application_draft')).toContain(PAN);
    expect(sessionStorage.getItem('application_state')).toContain(PAN);
  });

  it('a half session tidied away at start-up', () => {
    localStorage.removeItem('accessToken');
    dropHalfSession();
    expectNoDraft();
  });

  it("a session ended in another tab takes this tab's own session-storage copy too", () => {
    // The other tab's clearSession: shared local storage, cleared there; a storage event here.
    for (const key of [
      'user',
      'accessToken',
      'refreshToken',
      'application_draft',
      'application_id',
      'reference_id',
    ])
      localStorage.removeItem(key);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'accessToken',
        oldValue: 'old-access',
        newValue: null,
        storageArea: localStorage,
      }),
    );
    expectNoDraft();
  });

  it("another tab's unrelated change leaves this tab's copy alone", () => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'cardwise:language', newValue: 'hi', storageArea: localStorage }),
    );
    expect(sessionStorage.getItem('application_state')).toContain(PAN);
  });
});

describe('a cashback reference still waiting for its proof goes when the session ends', () => {
  it('so the next person on the device is not offered it', async () => {
    const { readPendingClaim, savePendingClaim } = await import('../referrals/referrals-api.ts');
    const { clearSession } = await import('../../lib/session.ts');
    savePendingClaim('axis_atlas', { reference: 'CB-2026-W58Z8WPG', customer_type: 'NEW_TO_BANK' });
    savePendingClaim('sbi_cashback', { reference: 'CB-2026-AAAA2222', customer_type: 'EXISTING_TO_BANK' });
    localStorage.setItem('cardwise:language', 'hi');
    expect(readPendingClaim('axis_atlas')?.reference).toBe('CB-2026-W58Z8WPG');
    clearSession();
    expect(readPendingClaim('axis_atlas')).toBeNull();
    expect(readPendingClaim('sbi_cashback')).toBeNull();
    expect(leftInBrowser()).not.toContain('CB-2026-');
    // What is the browser's, not the session's, stays.
    expect(localStorage.getItem('cardwise:language')).toBe('hi');
  });
});
