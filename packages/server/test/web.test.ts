import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/index-AbCdEf12.js"></script></body></html>';
const SCRIPT = 'console.log("claimdesk");';
const COMMON = '{"menu":{"claim":"Claims"}}';
/** A script of the size the build precompresses, with its brotli and gzip copies beside it. */
const BIG = 'export const claims = [];\n'.repeat(200);

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-dist-'));
  await mkdir(path.join(dist, 'assets/i18n/en'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets/index-AbCdEf12.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets/i18n/en/common.json'), COMMON);
  await writeFile(path.join(dist, 'assets/big-AbCdEf34.js'), BIG);
  await writeFile(path.join(dist, 'assets/big-AbCdEf34.js.br'), brotliCompressSync(BIG));
  await writeFile(path.join(dist, 'assets/big-AbCdEf34.js.gz'), gzipSync(BIG));
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

  it('sends a precompressed copy to a browser that takes it, with Content-Encoding and Vary', async () => {
    const url = '/assets/big-AbCdEf34.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
  });

  it('caches a hashed asset for a year in every encoding, as a browser asks for it', async () => {
    for (const acceptEncoding of ['br, gzip', 'gzip', 'identity']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/big-AbCdEf34.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.headers['cache-control'], acceptEncoding).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends index.html compressed to a browser that takes it, never cached', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/cases/open/claim',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);
    const gz = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'br;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(INDEX);
  });

  it('compresses an API answer above 1 KB for a client that asks, and leaves a small one alone', async () => {
    const large = await t.app.inject({
      method: 'GET',
      url: '/v2/api/docs/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(large.rawPayload).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\.1/);
    expect(large.rawPayload.length).toBeLessThan(JSON.stringify(document).length / 3);
    const small = await t.app.inject({
      method: 'GET',
      url: '/v2/nothing',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
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
