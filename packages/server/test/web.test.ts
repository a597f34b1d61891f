import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/index-AbCdEf12.js"></script></body></html>';
const SCRIPT = 'console.log("claimdesk");';
const COMMON = '{"menu":{"claim":"Claims"}}';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-dist-'));
  await mkdir(path.join(dist, 'assets/i18n/en'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets/index-AbCdEf12.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets/i18n/en/common.json'), COMMON);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('answers index.html for every client route, never cached', async () => {
    for (const url of ['/', '/login', '/some/client/route', '/cases/open/claim?search=x', '/users']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(INDEX);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SCRIPT);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(response.headers['cache-control']).toMatch(/immutable/);
  });

  it('serves translation files, revalidated rather than cached for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/i18n/en/common.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(JSON.parse(COMMON));
    expect(response.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('answers a JSON 404 for a missing asset, not index.html', async () => {
    for (const url of ['/assets/missing.json', '/assets/i18n/xx/common.json', '/assets/index-Missing1.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.body).not.toContain('<html');
    }
  });

  it('answers a JSON 404 for an unknown /v2 path', async () => {
    for (const url of ['/v2/unknown', '/v2', '/v2/api/unknown/deeper']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('does not answer index.html to an unsafe method', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/some/client/route', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });

  it('sends the protective headers on pages, assets and API answers alike', async () => {
    for (const url of ['/login', '/assets/index-AbCdEf12.js', '/v2/api/unknown']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
      // A mail's remote images (once allowed) and a PDF preview in a blob: frame; never scripts from afar.
      expect(response.headers['content-security-policy'], url).toContain("img-src 'self' data: blob: https:");
      expect(response.headers['content-security-policy'], url).toContain("frame-src 'self' blob:");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('serves a rebuilt index.html without a restart', async () => {
    const rebuilt = INDEX.replace('index-AbCdEf12', 'index-ZyXwVu98');
    await writeFile(path.join(dist, 'index.html'), rebuilt);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/cases/open/claim' });
      expect(response.body).toBe(rebuilt);
    } finally {
      await writeFile(path.join(dist, 'index.html'), INDEX);
    }
  });
});
