import type { CDPSession } from '@playwright/test';
import { USERS } from '../../fixtures/env';
import { expect, test } from '../../fixtures/test';
import { CasesPage } from '../../pages/cases-page';

/** A built, hashed file of the web app: its name changes with its content. */
const HASHED_ASSET = /\/assets\/[^/]+[-.][A-Za-z0-9_-]{8,}\.(js|css)$/;

/** The hashed files the page asked the network for (not answered from the browser's cache). */
function networkAssets(cdp: CDPSession) {
  const fromCache = new Set<string>();
  const fetched = new Map<string, string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const { pathname } = new URL(response.url);
    if (!HASHED_ASSET.test(pathname) || response.fromDiskCache || response.fromServiceWorker) return;
    fetched.set(requestId, `${String(response.status)} ${pathname}`);
  });
  return {
    seen: () => [...fetched].filter(([id]) => !fromCache.has(id)).map(([, line]) => line),
    clear: () => {
      fromCache.clear();
      fetched.clear();
    },
  };
}

test('[CACHE]: a reload of the case list with a warm cache asks the server for no hashed file', async ({
  page,
  loginPage,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const assets = networkAssets(cdp);

  await loginPage.goto();
  await loginPage.signInWithPassword(USERS.admin);
  const cases = new CasesPage(page);
  await cases.gotoList('open', 'claim');
  // The first visit fetched the list's code: the check below would mean nothing otherwise.
  expect(assets.seen().length).toBeGreaterThan(5);

  assets.clear();
  await page.reload();
  await expect(cases.rows.first()).toBeVisible();
  // Each hashed file is immutable for a year: no request, not even a revalidation (304).
  expect(assets.seen()).toEqual([]);
});
