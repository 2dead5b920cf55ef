import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, setClientTenant } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { readSession } from '../../lib/session.ts';
import { login } from './accounts-api.ts';
import { installSessionRefresh, SESSION_ERROR, SESSION_EXPIRED } from './session-refresh.ts';
import { saveSession } from './session-store.ts';

const toastError = vi.fn();
vi.mock('sonner', () => ({
  toast: Object.assign(vi.fn(), { error: (...a: unknown[]) => toastError(...a) }),
}));

const ok = z.object({ ok: z.boolean() });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let signedOut: ReturnType<typeof vi.fn<() => void>>;
let uninstall: () => void;

function calls(): { url: string; auth: string | null; body: unknown }[] {
  return (fetchMock.mock.calls as [string, RequestInit][]).map(([url, init]) => ({
    url,
    auth: new Headers(init.headers).get('Authorization'),
    body: init.body ? JSON.parse(String(init.body)) : undefined,
  }));
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  toastError.mockReset();
  setClientTenant({ slug: null, source: null, local: true });
  navigate = vi.fn<(to: string) => void>();
  signedOut = vi.fn<() => void>();
  saveSession({
    access: 'old-access',
    refresh: 'old-refresh',
    user_id: 'u1',
    email: 'a@b.in',
    name: 'Asha Rao',
  });
  uninstall = installSessionRefresh({ navigate, onSignedOut: signedOut });
});

afterEach(() => {
  uninstall();
  vi.unstubAllGlobals();
  setClientTenant(null);
});

/**
 * Web Locks as a tab sees them while another tab holds the renewal lock until `released`:
 * `ifAvailable` gets no lock, a plain request waits for it. `waiting` is told each wait.
 */
function heldByAnotherTab(released: Promise<void>, waiting: (name: string) => void) {
  type Callback = (lock: { name: string } | null) => Promise<unknown>;
  return {
    request: async (name: string, options: Callback | { ifAvailable?: boolean }, callback?: Callback) => {
      const granted = typeof options === 'function' ? options : (callback as Callback);
      if (typeof options !== 'function' && options.ifAvailable) return granted(null);
      waiting(name);
      await released;
      return granted({ name });
    },
  };
}

describe('401 → refresh → retry once (spec §8)', () => {
  it('renews with the stored refresh token, stores the rotated pair and retries the request', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { detail: 'Given token not valid for any token type' }))
      .mockResolvedValueOnce(json(200, { access: 'new-access', refresh: 'new-refresh' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    await expect(apiRequest('accounts/profile/', ok)).resolves.toEqual({ ok: true });
    const [first, refresh, retry] = calls();
    expect(first!.auth).toBe('Bearer old-access');
    expect(refresh!.url).toBe('/api/accounts/token/refresh/');
    expect(refresh!.body).toEqual({ refresh: 'old-refresh' });
    expect(refresh!.auth).toBeNull();
    expect(retry!.auth).toBe('Bearer new-access');
    expect(localStorage.getItem('accessToken')).toBe('new-access');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s (a second exchange would look like theft)', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementation((url: string, init: RequestInit) => {
      if (url.includes('token/refresh')) return new Promise<Response>((r) => (release = r));
      const auth = new Headers(init.headers).get('Authorization');
      return Promise.resolve(auth === 'Bearer new-access' ? json(200, { ok: true }) : json(401, {}));
    });
    const a = apiRequest('accounts/a/', ok);
    const b = apiRequest('accounts/b/', ok);
    await vi.waitFor(() => expect(calls().filter((c) => c.url.includes('token/refresh'))).toHaveLength(1));
    release(json(200, { access: 'new-access', refresh: 'new-refresh' }));
    await expect(Promise.all([a, b])).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(calls().filter((c) => c.url.includes('token/refresh'))).toHaveLength(1);
  });

  it('across tabs: waits for the Web Lock, then uses the pair another tab stored meanwhile', async () => {
    // A Web Lock held by "another tab", which renews while this one waits.
    let unlock: () => void = () => {};
    const held = new Promise<void>((r) => (unlock = r));
    const requested: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: heldByAnotherTab(held, (name) => requested.push(name)),
    });
    fetchMock.mockImplementation((_url: string, init: RequestInit) => {
      const auth = new Headers(init.headers).get('Authorization');
      return Promise.resolve(auth === 'Bearer other-tab-access' ? json(200, { ok: true }) : json(401, {}));
    });
    const call = apiRequest('accounts/profile/', ok);
    await vi.waitFor(() => expect(requested).toEqual(['cardwise:token-refresh:refreshToken']));
    localStorage.setItem('accessToken', 'other-tab-access');
    localStorage.setItem('refreshToken', 'other-tab-refresh');
    unlock();
    await expect(call).resolves.toEqual({ ok: true });
    // No exchange of its own: the old refresh token was spent by the other tab.
    expect(calls().filter((c) => c.url.includes('token/refresh'))).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('across tabs: a session another tab ended while this one waited is over here too', async () => {
    let unlock: () => void = () => {};
    const held = new Promise<void>((r) => (unlock = r));
    let waiting = false;
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: heldByAnotherTab(held, () => {
        waiting = true;
      }),
    });
    fetchMock.mockResolvedValue(json(401, {}));
    const call = apiRequest('accounts/profile/', ok);
    await vi.waitFor(() => expect(waiting).toBe(true));
    localStorage.removeItem('refreshToken');
    unlock();
    await expect(call).rejects.toMatchObject({ status: 401, title: SESSION_EXPIRED.title });
    expect(calls().filter((c) => c.url.includes('token/refresh'))).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('retries only once: a second 401 is final', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, {}))
      .mockResolvedValueOnce(json(200, { access: 'new-access', refresh: 'new-refresh' }))
      .mockResolvedValueOnce(json(401, { detail: 'still no' }));
    await expect(apiRequest('accounts/profile/', ok)).rejects.toMatchObject({
      status: 401,
      message: 'still no',
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('on a refused refresh: clears the session, says Session Expired and goes to /login', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, {}))
      .mockResolvedValueOnce(json(401, { detail: 'Token is invalid or expired' }));
    const error = await apiRequest('accounts/profile/', ok).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      title: 'Session Expired',
      message: 'Your session has expired. Please log in again.',
    });
    expect(toastError).toHaveBeenCalledWith(
      SESSION_EXPIRED.title,
      expect.objectContaining({ description: SESSION_EXPIRED.message }),
    );
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(signedOut).toHaveBeenCalled();
    expect(readSession()).toBeNull();
    for (const key of ['user', 'accessToken', 'refreshToken']) expect(localStorage.getItem(key)).toBeNull();
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a server error', () => Promise.resolve(json(500, { detail: 'boom' }))],
    ['an answer without an access token', () => Promise.resolve(json(200, { refresh: 'x' }))],
  ])('on %s while refreshing: Session Error', async (_label, refreshAnswer) => {
    fetchMock.mockResolvedValueOnce(json(401, {})).mockImplementation(refreshAnswer);
    const error = await apiRequest('accounts/profile/', ok).catch((e: unknown) => e);
    expect(error).toMatchObject({ title: SESSION_ERROR.title, message: SESSION_ERROR.message });
    expect(toastError).toHaveBeenCalledWith(
      'Session Error',
      expect.objectContaining({
        description: 'An error occurred while refreshing your session. Please log in again.',
      }),
    );
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(readSession()).toBeNull();
  });

  it.each([
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
    ["a gateway's 502", () => Promise.resolve(json(502, { detail: 'Bad Gateway' }))],
  ])('repeats an exchange that got %s once, and renews with its answer', async (_label, lost) => {
    fetchMock
      .mockResolvedValueOnce(json(401, {}))
      .mockImplementationOnce(lost)
      .mockResolvedValueOnce(json(200, { access: 'A2', refresh: 'R2' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    await expect(apiRequest('accounts/profile/', ok)).resolves.toEqual({ ok: true });
    const exchanges = calls().filter((c) => c.url.includes('token/refresh'));
    // The same spent token both times: the server repeats its answer within its grace period.
    expect(exchanges.map((c) => c.body)).toEqual([{ refresh: 'old-refresh' }, { refresh: 'old-refresh' }]);
    expect(localStorage.getItem('refreshToken')).toBe('R2');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('does not refresh without a stored refresh token, nor for the sign-in calls', async () => {
    localStorage.removeItem('refreshToken');
    fetchMock.mockImplementation(() => Promise.resolve(json(401, { detail: 'nope' })));
    await expect(apiRequest('accounts/profile/', ok)).rejects.toMatchObject({ status: 401 });
    localStorage.setItem('refreshToken', 'r');
    await expect(
      apiRequest('accounts/login/', ok, { method: 'POST', body: { email: 'a@b.in', password: 'x' } }),
    ).rejects.toMatchObject({ status: 401, message: 'nope' });
    expect(calls().some((c) => c.url.includes('token/refresh'))).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('session storage (spec §4, §5)', () => {
  it('restores a session only when a user record and an access token both exist', () => {
    expect(readSession()).toMatchObject({ id: 'u1', name: 'Asha Rao' });
    localStorage.removeItem('accessToken');
    expect(readSession()).toBeNull();
    localStorage.setItem('accessToken', 'a');
    localStorage.removeItem('user');
    expect(readSession()).toBeNull();
  });

  it('tidies a half session away at start-up', () => {
    localStorage.removeItem('user');
    uninstall();
    uninstall = installSessionRefresh({ navigate, onSignedOut: signedOut });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('stores id, email, name, ownedCards, following, access and refresh on login', async () => {
    localStorage.clear();
    fetchMock.mockResolvedValueOnce(
      json(200, { access: 'A', refresh: 'R', user_id: 'u9', email: 'k@n.in', name: 'Kavya Nair' }),
    );
    await login({ email: 'k@n.in', password: 'Correct-Horse-9' });
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({
      id: 'u9',
      email: 'k@n.in',
      name: 'Kavya Nair',
      ownedCards: [],
      following: [],
    });
    expect(localStorage.getItem('accessToken')).toBe('A');
    expect(localStorage.getItem('refreshToken')).toBe('R');
  });

  it("rejects a login answer without an access token: 'Invalid response from server'", async () => {
    localStorage.clear();
    fetchMock.mockResolvedValueOnce(json(200, { refresh: 'R', user_id: 'u9' }));
    await expect(login({ email: 'k@n.in', password: 'Correct-Horse-9' })).rejects.toMatchObject({
      message: 'Invalid response from server',
    });
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});
