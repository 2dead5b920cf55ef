import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** The built web app: client routes get index.html, missing files a 404 (never the page). */
describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'cardwise-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp('pglite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves client routes (any tenant prefix) as the app’s page', async () => {
    for (const url of ['/', '/cards', '/card/hdfc_swiggy', '/t/paisapal/cards?tag=new_launch']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
    }
  });

  it('serves built assets, and answers a missing one with 404 instead of the page', async () => {
    const found = await get('/assets/app-abc123.js');
    expect(found.statusCode).toBe(200);
    expect(found.headers['cache-control']).toContain('immutable');
    // A chunk of an older build (a tab left open across a deploy) or any missing file.
    for (const url of [
      '/assets/app-old999.js',
      '/assets/index-old.css',
      '/favicon-missing.png',
      '/x/y.js.map',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toContain('text/html');
    }
  });
});
