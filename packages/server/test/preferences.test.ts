import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp, type Session } from './helpers/api';
import { createContact, createStore, createUser, type StoreFixture } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let store: StoreFixture;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
});
afterAll(() => t.close());

const url = '/v2/api/users/user-preference';
const get = (session: Session) => call(t.app, session, { url });
const put = (session: Session, body: unknown) => call(t.app, session, { method: 'PUT', url, body });

async function freshSession(): Promise<Session> {
  return signIn(t.app, await createUser(t.db, store.tenantId));
}

describe('user preferences', () => {
  it('starts empty', async () => {
    const response = await get(await freshSession());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it('merges one key at a time and keeps the others, persisted across reads', async () => {
    const session = await freshSession();
    const first = await put(session, { language: 'da' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ language: 'da' });
    const second = await put(session, { 'nav-show': false });
    expect(second.json()).toEqual({ language: 'da', 'nav-show': false });
    const third = await put(session, { 'claim.columns': { order: ['a', 'b'], width: 3 } });
    expect(third.json()).toEqual({
      language: 'da',
      'nav-show': false,
      'claim.columns': { order: ['a', 'b'], width: 3 },
    });
    const replaced = await put(session, { language: 'de' });
    expect(replaced.json()).toMatchObject({ language: 'de', 'nav-show': false });

    const read = await get(session);
    expect(read.json()).toEqual({
      language: 'de',
      'nav-show': false,
      'claim.columns': { order: ['a', 'b'], width: 3 },
    });
  });

  it('removes a key whose value is null', async () => {
    const session = await freshSession();
    await put(session, { language: 'en', 'nav-show': true });
    const response = await put(session, { language: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ 'nav-show': true });
    expect((await get(session)).json()).toEqual({ 'nav-show': true });
  });

  it('keeps each user’s preferences apart', async () => {
    const one = await freshSession();
    const two = await freshSession();
    await put(one, { language: 'nr' });
    expect((await get(two)).json()).toEqual({});
  });

  it('refuses an invalid key, an empty object and a non-object with 400', async () => {
    const session = await freshSession();
    for (const body of [{ 'bad key!': 1 }, {}, ['language'], { ['k'.repeat(101)]: 1 }]) {
      const response = await put(session, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await get(session)).json()).toEqual({});
  });

  it('refuses a one-time-code user with 403', async () => {
    const contact = await createContact(t.db, store.tenantId);
    const session = await signInWithOtp(t.app, t.dataDir, contact.email);
    expect((await get(session)).statusCode).toBe(403);
    expect((await put(session, { language: 'en' })).statusCode).toBe(403);
  });

  it('needs a session (401)', async () => {
    const response = await t.app.inject({ method: 'GET', url, headers: { 'x-tenant-id': store.tenantId } });
    expect(response.statusCode).toBe(401);
  });
});
