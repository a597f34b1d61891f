/**
 * Moving mails between cases and back to unmapped (POST /v2/api/claims/mails/move) through HTTP:
 * timeline entries on both cases, unread counts, the cases' search, undo, refusals, and replies
 * that follow a moved mail.
 */
import type {
  TCase,
  TListCasesResponse,
  TListUnmappedMailsResponse,
  TMailLog,
  TMoveMailsResponse,
  TTimelineEntry,
} from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, mailLogs } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';

let t: TestApp;
let store: StoreFixture;
let staff: Session;
let staffName: string;
let otherStaff: Session;
let caseA: Awaited<ReturnType<typeof createCase>>;
let caseB: Awaited<ReturnType<typeof createCase>>;
let foreignCase: Awaited<ReturnType<typeof createCase>>;
let foreignMail: number;

async function ingest(tenantId: string, raw: Buffer): Promise<number> {
  const outcome = await ingestMail({ files: t.app.deps.files, db: forTenant(t.db, tenantId) }, { raw });
  if (outcome.status !== 'stored') throw new Error(outcome.status);
  return outcome.mailLogId;
}

const insertMail = async (values: Partial<typeof mailLogs.$inferInsert>) => {
  const [row] = await t.db
    .insert(mailLogs)
    .values({
      tenantId: store.tenantId,
      direction: 'out',
      messageId: `<${String(Math.random()).slice(2)}@store.test>`,
      subject: 'Inserted',
      ...values,
    })
    .returning();
  return row?.id ?? 0;
};

const move = (mailIds: number[], caseId: number | null, session = staff) =>
  call(t.app, session, { method: 'POST', url: '/v2/api/claims/mails/move', body: { mailIds, caseId } });
const moved = async (mailIds: number[], caseId: number | null) => {
  const response = await move(mailIds, caseId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TMoveMailsResponse>().moved;
};
const getCase = async (id: number) =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(id)}` })).json<TCase>();
const movedEntries = async (id: number) =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(id)}/timeline` }))
    .json<TTimelineEntry[]>()
    .filter((e) => e.kind === 'mail-moved');
const caseMailIds = async (id: number) =>
  (await call(t.app, staff, { url: `/v2/api/claims/mails/${String(id)}/mail-logs` }))
    .json<TMailLog[]>()
    .map((m) => m.id);
const unmappedIds = async () =>
  (await call(t.app, staff, { url: '/v2/api/unmapped-mails?type=inbox' }))
    .json<TListUnmappedMailsResponse>()
    .items.map((m) => m.id);
const casesFound = async (search: string) =>
  (
    await call(t.app, staff, {
      url: `/v2/api/claims?type=open&workFlow=claim&search=${encodeURIComponent(search)}`,
    })
  )
    .json<TListCasesResponse>()
    .items.map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  const user = await createUser(t.db, store.tenantId);
  staffName = user.username;
  staff = await signIn(t.app, user);
  const other = await createStore(t.db);
  otherStaff = await signIn(t.app, await createUser(t.db, other.tenantId));
  caseA = await createCase(t.db, store.tenantId, { customerEmail: 'kari@customer.test' });
  caseB = await createCase(t.db, store.tenantId, { customerEmail: 'ola@customer.test' });
  foreignCase = await createCase(t.db, other.tenantId);
  foreignMail = await ingest(other.tenantId, rawMail({ messageId: '<foreign@customer.test>' }));
});
afterAll(() => t.close());

describe('POST /v2/api/claims/mails/move', () => {
  it('moves a mail from unmapped to a case, on to another case and back, with entries, counts and search', async () => {
    const id = await ingest(
      store.tenantId,
      rawMail({ messageId: '<zebra@customer.test>', subject: 'Striped kettle', body: 'Zebrapattern kettle' }),
    );
    expect(await moved([id], caseA.id)).toEqual([{ id, fromCaseId: null, toCaseId: caseA.id }]);
    expect(await caseMailIds(caseA.id)).toEqual([id]);
    expect(await unmappedIds()).not.toContain(id);
    expect((await getCase(caseA.id)).unreadMailCount).toBe(1);
    const [joined] = await movedEntries(caseA.id);
    expect(joined).toMatchObject({
      actor: staffName,
      mailLogId: id,
      changes: [{ field: 'case', from: null, to: caseA.caseNumber }],
    });
    expect(await casesFound('zebrapattern')).toEqual([caseA.id]);

    // A → B: an entry on both cases, the unread mail counts on B now, and B's search finds it.
    expect(await moved([id], caseB.id)).toEqual([{ id, fromCaseId: caseA.id, toCaseId: caseB.id }]);
    expect(await caseMailIds(caseA.id)).toEqual([]);
    expect(await caseMailIds(caseB.id)).toEqual([id]);
    expect((await getCase(caseA.id)).unreadMailCount).toBe(0);
    expect((await getCase(caseB.id)).unreadMailCount).toBe(1);
    const change = [{ field: 'case', from: caseA.caseNumber, to: caseB.caseNumber }];
    expect((await movedEntries(caseA.id)).at(-1)).toMatchObject({ mailLogId: id, changes: change });
    expect((await movedEntries(caseB.id)).at(-1)).toMatchObject({ mailLogId: id, changes: change });
    expect(await casesFound('zebrapattern')).toEqual([caseB.id]);

    // Undo is the reverse move with the answer's fromCaseId.
    expect(await moved([id], caseA.id)).toEqual([{ id, fromCaseId: caseB.id, toCaseId: caseA.id }]);
    expect(await caseMailIds(caseA.id)).toEqual([id]);
    expect((await getCase(caseA.id)).unreadMailCount).toBe(1);
    expect((await getCase(caseB.id)).unreadMailCount).toBe(0);
    expect(await casesFound('zebrapattern')).toEqual([caseA.id]);

    // Back to unmapped: an entry on the case it left only.
    const before = (await movedEntries(caseB.id)).length;
    expect(await moved([id], null)).toEqual([{ id, fromCaseId: caseA.id, toCaseId: null }]);
    expect(await unmappedIds()).toContain(id);
    expect((await getCase(caseA.id)).unreadMailCount).toBe(0);
    expect((await movedEntries(caseA.id)).at(-1)?.changes).toEqual([
      { field: 'case', from: caseA.caseNumber, to: null },
    ]);
    expect(await movedEntries(caseB.id)).toHaveLength(before);
    expect(await casesFound('zebrapattern')).toEqual([]);
  });

  it('leaves mails already there out of `moved`, and a read mail out of the unread counts', async () => {
    const read = await ingest(
      store.tenantId,
      rawMail({ messageId: '<read@customer.test>', subject: 'Read' }),
    );
    await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/mails/${String(read)}/mark-read-status?isRead=true`,
    });
    const there = await insertMail({ caseId: caseB.id, sendState: 'sent', isRead: true });
    const unreadB = (await getCase(caseB.id)).unreadMailCount;
    const entriesB = (await movedEntries(caseB.id)).length;
    expect(await moved([read, there, read], caseB.id)).toEqual([
      { id: read, fromCaseId: null, toCaseId: caseB.id },
    ]);
    expect((await getCase(caseB.id)).unreadMailCount).toBe(unreadB);
    expect(await movedEntries(caseB.id)).toHaveLength(entriesB + 1);
    expect(await moved([there], caseB.id)).toEqual([]);
  });

  it('moves a sent or failed mail, refuses a draft or a mail in the outbox (409), all or nothing', async () => {
    const failed = await insertMail({ caseId: caseA.id, sendState: 'failed', sendError: 'No route' });
    expect(await moved([failed], caseB.id)).toEqual([
      { id: failed, fromCaseId: caseA.id, toCaseId: caseB.id },
    ]);
    const draft = await insertMail({ caseId: caseA.id, sendState: 'draft' });
    const pending = await insertMail({ caseId: caseA.id, sendState: 'pending' });
    const free = await ingest(
      store.tenantId,
      rawMail({ messageId: '<free@customer.test>', subject: 'Free' }),
    );
    expect((await move([free, draft], caseB.id)).statusCode).toBe(409);
    expect((await move([pending], null)).statusCode).toBe(409);
    expect(await unmappedIds()).toContain(free);
    const [row] = await t.db
      .select({ caseId: mailLogs.caseId })
      .from(mailLogs)
      .where(and(eq(mailLogs.tenantId, store.tenantId), eq(mailLogs.id, pending)));
    expect(row?.caseId).toBe(caseA.id);
  });

  it('answers 404 for another store’s mail or case, a deleted mail or a deleted case', async () => {
    const id = await ingest(store.tenantId, rawMail({ messageId: '<mine@customer.test>', subject: 'Mine' }));
    expect((await move([foreignMail], caseA.id)).statusCode).toBe(404);
    expect((await move([id, foreignMail], caseA.id)).statusCode).toBe(404);
    expect((await move([id], foreignCase.id)).statusCode).toBe(404);
    expect((await move([id], caseA.id, otherStaff)).statusCode).toBe(404);
    expect((await move([999_999], null)).statusCode).toBe(404);
    const binned = await insertMail({ direction: 'in', isDeleted: true });
    expect((await move([binned], caseA.id)).statusCode).toBe(404);
    const gone = await createCase(t.db, store.tenantId);
    await t.db
      .update(cases)
      .set({ deletedAt: new Date() })
      .where(and(eq(cases.tenantId, store.tenantId), eq(cases.id, gone.id)));
    expect((await move([id], gone.id)).statusCode).toBe(404);
    const onGone = await insertMail({ caseId: gone.id, sendState: 'sent' });
    expect((await move([onGone], caseA.id)).statusCode).toBe(404);
    expect(await unmappedIds()).toContain(id);
  });

  it('refuses a bad body with a 400 naming the field', async () => {
    for (const body of [
      { mailIds: [], caseId: null },
      { mailIds: Array.from({ length: 101 }, (_, i) => i + 1), caseId: null },
      { mailIds: ['x'], caseId: null },
      { mailIds: [1] },
      { mailIds: [1], caseId: -3 },
    ]) {
      const response = await call(t.app, staff, { method: 'POST', url: '/v2/api/claims/mails/move', body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json<{ fieldErrors?: object }>().fieldErrors ?? {})).not.toHaveLength(0);
    }
  });

  it('takes later replies to the moved mail to its new case', async () => {
    const first = await ingest(
      store.tenantId,
      rawMail({ messageId: '<thread-1@customer.test>', subject: 'Thread' }),
    );
    await moved([first], caseA.id);
    expect(await moved([first], caseB.id)).toHaveLength(1);
    const reply = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<thread-2@customer.test>',
        subject: 'Re: Thread',
        headers: ['In-Reply-To: <thread-1@customer.test>', 'References: <thread-1@customer.test>'],
      }),
    );
    expect(await caseMailIds(caseB.id)).toContain(reply);
    expect(await caseMailIds(caseA.id)).not.toContain(reply);
    const byReferences = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<thread-3@customer.test>',
        subject: 'Again',
        headers: ['References: <thread-1@customer.test>'],
      }),
    );
    expect(await caseMailIds(caseB.id)).toContain(byReferences);
  });
});
