/**
 * The live hub under a slow or dead client, and a lost LISTEN connection: a socket that does not
 * read is dropped with SLOW_CONSUMER while the others get every event, one that does not answer
 * pings is dropped (and leaves its case), and after the database listener was lost every socket
 * is told to reconnect and refetch.
 */
import { sql } from 'drizzle-orm';
import { LIVE_CLOSE, type TLiveServerMessage } from '@claimdesk/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forTenant } from '../../src/db/tenant-db';
import { notifyLive } from '../../src/modules/cases/live-notify.repository';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createStore, createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { liveUrl, openSignedIn } from './live-client';

/** A first name this long makes each PRESENCE of its person about 16 KB. */
const LONG_NAME = 'W'.repeat(16 * 1024);
/** 16 MB of events in all: more than the kernel's socket buffers hold for a socket that does not read. */
const TOGGLES = 1000;

interface Setup {
  t: TestApp;
  url: string;
  tenantId: string;
  caseId: number;
  writer: Session;
  reader: Session;
  sleeper: Session;
}

/** A listening app with a store, a case and three signed-in people (the writer's name is long). */
async function setUp(env: Record<string, string>): Promise<Setup> {
  const t = await createTestApp(env);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const tenantId = (await createStore(t.db)).tenantId;
  return {
    t,
    url: liveUrl(t.app),
    tenantId,
    caseId: (await createCase(t.db, tenantId)).id,
    writer: await signIn(t.app, await createUser(t.db, tenantId, { firstName: LONG_NAME })),
    reader: await signIn(t.app, await createUser(t.db, tenantId)),
    sleeper: await signIn(t.app, await createUser(t.db, tenantId)),
  };
}

/** Pings every 0.3 s: a socket that does not answer is gone within a second. */
let quick: Setup;
beforeAll(async () => {
  quick = await setUp({ LIVE_PING_SECONDS: '0.3' });
});
afterAll(() => quick.t.close());

const isPresence = (m: TLiveServerMessage, state: string) =>
  'EVENT' in m && m.EVENT === 'PRESENCE' && m.meta.people.some((p) => p.state === state);

it('drops a socket that does not read its events (4503) and still serves the one that does', async () => {
  // Pings at their usual pace here: a socket that does not read does not answer them either.
  const { t, url, caseId, writer, reader, sleeper } = await setUp({ LIVE_MAX_CLIENT_MESSAGES: '2000' });
  const slow = await openSignedIn(url, sleeper);
  const fast = await openSignedIn(url, reader);
  const busy = await openSignedIn(url, writer);
  slow.socket.pause();
  const presences = (client: typeof busy) =>
    client.messages.filter((m) => 'EVENT' in m && m.EVENT === 'PRESENCE').length;
  // One at a time, as a person would: each toggle's echo comes back before the next.
  for (let i = 0; i < TOGGLES; i += 1) {
    busy.send({ type: 'presence', caseId, state: i % 2 === 0 ? 'writing' : 'viewing' });
    await busy.next(() => presences(busy) === i + 1);
  }
  // The last toggle (viewing) reached the reader: the slow socket held nobody up.
  await fast.next(
    (m) =>
      fast.messages.filter((x) => 'EVENT' in x && x.EVENT === 'PRESENCE').length === TOGGLES &&
      isPresence(m, 'viewing'),
    30_000,
  );
  slow.socket.resume();
  expect((await slow.closed).code).toBe(LIVE_CLOSE.SLOW_CONSUMER);
  expect(slow.messages.length).toBeLessThan(TOGGLES);
  await Promise.all([fast.close(), busy.close()]);
  await t.close();
}, 90_000);

it('drops a socket that does not answer pings, and its presence leaves the case', async () => {
  const { url, caseId, reader, sleeper } = quick;
  const watcher = await openSignedIn(url, reader);
  const dead = await openSignedIn(url, sleeper);
  dead.send({ type: 'presence', caseId, state: 'viewing' });
  await watcher.next((m) => 'EVENT' in m && m.EVENT === 'PRESENCE' && m.meta.people.length === 1);
  dead.socket.pause();
  await watcher.next((m) => 'EVENT' in m && m.EVENT === 'PRESENCE' && m.meta.people.length === 0, 5000);
  dead.socket.resume();
  expect((await dead.closed).code).toBe(1006);
  await watcher.close();
});

it("closes a socket with 4401 within a ping once its user's sign-in ended (the account removed)", async () => {
  const { t, url, tenantId } = quick;
  const admin = await signIn(t.app, await createUser(t.db, tenantId, { roles: ['ADMIN_USER'] }));
  const leaving = await createUser(t.db, tenantId);
  const client = await openSignedIn(url, await signIn(t.app, leaving));
  const removed = await call(t.app, admin, { method: 'DELETE', url: `/v2/api/users/${String(leaving.id)}` });
  expect(removed.statusCode, removed.body).toBeLessThan(300);
  const started = Date.now();
  expect((await client.closed).code).toBe(LIVE_CLOSE.UNAUTHENTICATED);
  expect(Date.now() - started).toBeLessThan(2000);
});

it.runIf(process.env.DATABASE_URL)(
  'after the LISTEN connection is lost, sockets are told to refetch (4503) and events flow again',
  async () => {
    const { t, url, tenantId, caseId, reader } = quick;
    const before = await openSignedIn(url, reader);
    const killed = await t.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query ILIKE 'LISTEN%claimdesk_live%' AND pid <> pg_backend_pid()`,
    );
    expect((killed as { rows: unknown[] }).rows).toHaveLength(1);
    expect((await before.closed).code).toBe(LIVE_CLOSE.SLOW_CONSUMER);
    const after = await openSignedIn(url, reader);
    await forTenant(t.db, tenantId).transaction((tx) =>
      notifyLive(tx, { EVENT: 'CASE_UPDATED', meta: { caseId } }),
    );
    await after.next((m) => 'EVENT' in m && m.EVENT === 'CASE_UPDATED');
    await after.close();
  },
  30_000,
);
