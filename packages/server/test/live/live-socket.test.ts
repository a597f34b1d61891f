/**
 * The live socket through a real listening server and the `ws` client: sign-in by the first
 * message and its close codes, events of a store reaching only that store's sockets (and a
 * one-time-code contact only about its own cases), a rolled-back change raising nothing, the
 * flood and per-user limits, presence, and the HTTP idle timeout leaving an upgraded socket
 * alone.
 */
import { LIVE_CLOSE, LIVE_CLIENT_MESSAGE_MAX_BYTES, type TPresencePerson } from '@claimdesk/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { createTokenService } from '../../src/modules/auth/token-service';
import { notifyLive } from '../../src/modules/cases/live-notify.repository';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { signIn, signInWithOtp, type Session } from '../helpers/api';
import { createCase, createContact, createStore, createUser, type UserFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from '../mail/mail-store';
import { eventsOf, liveUrl, openLive, openSignedIn, type LiveTestClient } from './live-client';

const JWT_SECRET = 'live-socket-test-secret-'.repeat(2);

let t: TestApp;
let url: string;
let storeA: string;
let storeB: string;
let adaA: UserFixture;
let sessionA: Session;
let sessionA2: Session;
let sessionB: Session;
const open: LiveTestClient[] = [];

const track = (client: LiveTestClient) => {
  open.push(client);
  return client;
};

beforeAll(async () => {
  t = await createTestApp({
    JWT_SECRET,
    LIVE_AUTH_TIMEOUT_SECONDS: '1',
    LIVE_MAX_SOCKETS_PER_USER: '3',
    // Far shorter than the tests' silences: an upgraded socket must not be cut by them.
    HTTP_IDLE_TIMEOUT_SECONDS: '1',
    HTTP_HEADERS_TIMEOUT_SECONDS: '1',
    HTTP_REQUEST_TIMEOUT_SECONDS: '2',
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = liveUrl(t.app);
  storeA = (await createStore(t.db)).tenantId;
  storeB = (await createStore(t.db)).tenantId;
  adaA = await createUser(t.db, storeA, { firstName: 'Ada', lastName: 'Agent' });
  const bo = await createUser(t.db, storeA, { firstName: 'Bo', lastName: 'Berg' });
  sessionA = await signIn(t.app, adaA);
  sessionA2 = await signIn(t.app, bo);
  sessionB = await signIn(t.app, await createUser(t.db, storeB));
});
// Each test's sockets close after it: a user may hold only LIVE_MAX_SOCKETS_PER_USER.
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});
afterAll(() => t.close());

/** A case of the store with one sent mail, which an inbound mail answers to land on the case. */
async function caseWithThread(tenantId: string, participants: string[] = []) {
  const theCase = await createCase(t.db, tenantId, { participants });
  const messageId = `<sent-${String(theCase.id)}@store.test>`;
  await t.db.insert(mailLogs).values({ tenantId, caseId: theCase.id, direction: 'out', messageId });
  return { caseId: theCase.id, messageId };
}

let mailNumber = 0;
/** A customer's mail taken in as the receiver and the fetcher take it in. */
function ingest(tenantId: string, inReplyTo?: string) {
  mailNumber += 1;
  return ingestMail(
    { db: forTenant(t.db, tenantId), files: t.app.deps.files },
    {
      raw: rawMail({
        messageId: `<live-${String(mailNumber)}@customer.test>`,
        headers: inReplyTo ? [`In-Reply-To: ${inReplyTo}`] : [],
      }),
    },
  );
}

describe('signing in on the socket', () => {
  it('answers ready with the token expiry for a valid token and store', async () => {
    const client = track(await openLive(url));
    client.send({ type: 'auth', token: sessionA.token, tenantId: storeA });
    const ready = await client.next((m) => 'type' in m && m.type === 'ready');
    const claims = await t.app.deps.tokens.verify(sessionA.token);
    expect(ready).toEqual({ type: 'ready', expiresAt: (claims?.exp ?? 0) * 1000 });
    client.send({ type: 'ping' });
    await client.next((m) => 'type' in m && m.type === 'pong');
  });

  it('closes with 4401 for a bad token, and for a first message that is not auth', async () => {
    const bad = await openLive(url);
    bad.send({ type: 'auth', token: `${sessionA.token}x`, tenantId: storeA });
    expect((await bad.closed).code).toBe(LIVE_CLOSE.UNAUTHENTICATED);
    const unsigned = await openLive(url);
    unsigned.send({ type: 'ping' });
    expect((await unsigned.closed).code).toBe(LIVE_CLOSE.UNAUTHENTICATED);
  });

  it("closes with 4403 when the token is another store's", async () => {
    const client = await openLive(url);
    client.send({ type: 'auth', token: sessionB.token, tenantId: storeA });
    expect((await client.closed).code).toBe(LIVE_CLOSE.FORBIDDEN);
  });

  it('closes with 4408 when no auth message comes in time', async () => {
    const client = await openLive(url);
    const started = Date.now();
    expect((await client.closed).code).toBe(LIVE_CLOSE.AUTH_TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('closes with 4410 when the token runs out while the socket is open', async () => {
    const claims = await t.app.deps.tokens.verify(sessionA.token);
    if (!claims) throw new Error('no claims');
    const { exp: _exp, iat: _iat, sv, sid, ...rest } = claims;
    const shortLived = await createTokenService(JWT_SECRET, 2).issue(rest, sv ?? 0, sid ?? '');
    const client = await openSignedIn(url, { token: shortLived, tenantId: storeA });
    const closed = await client.closed;
    expect(closed.code).toBe(LIVE_CLOSE.TOKEN_EXPIRED);
  });

  it('closes with 4400 for a message that is not JSON, not in the contract, or too large', async () => {
    for (const text of [
      'not json',
      JSON.stringify({ type: 'shout' }),
      JSON.stringify({ type: 'ping', pad: 'x'.repeat(LIVE_CLIENT_MESSAGE_MAX_BYTES) }),
    ]) {
      const client = await openSignedIn(url, sessionA2);
      client.socket.send(text);
      expect((await client.closed).code, text.slice(0, 20)).toBe(LIVE_CLOSE.BAD_MESSAGE);
    }
  });

  it('keeps an upgraded socket open past the HTTP idle and request timeouts', async () => {
    const client = track(await openSignedIn(url, sessionA2));
    await new Promise((r) => setTimeout(r, 3000));
    client.send({ type: 'ping' });
    await client.next((m) => 'type' in m && m.type === 'pong');
  });
});

describe('events', () => {
  it("a mail taken in for store A reaches A's sockets with its case, and no socket of store B", async () => {
    const thread = await caseWithThread(storeA);
    const a = track(await openSignedIn(url, sessionA));
    const b = track(await openSignedIn(url, sessionB));
    const outcome = await ingest(storeA, thread.messageId);
    expect(outcome.status).toBe('stored');
    await a.next((m) => 'EVENT' in m && m.EVENT === 'MAIL_COUNT_UPDATED');
    await a.next(
      (m) => 'EVENT' in m && m.EVENT === 'CLAIM_MAIL_COUNT_UPDATED' && m.meta.caseId === thread.caseId,
    );
    // B hears its own store's next mail, and before it nothing of A's.
    await ingest(storeB);
    await b.next((m) => 'EVENT' in m && m.EVENT === 'MAIL_COUNT_UPDATED');
    expect(b.messages.filter((m) => 'EVENT' in m)).toEqual([{ EVENT: 'MAIL_COUNT_UPDATED', meta: {} }]);
  });

  it('a change that is rolled back raises nothing', async () => {
    const client = track(await openSignedIn(url, sessionA));
    const db = forTenant(t.db, storeA);
    await expect(
      db.transaction(async (tx) => {
        await notifyLive(tx, { EVENT: 'CASE_UPDATED', meta: { caseId: 424242 } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.transaction((tx) => notifyLive(tx, { EVENT: 'CASE_UPDATED', meta: { caseId: 7 } }));
    await client.next((m) => 'EVENT' in m && m.EVENT === 'CASE_UPDATED');
    expect(eventsOf(client, 'CASE_UPDATED')).toEqual([{ EVENT: 'CASE_UPDATED', meta: { caseId: 7 } }]);
  });

  it('a one-time-code contact hears about its own case, not about another case of the store', async () => {
    const contact = await createContact(t.db, storeA);
    const own = await caseWithThread(storeA, [contact.email]);
    const other = await caseWithThread(storeA);
    const session = await signInWithOtp(t.app, t.dataDir, contact.email);
    const client = track(await openSignedIn(url, session));
    const staff = track(await openSignedIn(url, sessionA));
    await ingest(storeA, other.messageId);
    await staff.next(
      (m) => 'EVENT' in m && m.EVENT === 'CLAIM_MAIL_COUNT_UPDATED' && m.meta.caseId === other.caseId,
    );
    await ingest(storeA, own.messageId);
    await client.next(
      (m) => 'EVENT' in m && m.EVENT === 'CLAIM_MAIL_COUNT_UPDATED' && m.meta.caseId === own.caseId,
    );
    await staff.next(
      (m) => 'EVENT' in m && m.EVENT === 'CLAIM_MAIL_COUNT_UPDATED' && m.meta.caseId === own.caseId,
    );
    expect(eventsOf(client, 'CLAIM_MAIL_COUNT_UPDATED')).toEqual([
      { EVENT: 'CLAIM_MAIL_COUNT_UPDATED', meta: { caseId: own.caseId } },
    ]);
    // The store's counts are for everyone signed in to it.
    expect(eventsOf(client, 'MAIL_COUNT_UPDATED').length).toBeGreaterThanOrEqual(1);
  });
});

describe('limits', () => {
  it('closes a socket that sends more than 20 messages within 10 seconds with 4429', async () => {
    const client = await openSignedIn(url, sessionA2);
    for (let i = 0; i < 25; i += 1) client.send({ type: 'ping' });
    expect((await client.closed).code).toBe(LIVE_CLOSE.TOO_MANY);
    expect(client.messages.filter((m) => 'type' in m && m.type === 'pong').length).toBeLessThanOrEqual(20);
  });

  it("refuses a user's socket past LIVE_MAX_SOCKETS_PER_USER with 4409, and takes one again after a close", async () => {
    const user = await createUser(t.db, storeA);
    const session = await signIn(t.app, user);
    const three = [
      await openSignedIn(url, session),
      await openSignedIn(url, session),
      await openSignedIn(url, session),
    ];
    const fourth = await openLive(url);
    fourth.send({ type: 'auth', token: session.token, tenantId: storeA });
    expect((await fourth.closed).code).toBe(LIVE_CLOSE.TOO_MANY_SOCKETS);
    await three[0]?.close();
    track(await openSignedIn(url, session));
    three.slice(1).forEach(track);
  });
});

describe('presence', () => {
  /** The cases of the PRESENCE events a socket got. */
  const presenceCases = (client: LiveTestClient) =>
    client.messages.flatMap((m) => ('EVENT' in m && m.EVENT === 'PRESENCE' ? [m.meta.caseId] : []));
  /** The next PRESENCE of the case whose people are `people` (in name order). */
  const awaitPeople = (client: LiveTestClient, caseId: number, people: TPresencePerson[]) =>
    client.next(
      (m) =>
        'EVENT' in m &&
        m.EVENT === 'PRESENCE' &&
        m.meta.caseId === caseId &&
        JSON.stringify(m.meta.people) === JSON.stringify(people),
    );

  it('tells the store who views and who writes on a case, writing first, and who left', async () => {
    const { caseId } = await caseWithThread(storeA);
    const ada = track(await openSignedIn(url, sessionA));
    const bo = track(await openSignedIn(url, sessionA2));
    const other = track(await openSignedIn(url, sessionB));
    const adaViewing = { username: adaA.username, name: 'Ada Agent', state: 'viewing' } as const;
    const boName = 'Bo Berg';
    const boUsername = (await t.app.deps.tokens.verify(sessionA2.token))?.user_name ?? '';

    ada.send({ type: 'presence', caseId, state: 'viewing' });
    await awaitPeople(bo, caseId, [adaViewing]);
    bo.send({ type: 'presence', caseId, state: 'writing' });
    const both = [adaViewing, { username: boUsername, name: boName, state: 'writing' as const }];
    await awaitPeople(ada, caseId, both);
    // Ada in a second tab writes: one Ada, writing.
    const adaTab = track(await openSignedIn(url, sessionA));
    adaTab.send({ type: 'presence', caseId, state: 'writing' });
    await awaitPeople(bo, caseId, [{ ...adaViewing, state: 'writing' }, both[1] as TPresencePerson]);
    await adaTab.close();
    await awaitPeople(bo, caseId, both);
    await bo.close();
    await awaitPeople(ada, caseId, [adaViewing]);
    ada.send({ type: 'presence', caseId: null });
    await ada.next(
      (m) => 'EVENT' in m && m.EVENT === 'PRESENCE' && m.meta.caseId === caseId && m.meta.people.length === 0,
    );
    expect(eventsOf(other, 'PRESENCE')).toEqual([]);
  });

  it('a socket that signs in later is told who is on which case at once (for the lists)', async () => {
    const first = await caseWithThread(storeA);
    const second = await caseWithThread(storeA);
    const ada = track(await openSignedIn(url, sessionA));
    const watcher = track(await openSignedIn(url, sessionA2));
    ada.send({ type: 'presence', caseId: second.caseId, state: 'writing' });
    await awaitPeople(watcher, second.caseId, [
      { username: adaA.username, name: 'Ada Agent', state: 'writing' },
    ]);
    // Bo's new tab (and a store B socket) sign in after Ada moved: Bo's hears where she is now.
    const late = track(await openSignedIn(url, sessionA2));
    const otherStore = track(await openSignedIn(url, sessionB));
    await awaitPeople(late, second.caseId, [
      { username: adaA.username, name: 'Ada Agent', state: 'writing' },
    ]);
    expect(presenceCases(late).filter((id) => id === first.caseId)).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(eventsOf(otherStore, 'PRESENCE')).toEqual([]);
  });

  it('tells a one-time-code contact no staff presence, not even on its own case, and never shows the contact', async () => {
    const contact = await createContact(t.db, storeA);
    const own = await caseWithThread(storeA, [contact.email]);
    const notOwn = await caseWithThread(storeA);
    const ada = track(await openSignedIn(url, sessionA));
    const adaTab = track(await openSignedIn(url, sessionA));
    const staff = track(await openSignedIn(url, sessionA2));
    ada.send({ type: 'presence', caseId: notOwn.caseId, state: 'viewing' });
    adaTab.send({ type: 'presence', caseId: own.caseId, state: 'writing' });
    await awaitPeople(staff, own.caseId, [{ username: adaA.username, name: 'Ada Agent', state: 'writing' }]);
    const client = track(await openSignedIn(url, await signInWithOtp(t.app, t.dataDir, contact.email)));
    client.send({ type: 'presence', caseId: own.caseId, state: 'viewing' });
    // Ada moves on her case after the contact came in: the staff hear it, the contact does not.
    const heardBefore = eventsOf(staff, 'PRESENCE').length;
    ada.send({ type: 'presence', caseId: own.caseId, state: 'viewing' });
    await expect.poll(() => eventsOf(staff, 'PRESENCE').length).toBeGreaterThan(heardBefore);
    await new Promise((r) => setTimeout(r, 300));
    // Who of the staff is on a case is not told outside the store (their names and initials).
    expect(eventsOf(client, 'PRESENCE')).toEqual([]);
    expect(JSON.stringify(eventsOf(staff, 'PRESENCE'))).not.toContain(contact.email);
  });
});

describe('shutdown', () => {
  it('closes every socket with 1001 when the app closes', async () => {
    const other = await createTestApp({ JWT_SECRET });
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const store = (await createStore(other.db)).tenantId;
    const session = await signIn(other.app, await createUser(other.db, store));
    const client = await openSignedIn(liveUrl(other.app), session);
    await other.close();
    expect((await client.closed).code).toBe(LIVE_CLOSE.GOING_AWAY);
  });
});
