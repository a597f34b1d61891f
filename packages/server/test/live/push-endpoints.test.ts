/**
 * The server POSTs to a push subscription's endpoint whenever a notification goes out, so a
 * staff user who could name any endpoint could make it send requests into its own network
 * (issue 34.1). Only the push services' hosts are accepted (more where the operator allows them),
 * never at a loopback, private, link-local or other non-public address, and the address is
 * checked again on each push where it is connected to (a name may resolve elsewhere by then).
 */
import { PUSH_SUBSCRIBE_PATH } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { pushSubscriptions } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import type { Resolve } from '../../src/lib/outbound-address';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { pushEndpointPolicy } from '../../src/modules/push/push-endpoint';
import { DEFAULT_PUSH_OPTIONS, PushSender } from '../../src/modules/push/push-sender';
import { saveSubscription } from '../../src/modules/push/push-subscriptions.repository';
import { loadVapidKeys } from '../../src/modules/push/vapid-keys';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from '../mail/mail-store';
import { BrowserSubscription, startPushService, type PushServiceStandIn } from './push-service';

/** An operator who allows these hosts, but not private addresses: they are refused all the same. */
const OPERATOR_HOSTS = {
  PUSH_ALLOWED_HOSTS:
    'localhost,127.0.0.1,::1,::ffff:127.0.0.1,10.0.0.1,192.168.1.10,169.254.169.254,rebind.test',
};

let defaults: TestApp;
let operator: TestApp;
let service: PushServiceStandIn;
let port: string;
let defaultsStaff: Session;
let store: StoreFixture;
let staff: Session;
let username: string;

beforeAll(async () => {
  [defaults, operator, service] = await Promise.all([
    createTestApp(),
    createTestApp(OPERATOR_HOSTS),
    startPushService(),
  ]);
  port = new URL(service.origin).port;
  defaultsStaff = await signIn(
    defaults.app,
    await createUser(defaults.db, (await createStore(defaults.db)).tenantId),
  );
  store = await createStore(operator.db);
  const user = await createUser(operator.db, store.tenantId);
  username = user.username;
  staff = await signIn(operator.app, user);
});
afterAll(async () => {
  await service.stop();
  await Promise.all([defaults.close(), operator.close()]);
});

const subscribe = (app: TestApp, session: Session, endpoint: string) =>
  call(app.app, session, {
    method: 'PUT',
    url: PUSH_SUBSCRIBE_PATH,
    body: new BrowserSubscription(endpoint).toJSON(),
  });

const fieldErrors = (body: string) =>
  (JSON.parse(body) as { fieldErrors?: Record<string, string> }).fieldErrors;

const internal = () => [
  `https://127.0.0.1:${port}/push/v4`,
  `https://[::1]:${port}/push/v6`,
  `https://localhost:${port}/push/name`,
  'https://localhost/push/name',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.1/push',
  'https://192.168.1.10/push',
  `https://[::ffff:127.0.0.1]:${port}/push/mapped`,
];

describe('registering a push subscription', () => {
  it('accepts the push services’ endpoints', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH-token_1',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABtoken',
      'https://web.push.apple.com/QGtoken',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAtoken%3d',
    ]) {
      const response = await subscribe(defaults, defaultsStaff, endpoint);
      expect(response.statusCode, `${endpoint}: ${response.body}`).toBe(204);
    }
  });

  it('refuses, naming the endpoint field, any host that is no push service’s', async () => {
    for (const endpoint of [
      ...internal(),
      'https://push.example.com/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://notify.windows.com.evil.example/w/',
      'https://fcm.googleapis.com@127.0.0.1/fcm/send/x',
      'https://127.0.0.1\\@fcm.googleapis.com/fcm/send/x',
    ]) {
      const response = await subscribe(defaults, defaultsStaff, endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(fieldErrors(response.body)?.endpoint, endpoint).toBeTruthy();
    }
  });

  it('refuses loopback, private, link-local and mapped addresses even at hosts the operator allows', async () => {
    for (const endpoint of internal()) {
      const response = await subscribe(operator, staff, endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(fieldErrors(response.body)?.endpoint, endpoint).toMatch(
        /is a (loopback|private|link-local) address|resolves to a loopback address/,
      );
    }
    expect(await operator.db.select().from(pushSubscriptions)).toEqual([]);
  });
});

describe('sending a notification', () => {
  it('never reaches a loopback listener: not at a stored loopback endpoint, nor at a name rebound to it', async () => {
    // A name that does not resolve when the browser subscribes is let through; by the time the
    // notification goes out it resolves to the loopback listener.
    const rebound = `https://rebind.test:${port}/push/rebound`;
    const accepted = await subscribe(operator, staff, rebound);
    expect(accepted.statusCode, accepted.body).toBe(204);
    // One stored before the server checked endpoints.
    const db = forTenant(operator.db, store.tenantId);
    const old = new BrowserSubscription(`${service.origin}/push/stored-before`);
    await saveSubscription(db, username, old.toJSON());

    const resolve: Resolve = (hostname, _options, callback) => {
      if (hostname === 'rebind.test') callback(null, [{ address: '127.0.0.1', family: 4 }]);
      else callback(Object.assign(new Error(`no ${hostname}`), { code: 'ENOTFOUND' }), []);
    };
    const config = loadConfig({ DATA_DIR: operator.dataDir, ...OPERATOR_HOSTS });
    const errors: unknown[] = [];
    const sender = new PushSender(operator.db, {
      ...DEFAULT_PUSH_OPTIONS,
      keys: await loadVapidKeys(config),
      policy: pushEndpointPolicy(config, resolve),
      ca: service.ca,
      onError: (error) => errors.push(error),
    });
    const raw = rawMail({
      messageId: '<ssrf-1@customer.test>',
      subject: 'Hello',
      from: 'kari@customer.test',
    });
    const outcome = await ingestMail({ files: operator.app.deps.files, db }, { raw });
    expect(outcome.status).toBe('stored');
    sender.wake();
    await sender.idle();
    await sender.stop();

    expect(service.connections()).toBe(0);
    expect(service.received).toEqual([]);
    const messages = errors.map((e) => (e instanceof Error ? e.message : String(e))).sort();
    expect(messages).toEqual([
      expect.stringContaining('push endpoint refused: 127.0.0.1 is a loopback address') as string,
      expect.stringContaining('rebind.test resolves to 127.0.0.1 (loopback)') as string,
    ]);
    // The stored loopback endpoint is dropped; the rebound name stays, refused on every push.
    const rows = await operator.db.select().from(pushSubscriptions);
    expect(rows.map((r) => r.endpoint)).toEqual([rebound]);
  });
});
