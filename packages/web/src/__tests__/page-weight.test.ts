/**
 * Page weight (issue 36 point 8): a production build of the web app, and the gzip JavaScript each
 * route loads held under its ceiling (scripts/bundle-size.mjs says what each route loads, its
 * budget and its ceiling; `npm run bench` prints them).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface TRouteWeight {
  route: string;
  missing: string[];
  kb: number;
  ceilingKb: number;
}

const webRoot = path.resolve(import.meta.dirname, '../..');
let outDir: string;
let rows: TRouteWeight[];

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'claimdesk-page-weight-'));
  // Vitest runs with NODE_ENV=test, which the build would keep: React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const script = path.join(webRoot, 'scripts/bundle-size.mjs');
  const { routeWeights } = (await import(/* @vite-ignore */ script)) as {
    routeWeights: (dist: string) => TRouteWeight[];
  };
  rows = routeWeights(outDir);
}, 180_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('[PAGE WEIGHT] the JavaScript each route loads', () => {
  it('finds each route module of the list in the build (a renamed route would weigh nothing)', () => {
    expect(rows.filter((row) => row.missing.length > 0)).toEqual([]);
  });

  it('keeps every route under its ceiling', () => {
    const over = rows
      .filter((row) => row.kb > row.ceilingKb)
      .map((row) => `${row.route}: ${row.kb.toFixed(1)} KB > ${String(row.ceilingKb)} KB`);
    expect(over).toEqual([]);
  });

  it('leaves the rich text editor out of the case list and the users screen', () => {
    // The editor alone is about 140 KB gzip: it loads with the dialogs that use it.
    const list = rows.find((row) => row.route === '/cases/open/claim');
    const users = rows.find((row) => row.route === '/users');
    expect(list?.kb).toBeLessThan(400);
    expect(users?.kb).toBeLessThan(400);
  });
});
