/** A call to the real server's API, as the journeys set up their state with it. */
export interface ApiRequest {
  /** GET without a body, POST with one. */
  method?: string;
  /** An access token, sent as a bearer token. */
  token?: string;
  /** Sent as JSON, except FormData, which fetch sends as multipart (the KYC uploads). */
  body?: unknown;
}

export interface ApiOptions extends ApiRequest {
  /** The one status that counts as success; any 2xx without it. */
  expectStatus?: number;
}

export interface ApiResponse<T> {
  status: number;
  /** The answer parsed as JSON; null when the server sent no body. */
  body: T;
}

/**
 * Calls `/api/<path>` of the server at `baseUrl` and returns its status and parsed answer,
 * whatever the status: for a test that asserts the status itself.
 */
export async function apiResponse<T = unknown>(
  baseUrl: string,
  path: string,
  request: ApiRequest = {},
): Promise<ApiResponse<T>> {
  const { status, text, method } = await send(baseUrl, path, request);
  try {
    return { status, body: (text ? JSON.parse(text) : null) as T };
  } catch {
    throw new Error(`${method} /api/${path} answered ${status} with no JSON: ${text}`);
  }
}

/**
 * Calls `/api/<path>` of the server at `baseUrl` and returns its parsed answer. Any other
 * status than the expected one throws with the server's answer, so a journey whose setup
 * failed says why rather than failing later on a page that lacks the state.
 */
export async function api<T = unknown>(baseUrl: string, path: string, options: ApiOptions = {}): Promise<T> {
  const { status, text, method } = await send(baseUrl, path, options);
  const expected =
    options.expectStatus === undefined ? status >= 200 && status < 300 : status === options.expectStatus;
  if (!expected) throw new Error(`${method} /api/${path} answered ${status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function send(
  baseUrl: string,
  path: string,
  { method, token, body }: ApiRequest,
): Promise<{ status: number; text: string; method: string }> {
  const verb = method ?? (body === undefined ? 'GET' : 'POST');
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: verb,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  return { status: res.status, text: await res.text(), method: verb };
}
