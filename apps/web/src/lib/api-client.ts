import type { z } from 'zod';
import { ApiError, httpError, networkError, parseError } from './api-errors.ts';
import { readStorage, STORAGE_KEYS, sessionKey } from './storage.ts';
import { apiBaseFor, type PageTenant, pageTenant } from './tenant.ts';

/**
 * The one way the web app talks to the API (spec §7): base `/api` (tenant-prefixed
 * outside local hosts), Accept JSON, the tenant header, a bearer token when one is
 * stored, and every failure mapped to the error catalogue (spec §8).
 */

export type QueryValue = string | number | boolean | null | undefined | readonly string[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A JSON-serialisable value, or FormData for multipart uploads. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * Called on a 401 answer. Resolve true when the session was renewed (the request is
 * then retried once), false to let the 401 fail. The accounts issue installs the
 * refresh-token handler here (spec §8 "401 with a refresh token stored").
 */
export type UnauthorizedHandler = (failed: { path: string; status: 401 }) => Promise<boolean>;

let unauthorizedHandler: UnauthorizedHandler | null = null;

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export function getUnauthorizedHandler(): UnauthorizedHandler | null {
  return unauthorizedHandler;
}

let tenantOverride: PageTenant | null = null;

/** For tests: pretend the page is on another host/tenant. */
export function setClientTenant(tenant: PageTenant | null): void {
  tenantOverride = tenant;
}

function currentTenant(): PageTenant {
  return tenantOverride ?? pageTenant();
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = apiBaseFor(currentTenant());
  const clean = path.replace(/^\/+/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, item);
    } else {
      params.set(key, String(value));
    }
  }
  const search = params.toString();
  return `${base}/${clean}${search ? `?${search}` : ''}`;
}

export function requestHeaders(body?: unknown): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const tenant = currentTenant().slug;
  if (tenant) headers.set('X-Tenant', tenant);
  const token = readStorage(sessionKey(STORAGE_KEYS.accessToken));
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // FormData sets its own multipart boundary; everything else is JSON.
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  return headers;
}

function withHeaders(headers: Headers, extra: Record<string, string> | undefined): Headers {
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

async function send(url: string, options: RequestOptions): Promise<Response> {
  const { body } = options;
  try {
    return await fetch(url, {
      method: options.method ?? 'GET',
      headers: withHeaders(requestHeaders(body), options.headers),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (cause) {
    // An abort is the caller's choice, not a network failure: let it through untouched.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError();
  }
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw networkError();
  }
  if (!text.trim()) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw parseError(response.status);
  }
}

async function requestRaw(path: string, options: RequestOptions): Promise<unknown> {
  const url = buildUrl(path, options.query);
  let response = await send(url, options);
  if (response.status === 401 && unauthorizedHandler) {
    // One renewal attempt, one retry: a second 401 is final (spec §8).
    const renewed = await unauthorizedHandler({ path, status: 401 });
    if (renewed) response = await send(url, options);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw httpError(response.status, response.statusText, text);
  }
  return readJson(response);
}

/**
 * A raw answer (files, blobs): same headers, 401 renewal and error mapping as apiRequest,
 * without JSON parsing. Spec §7 "Fetch file": no-cache.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const url = buildUrl(path, options.query);
  const opts = {
    ...options,
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache', ...options.headers },
  };
  let response = await send(url, opts);
  if (response.status === 401 && unauthorizedHandler) {
    const renewed = await unauthorizedHandler({ path, status: 401 });
    if (renewed) response = await send(url, opts);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw httpError(response.status, response.statusText, text);
  }
  return response;
}

/** Identical GETs in flight share one request (spec §7), also outside TanStack Query. */
const inFlight = new Map<string, Promise<unknown>>();

function dedupedGet(path: string, options: RequestOptions): Promise<unknown> {
  const key = `${buildUrl(path, options.query)} ${readStorage(sessionKey(STORAGE_KEYS.accessToken)) ?? ''}`;
  const pending = inFlight.get(key);
  if (pending) return pending;
  // The shared request ignores any one caller's abort signal: others still wait on it.
  const promise = requestRaw(path, { ...options, signal: undefined }).finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

/**
 * Request `path` and trust the answer's shape after a cheap structural `check` (a failed
 * check is the same parse error as a schema mismatch). For our own server's answers on the
 * first-paint path (tenant config, card lists): validating those is not a security
 * boundary, and zod plus the contracts' schemas cost ~300 ms of main thread on a mid-range
 * phone (module evaluation and parsing). Forms and other pages keep `apiRequest`.
 */
export async function apiRequestUnchecked<T>(
  path: string,
  check: (data: unknown) => boolean,
  options: RequestOptions = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const data = method === 'GET' ? await dedupedGet(path, options) : await requestRaw(path, options);
  if (!check(data)) {
    console.error(`Unexpected answer from ${method} ${path}`);
    throw parseError(200);
  }
  return data as T;
}

/** A JSON object (not null, not an array): the start of most structural checks. */
export function isRecord(data: unknown): data is Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

/** Request `path` under the API base and validate the answer with `schema`. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const method = options.method ?? 'GET';
  const data = method === 'GET' ? await dedupedGet(path, options) : await requestRaw(path, options);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    // The answer is JSON but not the promised shape: same user message, details for developers.
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
    throw parseError(200);
  }
  return parsed.data;
}

export { ApiError };
