import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.ts';

/** Raw bytes to the listening server; the whole answer as text. */
function rawRequest(port: number, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString('utf8');
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', (e) => (answer ? resolve(answer) : reject(e)));
    socket.write(bytes);
  });
}

// One listening app for the file: raw requests need the socket, the body-parser cases use inject.
let port = 0;
const t = useTestApp('pglite');
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

describe('raw HTTP requests to the listening server', () => {
  it.each([
    [
      'a raw non-ASCII byte in the URL',
      Buffer.from('GET /api/cards?search=\xe2 HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1'),
      400,
    ],
    [
      'two Content-Lengths',
      'POST /api/accounts/contact HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}',
      400,
    ],
    ['a NUL in a header', 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 400],
    // Node keeps the first; a proxy in front may have routed by the second, and the host names the tenant.
    [
      'two Host headers',
      'GET /api/tenant/ HTTP/1.1\r\nHost: localhost\r\nHost: paisapal.localhost\r\nConnection: close\r\n\r\n',
      400,
    ],
    [
      'two Host headers on a page (the host picks the brand there too)',
      'GET / HTTP/1.1\r\nHost: localhost\r\nHost: paisapal.localhost\r\nConnection: close\r\n\r\n',
      400,
    ],
    // Node's own refusal of this one had an empty body.
    ['an HTTP/1.1 request without a Host header', 'GET /api/tenant HTTP/1.1\r\n\r\n', 400],
    [
      'headers over the limit',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`,
      431,
    ],
    [
      'an Expect header other than 100-continue',
      'POST /api/accounts/logout HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      417,
    ],
    // Node closed the connection without an answer (no `connect` listener).
    ['a CONNECT request', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405],
  ])('%s: the given status with a JSON detail', async (_what, bytes, status) => {
    const answer = await rawRequest(port, bytes);
    expect(answer.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(typeof body.detail).toBe('string');
    expect(typeof body.code).toBe('string');
    // The server is still there.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it('a request target given as a full URL (absolute form) is the same API request: the tenant is resolved and the answer is not cached', async () => {
    // The router matches /api/tenant; the hooks must not read the raw target (they did: 500).
    const answer = await rawRequest(
      port,
      'GET http://elsewhere.example/api/tenant HTTP/1.1\r\nHost: x\r\nX-Tenant: paisapal\r\nConnection: close\r\n\r\n',
    );
    expect(answer.startsWith('HTTP/1.1 200 ')).toBe(true);
    expect(answer).toMatch(/\r\ncache-control: no-store\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).slug).toBe('paisapal');
    const body = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    // Its path is what the rest of the server sees: the /t/ prefix, the API's 404 (not the web
    // page), and links built from the URL, which never echo the client's made-up host.
    const prefixed = await rawRequest(
      port,
      'GET http://e.example/t/paisapal/api/tenant HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(body(prefixed).slug).toBe('paisapal');
    const missing = await rawRequest(
      port,
      'GET http://e.example/api/nosuch HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(missing.startsWith('HTTP/1.1 404 ')).toBe(true);
    expect(body(missing).code).toBe('not_found');
    const page = await rawRequest(
      port,
      'GET http://e.example/api/cards?page_size=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(page).not.toContain('e.example');
  });

  it('takes the site from an absolute-form target’s own host, not the Host header (RFC 9112 §3.2.2)', async () => {
    const body = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    // A partner's address in the target: the partner's, whatever Host or X-Tenant say.
    const partner = await rawRequest(
      port,
      'GET http://paisapal.localhost/api/tenant HTTP/1.1\r\nHost: localhost\r\nX-Tenant: cardwise\r\nConnection: close\r\n\r\n',
    );
    expect(body(partner).slug).toBe('paisapal');
    // The product's own host in the target: a partner's Host header does not decide either.
    const own = await rawRequest(
      port,
      'GET http://user@localhost:80/api/tenant HTTP/1.1\r\nHost: paisapal.localhost\r\nConnection: close\r\n\r\n',
    );
    expect(body(own).slug).toBe('cardwise');
  });
});

describe('the host and the body’s encoding', () => {
  it('reads a partner host spelt with its trailing dot as the partner’s (the header does not decide there)', async () => {
    const answer = await rawRequest(
      port,
      'GET /api/tenant/ HTTP/1.1\r\nHost: paisapal.localhost.\r\nX-Tenant: cardwise\r\nConnection: close\r\n\r\n',
    );
    expect(answer.startsWith('HTTP/1.1 200 ')).toBe(true);
    expect(answer).toContain('"slug":"paisapal"');
  });

  it('refuses a compressed body with 415 instead of parsing the compressed bytes, and takes UTF-8 spelt either way', async () => {
    const gz = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/contact',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(gz.statusCode).toBe(415);
    expect(gz.json()).toMatchObject({
      code: 'unsupported_content_encoding',
      detail: expect.stringMatching(/gzip/),
    });
    for (const type of ['application/json; charset=UTF-8', 'application/json; charset="utf8"']) {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/cards/recommend',
        payload: { spending: [] },
        headers: { 'content-type': type, 'content-encoding': 'identity' },
      });
      expect(ok.statusCode, type).toBe(200);
    }
  });
});

describe('what the body parser refuses', () => {
  it.each([
    ['an empty JSON body', 'application/json', '', 400, 'empty_body', /body is empty/],
    [
      'a body of another media type',
      'application/xml',
      '<a/>',
      415,
      'unsupported_media_type',
      /application\/xml/,
    ],
    [
      'a JSON body declared in another charset',
      'application/json; charset=utf-16',
      '{}',
      415,
      'unsupported_charset',
      /UTF-8 \(charset=utf-16 given\)/,
    ],
    [
      'a JSON body with bytes that are not UTF-8 (Latin-1 sent undeclared)',
      'application/json',
      Buffer.from('{"spending":[],"x":"\xff\xfe"}', 'latin1'),
      400,
      'invalid_utf8',
      /not valid UTF-8/,
    ],
    [
      "valid JSON with a '__proto__' key",
      'application/json',
      '{"spending":[],"__proto__":{"admin":true}}',
      400,
      'forbidden_json_key',
      /never accepts: '__proto__'/,
    ],
    [
      "valid JSON with 'constructor.prototype'",
      'application/json',
      '{"spending":[],"constructor":{"prototype":{"admin":true}}}',
      400,
      'forbidden_json_key',
      /'constructor' holding 'prototype'/,
    ],
    ['malformed JSON', 'application/json', '{"spending":[}', 400, 'invalid_json', /^Invalid JSON body\.$/],
    [
      'a body over the limit',
      'application/json',
      `{"a":"${'x'.repeat(2_000_000)}"}`,
      413,
      'body_too_large',
      /too large \(at most 1024 KB here\)/,
    ],
  ])('%s: its status with our own code and detail', async (_what, type, payload, status, code, detail) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cards/recommend',
      payload,
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(res.json().detail).toMatch(detail);
  });
});

describe('a request whose body never arrives', () => {
  const slow = useTestApp('pglite', { config: { REQUEST_IDLE_TIMEOUT_SECONDS: '1' } });
  let slowPort = 0;
  beforeAll(async () => {
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    const address = slow.app.server.address();
    slowPort = typeof address === 'object' && address ? address.port : 0;
  });

  it('is closed once it has been silent for REQUEST_IDLE_TIMEOUT_SECONDS, not held open', async () => {
    // Before: no timeout at all, so the connection (and an upload's slot) waited forever.
    const started = Date.now();
    const answer = await rawRequest(
      slowPort,
      'POST /api/cards/recommend HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"spending":',
    );
    expect(answer).toBe('');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('keeps a slow body that never pauses for as long as the limit (a phone on a poor network)', async () => {
    const body = '{"spending":[],"preferences":{"desiredCardCount":1}}';
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(slowPort, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => {
        text += d.toString('utf8');
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.write(
        `POST /api/cards/recommend HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      // Five pieces 400 ms apart: 2 s in all, twice the idle limit, never 1 s silent.
      const pieces = body.match(/.{1,11}/g) ?? [];
      for (const [i, piece] of pieces.entries()) setTimeout(() => socket.write(piece), 400 * (i + 1));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});
