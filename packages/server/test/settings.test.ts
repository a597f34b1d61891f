import { DEFAULT_FEATURES } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type Session } from './helpers/api';
import { createStore, createUser, type StoreFixture } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';
import { companyProperties, storeProperties } from '../src/db/schema';

let t: TestApp;
let store: StoreFixture;
let sibling: StoreFixture;
let stranger: StoreFixture;
let session: Session;
let siblingSession: Session;
let strangerSession: Session;

interface MenuItem {
  key: string;
  label: string;
  workFlow?: string;
  sub?: MenuItem[];
}

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db, { language: 'da' });
  sibling = await createStore(t.db, { companyId: store.companyId });
  stranger = await createStore(t.db);
  const withCompany = async (s: StoreFixture) => ({
    ...(await signIn(t.app, await createUser(t.db, s.tenantId, { roles: ['STANDARD_USER'] }))),
    companyName: s.companyName,
  });
  session = await withCompany(store);
  siblingSession = await withCompany({ ...sibling, companyName: store.companyName });
  strangerSession = await withCompany(stranger);
});
afterAll(() => t.close());

const jsonConfig = (s: Session, name: string) =>
  call(t.app, s, { url: `/v2/api/settings/initial-properties/json-config/${name}` });
const sharedConfig = (s: Session, name: string, headers: Record<string, string> = {}) =>
  call(t.app, s, { url: `/v2/shared/initial-properties/json-config/${name}`, headers });

describe('GET /v2/api/stores/setting', () => {
  it('answers the signed-in store’s settings', async () => {
    const response = await call(t.app, session, { url: '/v2/api/stores/setting' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      storeName: store.tenantId,
      displayName: `Store ${store.tenantId}`,
      companyName: store.companyName,
      language: 'da',
      supplierSource: 'internal',
    });
    const other = await call(t.app, strangerSession, { url: '/v2/api/stores/setting' });
    expect(other.json()).toMatchObject({ storeName: stranger.tenantId, companyName: stranger.companyName });
  });
});

describe('GET /v2/api/settings/initial-properties/json-config/{name}', () => {
  it('answers the built-in menu with the claim and support workflows', async () => {
    const response = await jsonConfig(strangerSession, 'menu');
    expect(response.statusCode).toBe(200);
    const menu = response.json<MenuItem[]>();
    const workflows = menu.flatMap((item) => [item.workFlow, ...(item.sub ?? []).map((s) => s.workFlow)]);
    expect(workflows).toContain('claim');
    expect(workflows).toContain('support');
    expect(menu[0]?.sub?.[0]?.workFlow).toBe('claim');
  });

  it('answers the built-in feature flags and translations', async () => {
    const features = await jsonConfig(strangerSession, 'feature');
    expect(features.statusCode).toBe(200);
    expect(features.json()).toMatchObject({ claim: true, supportClaim: false });
    const translations = await jsonConfig(strangerSession, 'translations');
    expect(translations.statusCode).toBe(200);
    expect(translations.json()).toEqual({});
  });

  it('prefers the store’s document over the company’s, and the company’s over the default', async () => {
    const companyMenu = [{ key: 'company-flow', label: 'Company flow', workFlow: 'company-flow' }];
    const storeMenu = [{ key: 'store-flow', label: 'Store flow', workFlow: 'store-flow' }];
    const companyTexts = { en: { greeting: 'Hello from the company' } };
    await t.db.insert(companyProperties).values([
      { companyId: store.companyId, name: 'menu', value: companyMenu },
      { companyId: store.companyId, name: 'translations', value: companyTexts },
    ]);
    await t.db.insert(storeProperties).values({ tenantId: store.tenantId, name: 'menu', value: storeMenu });

    expect((await jsonConfig(session, 'menu')).json()).toEqual(storeMenu);
    expect((await jsonConfig(session, 'translations')).json()).toEqual(companyTexts);
    expect((await jsonConfig(siblingSession, 'menu')).json()).toEqual(companyMenu);
    const strangers = (await jsonConfig(strangerSession, 'menu')).json<MenuItem[]>();
    expect(strangers.map((i) => i.key)).not.toContain('company-flow');
    expect(strangers.map((i) => i.key)).not.toContain('store-flow');
  });

  it('answers 404 for an unknown configuration name', async () => {
    const response = await jsonConfig(session, 'no-such-config');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await jsonConfig(session, 'constructor')).statusCode).toBe(404);
    expect((await jsonConfig(session, '__proto__')).statusCode).toBe(404);
  });
});

describe('GET /v2/shared/initial-properties/json-config/{name}', () => {
  it('answers the company’s document (not the store’s) with X-COMPANY naming the store’s company', async () => {
    const companyFeatures = { ...DEFAULT_FEATURES, supportClaim: true };
    await t.db
      .insert(companyProperties)
      .values({ companyId: store.companyId, name: 'feature', value: companyFeatures });
    await t.db
      .insert(storeProperties)
      .values({ tenantId: store.tenantId, name: 'feature', value: { ...DEFAULT_FEATURES, claim: false } });
    const response = await sharedConfig(session, 'feature');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(companyFeatures);
    expect((await sharedConfig(siblingSession, 'feature')).json()).toEqual(companyFeatures);
    const fallback = await sharedConfig(strangerSession, 'feature');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json()).toMatchObject({ claim: true, supportClaim: false });
  });

  it('needs X-COMPANY (400) naming the store’s own company (403)', async () => {
    const missing = await sharedConfig({ ...session, companyName: undefined }, 'menu');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'HEADER_MISSING' });
    const other = await sharedConfig(session, 'menu', { 'x-company': stranger.companyName });
    expect(other.statusCode).toBe(403);
    const otherWay = await sharedConfig(strangerSession, 'menu', { 'x-company': store.companyName });
    expect(otherWay.statusCode).toBe(403);
  });

  it('answers 404 for an unknown configuration name', async () => {
    expect((await sharedConfig(session, 'no-such-config')).statusCode).toBe(404);
  });
});
