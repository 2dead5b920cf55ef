import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fetchCards, fetchCategories } from '../features/cards/cards-api.ts';
import { fetchTenantConfig } from '../features/tenant/tenant-api.ts';
import {
  apiRequest,
  apiRequestUnchecked,
  buildUrl,
  isRecord,
  setClientTenant,
  setUnauthorizedHandler,
} from './api-client.ts';
import { ApiError, messageFromBody, NETWORK_ERROR_MESSAGE, PARSE_ERROR_MESSAGE } from './api-errors.ts';

const ok = z.object({ ok: z.boolean() });

function respond(status: number, body: string, statusText = '') {
  return new Response(body, { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  setClientTenant({ slug: null, source: null, local: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
  setClientTenant(null);
});

describe('error catalogue (spec §8)', () => {
  it('maps a network failure to Network Error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(apiRequest('cards/', ok));
    expect(error.title).toBe('Network Error');
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.message).toBe(
      'Unable to connect to the server. Please check your internet connection and try again.',
    );
    expect(error.status).toBeNull();
  });

  it('titles a non-OK answer "Error {status}" with the detail', async () => {
    fetchMock.mockResolvedValue(
      respond(404, JSON.stringify({ detail: "No card with id 'x'.", code: 'not_found' })),
    );
    const error = await failure(apiRequest('cards/x/', ok));
    expect(error.title).toBe('Error 404');
    expect(error.message).toBe("No card with id 'x'.");
    expect(error.status).toBe(404);
  });

  it('takes the message from detail, message, error, errors, then the body text', () => {
    expect(messageFromBody(JSON.stringify({ message: 'm', error: 'e' }), '')).toBe('m');
    expect(messageFromBody(JSON.stringify({ error: 'e', errors: ['x'] }), '')).toBe('e');
    expect(
      messageFromBody(JSON.stringify({ errors: [{ path: 'fee_min', message: 'must be a number' }] }), ''),
    ).toBe('fee_min: must be a number');
    expect(messageFromBody(JSON.stringify({ errors: { email: ['Enter a valid email.'] } }), '')).toBe(
      'email: Enter a valid email.',
    );
    expect(messageFromBody('Service temporarily down', 'Bad Gateway')).toBe('Service temporarily down');
    expect(messageFromBody('<html>502</html>', 'Bad Gateway')).toBe('Bad Gateway');
    expect(messageFromBody('', '')).toBe('The request failed.');
  });

  it('reports invalid JSON as "Failed to parse JSON response."', async () => {
    fetchMock.mockResolvedValue(respond(200, '{not json'));
    const error = await failure(apiRequest('cards/', ok));
    expect(error.message).toBe(PARSE_ERROR_MESSAGE);
    expect(error.message).toBe('Failed to parse JSON response.');
  });

  it('reports a JSON answer of the wrong shape the same way (and logs the details)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(respond(200, '{"ok":"yes"}'));
    expect((await failure(apiRequest('cards/', ok))).message).toBe(PARSE_ERROR_MESSAGE);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('first-paint answers without zod (structural checks)', () => {
  it('passes an answer of the right shape through untouched', async () => {
    fetchMock.mockResolvedValue(respond(200, '{"ok":true}'));
    await expect(apiRequestUnchecked('health', (d) => isRecord(d) && d.ok === true)).resolves.toEqual({
      ok: true,
    });
  });

  it('reports an answer of the wrong shape as a parse error, like a schema mismatch', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(async () => respond(200, '{"detail":"not what you expected"}'));
    expect((await failure(fetchCards({ page: 1 }))).message).toBe(PARSE_ERROR_MESSAGE);
    expect((await failure(fetchTenantConfig())).message).toBe(PARSE_ERROR_MESSAGE);
    expect((await failure(fetchCategories())).message).toBe(PARSE_ERROR_MESSAGE);
    log.mockRestore();
  });

  it('reads the categories answer as a list or as {results}', async () => {
    const tree = [{ id: '1', slug: 'online', name: 'Online', level: 0, children: [] }];
    fetchMock.mockResolvedValueOnce(respond(200, JSON.stringify(tree)));
    await expect(fetchCategories()).resolves.toEqual(tree);
    fetchMock.mockResolvedValueOnce(respond(200, JSON.stringify({ results: tree })));
    await expect(fetchCategories()).resolves.toEqual(tree);
  });
});

describe('requests (spec §7)', () => {
  it('sends Accept JSON, the tenant header and the stored bearer token', async () => {
    setClientTenant({ slug: 'acme', source: 'subdomain', local: true });
    localStorage.setItem('accessToken', 'tok123');
    fetchMock.mockResolvedValue(respond(200, '{"ok":true}'));
    await expect(apiRequest('tenant/', ok)).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/tenant/');
    const headers = new Headers(init.headers);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('X-Tenant')).toBe('acme');
    expect(headers.get('Authorization')).toBe('Bearer tok123');
  });

  it('sends no tenant or auth header when there is none', async () => {
    fetchMock.mockResolvedValue(respond(200, '{"ok":true}'));
    await apiRequest('health', ok);
    const headers = new Headers((fetchMock.mock.calls[0] as [string, RequestInit])[1].headers);
    expect(headers.has('X-Tenant')).toBe(false);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('prefixes the tenant outside local hosts', () => {
    setClientTenant({ slug: 'acme', source: 'subdomain', local: false });
    expect(buildUrl('cards/', { tag: 'featured', page: 2, search: '' })).toBe(
      '/t/acme/api/cards/?tag=featured&page=2',
    );
    setClientTenant({ slug: null, source: null, local: false });
    expect(buildUrl('cards/')).toBe('/api/cards/');
  });

  it('shares one request between identical GETs in flight', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((r) => (release = r)));
    const a = apiRequest('cards/', ok);
    const b = apiRequest('cards/', ok);
    release(respond(200, '{"ok":true}'));
    await expect(Promise.all([a, b])).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('on 401 asks the unauthorized handler and retries once when it renewed the session', async () => {
    fetchMock
      .mockResolvedValueOnce(respond(401, '{"detail":"expired"}'))
      .mockResolvedValueOnce(respond(200, '{"ok":true}'));
    const handler = vi.fn(async () => true);
    setUnauthorizedHandler(handler);
    await expect(apiRequest('accounts/profile', ok)).resolves.toEqual({ ok: true });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fails with the 401 when the handler could not renew', async () => {
    fetchMock.mockResolvedValue(respond(401, '{"detail":"expired"}'));
    setUnauthorizedHandler(async () => false);
    const error = await failure(apiRequest('accounts/profile', ok));
    expect(error.title).toBe('Error 401');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
