/**
 * Browser notifications through Web Push, from the subscription the browser stores to the push
 * a local stand-in of a push service receives: encrypted for that browser (RFC 8291, read back
 * here), signed with the server's VAPID key (RFC 8292), for the right people only: a mail in the
 * inbox to the store's subscribed staff, a mail on a case to its assignee.
 */
import {
  PUSH_PUBLIC_KEY_PATH,
  PUSH_SUBSCRIBE_PATH,
  type TPushNotification,
  type TPushPublicKeyResponse,
} from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { pushSubscriptions } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { pushEndpointPolicy } from '../../src/modules/push/push-endpoint';
import { DEFAULT_PUSH_OPTIONS, PushSender } from '../../src/modules/push/push-sender';
import { loadVapidKeys } from '../../src/modules/push/vapid-keys';
import { loadConfig } from '../../src/config';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createCase, createContact, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from '../mail/mail-store';
import { BrowserSubscription, startPushService, verifyVapid, type PushServiceStandIn } from './push-service';

let t: TestApp;
let service: PushServiceStandIn;
let sender: PushSender;
let store: StoreFixture;
let anna: Session;
let bo: Session;
let otherStaff: Session;
let annaBrowser: BrowserSubscription;
let boBrowser: BrowserSubscription;
let otherBrowser: BrowserSubscription;
let annaName: string;
let caseNumber: number;
let serial = 0;
const errors: unknown[] = [];
/**
 * The stand-in push service listens on 127.0.0.1: the operator allows that host and, as for
 * tests and development only, private addresses (push-endpoints.test.ts: refused by default).
 */
const LOCAL_PUSH_SERVICE = { PUSH_ALLOWED_HOSTS: '127.0.0.1', PUSH_ALLOW_PRIVATE_ADDRESSES: 'true' };

beforeAll(async () => {
  t = await createTestApp(LOCAL_PUSH_SERVICE);
  service = await startPushService();
  const config = loadConfig({ DATA_DIR: t.dataDir, ...LOCAL_PUSH_SERVICE });
  const keys = await loadVapidKeys(config);
  sender = new PushSender(t.db, {
    ...DEFAULT_PUSH_OPTIONS,
    keys,
    policy: pushEndpointPolicy(config),
    ca: service.ca,
    onError: (e) => errors.push(e),
  });
  store = await createStore(t.db);
  const other = await createStore(t.db);
  const annaUser = await createUser(t.db, store.tenantId);
  annaName = annaUser.username;
  anna = await signIn(t.app, annaUser);
  bo = await signIn(t.app, await createUser(t.db, store.tenantId));
  otherStaff = await signIn(t.app, await createUser(t.db, other.tenantId));
  // Kari takes part in the case, so that her mail tagged with its number is threaded onto it.
  const row = await createCase(t.db, store.tenantId, {
    assignee: annaName,
    participants: ['kari@customer.test'],
  });
  ({ caseNumber } = row);
  annaBrowser = new BrowserSubscription(`${service.origin}/push/anna`);
  boBrowser = new BrowserSubscription(`${service.origin}/push/bo`);
  otherBrowser = new BrowserSubscription(`${service.origin}/push/other`);
  for (const [session, browser] of [
    [anna, annaBrowser],
    [bo, boBrowser],
    [otherStaff, otherBrowser],
  ] as const) {
    const response = await call(t.app, session, {
      method: 'PUT',
      url: PUSH_SUBSCRIBE_PATH,
      body: browser.toJSON(),
    });
    expect(response.statusCode, response.body).toBe(204);
  }
});
afterAll(async () => {
  await sender.stop();
  await service.stop();
  await t.close();
});
beforeEach(() => {
  service.received.length = 0;
  errors.length = 0;
});

/** A new mail comes in to the store and the sender has had its turn. */
async function mailArrives(subject: string, from = 'Kari Nordmann <kari@customer.test>'): Promise<void> {
  serial += 1;
  const raw = rawMail({ messageId: `<push-${String(serial)}@customer.test>`, subject, from });
  const outcome = await ingestMail({ files: t.app.deps.files, db: forTenant(t.db, store.tenantId) }, { raw });
  expect(outcome.status).toBe('stored');
  sender.wake();
  await sender.idle();
}

const pathsReached = () => service.received.map((p) => p.path).sort();

it('gives the browser the VAPID public key it subscribes with', async () => {
  const response = await call(t.app, anna, { url: PUSH_PUBLIC_KEY_PATH });
  expect(response.statusCode).toBe(200);
  const { publicKey } = response.json<TPushPublicKeyResponse>();
  expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
});

it("a mail in the inbox notifies the store's subscribed staff, encrypted for each browser and VAPID-signed", async () => {
  await mailArrives('My kettle is broken');
  expect(errors).toEqual([]);
  expect(pathsReached()).toEqual(['/push/anna', '/push/bo']);
  const { publicKey } = (
    await call(t.app, anna, { url: PUSH_PUBLIC_KEY_PATH })
  ).json<TPushPublicKeyResponse>();
  for (const push of service.received) {
    const browser = push.path === '/push/anna' ? annaBrowser : boBrowser;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(push.headers.urgency).toBe('normal');
    const { key, claims } = await verifyVapid(push.headers.authorization as string, service.origin);
    expect(key).toBe(publicKey);
    expect(claims.sub).toBe('mailto:no-reply@claimdesk.test');
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 60 * 60);
    const notification = JSON.parse(browser.decrypt(push.body)) as TPushNotification;
    expect(notification).toEqual({
      kind: 'inbox',
      from: 'Kari Nordmann',
      subject: 'My kettle is broken',
      caseNumber: null,
      url: '/inbox',
      tag: expect.stringMatching(/^mail-\d+$/) as string,
    });
  }
  // Another browser's keys cannot read it.
  const annaPush = service.received.find((p) => p.path === '/push/anna');
  expect(() => boBrowser.decrypt(annaPush?.body ?? Buffer.alloc(0))).toThrow();
});

it('a mail on a case notifies only its assignee, with the case to open', async () => {
  await mailArrives(`Re: [#${String(caseNumber)}] the kettle`);
  expect(pathsReached()).toEqual(['/push/anna']);
  const notification = JSON.parse(
    annaBrowser.decrypt(service.received[0]?.body ?? Buffer.alloc(0)),
  ) as TPushNotification;
  expect(notification).toMatchObject({
    kind: 'case',
    caseNumber,
    url: `/cases/open/claim/${String(caseNumber)}`,
  });
});

it('a case without an assignee notifies nobody; an auto-reply notifies nobody', async () => {
  const unassigned = await createCase(t.db, store.tenantId, { participants: ['kari@customer.test'] });
  await mailArrives(`Re: [#${String(unassigned.caseNumber)}] hello`);
  await mailArrives('Automatic reply: out of office', 'Out Of Office <ooo@customer.test>');
  // The second is an inbox mail, but an auto-reply: nothing.
  const ooo = rawMail({
    messageId: '<ooo-2@customer.test>',
    subject: 'Away',
    headers: ['Auto-Submitted: auto-replied'],
  });
  await ingestMail({ files: t.app.deps.files, db: forTenant(t.db, store.tenantId) }, { raw: ooo });
  service.received.length = 0;
  sender.wake();
  await sender.idle();
  expect(pathsReached()).toEqual([]);
});

it('a subscription the push service no longer knows (410) is removed', async () => {
  service.answer('/push/bo', 410);
  await mailArrives('First after Bo left');
  expect(pathsReached()).toEqual(['/push/anna', '/push/bo']);
  const rows = await t.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, boBrowser.endpoint));
  expect(rows).toEqual([]);
  service.received.length = 0;
  await mailArrives('Second after Bo left');
  expect(pathsReached()).toEqual(['/push/anna']);
  // Bo's browser subscribes again.
  service.answer('/push/bo', 201);
  const again = await call(t.app, bo, { method: 'PUT', url: PUSH_SUBSCRIBE_PATH, body: boBrowser.toJSON() });
  expect(again.statusCode).toBe(204);
});

it('logout removes the subscription: that browser is notified no more', async () => {
  const response = await call(t.app, bo, {
    method: 'DELETE',
    url: PUSH_SUBSCRIBE_PATH,
    body: { endpoint: boBrowser.endpoint },
  });
  expect(response.statusCode, response.body).toBe(204);
  await mailArrives('After Bo signed out');
  expect(pathsReached()).toEqual(['/push/anna']);
  // Another person of the store, or of another store, cannot remove Anna's.
  await call(t.app, otherStaff, {
    method: 'DELETE',
    url: PUSH_SUBSCRIBE_PATH,
    body: { endpoint: annaBrowser.endpoint },
  });
  await call(t.app, bo, {
    method: 'DELETE',
    url: PUSH_SUBSCRIBE_PATH,
    body: { endpoint: annaBrowser.endpoint },
  });
  service.received.length = 0;
  await mailArrives('Anna still hears');
  expect(pathsReached()).toEqual(['/push/anna']);
});

it('a browser subscribing for another person of the store takes the subscription over', async () => {
  const shared = new BrowserSubscription(`${service.origin}/push/shared`);
  await call(t.app, anna, { method: 'PUT', url: PUSH_SUBSCRIBE_PATH, body: shared.toJSON() });
  await call(t.app, bo, { method: 'PUT', url: PUSH_SUBSCRIBE_PATH, body: shared.toJSON() });
  const rows = await t.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, shared.endpoint));
  expect(rows.map((r) => r.username)).toEqual([expect.stringContaining('@')]);
  expect(rows[0]?.username).not.toBe(annaName);
  await mailArrives(`Re: [#${String(caseNumber)}] for Anna only`);
  expect(pathsReached()).toEqual(['/push/anna']);
  await call(t.app, bo, { method: 'DELETE', url: PUSH_SUBSCRIBE_PATH, body: { endpoint: shared.endpoint } });
});

it('two senders at once push each mail once', async () => {
  const config = loadConfig({ DATA_DIR: t.dataDir, ...LOCAL_PUSH_SERVICE });
  const keys = await loadVapidKeys(config);
  const second = new PushSender(t.db, {
    ...DEFAULT_PUSH_OPTIONS,
    batchSize: 1,
    keys,
    policy: pushEndpointPolicy(config),
    ca: service.ca,
    onError: (e) => errors.push(e),
  });
  const raws = Array.from({ length: 6 }, (_, i) =>
    rawMail({ messageId: `<twice-${String(i)}@customer.test>`, subject: `Twice ${String(i)}` }),
  );
  for (const raw of raws)
    await ingestMail({ files: t.app.deps.files, db: forTenant(t.db, store.tenantId) }, { raw });
  sender.wake();
  second.wake();
  await Promise.all([sender.idle(), second.idle()]);
  await second.stop();
  const tags = service.received
    .filter((p) => p.path === '/push/anna')
    .map((p) => (JSON.parse(annaBrowser.decrypt(p.body)) as TPushNotification).tag);
  expect(new Set(tags).size).toBe(6);
  expect(tags).toHaveLength(6);
});

it('refuses a subscription that is no https push endpoint or lacks its keys, naming the field', async () => {
  const bad = [
    [{ ...annaBrowser.toJSON(), endpoint: 'http://127.0.0.1/push/x' }, 'endpoint'],
    [{ ...annaBrowser.toJSON(), endpoint: 'not a url' }, 'endpoint'],
    [{ ...annaBrowser.toJSON(), keys: { p256dh: 'a b', auth: 'x' } }, 'keys.p256dh'],
    [{ endpoint: annaBrowser.endpoint }, 'keys'],
  ] as const;
  for (const [body, field] of bad) {
    const response = await call(t.app, anna, { method: 'PUT', url: PUSH_SUBSCRIBE_PATH, body });
    expect(response.statusCode, JSON.stringify(body)).toBe(400);
    expect(response.body).toContain(field);
  }
});

it('a one-time-code contact has no browser notifications', async () => {
  const contact = await createContact(t.db, store.tenantId);
  const session = await signInWithOtp(t.app, t.dataDir, contact.email);
  const response = await call(t.app, session, {
    method: 'PUT',
    url: PUSH_SUBSCRIBE_PATH,
    body: new BrowserSubscription(`${service.origin}/push/c`).toJSON(),
  });
  expect(response.statusCode).toBe(403);
});
