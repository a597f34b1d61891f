/**
 * Unmapped mails through HTTP: the triage lists with keyset paging, mapping a mail (and its
 * thread) onto a case, making a case from a mail, and parsing an unparseable mail again.
 */
import type {
  TCase,
  TListUnmappedMailsResponse,
  TMailLog,
  TMapMailResponse,
  TTimelineEntry,
} from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import type { IngestDeps } from '../../src/modules/mail/intake/ingest-types';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';

let t: TestApp;
let deps: Omit<IngestDeps, 'db'>;
let store: StoreFixture;
let staff: Session;
let staffName: string;
let otherStaff: Session;
let foreignCaseId: number;

async function ingest(tenantId: string, raw: Buffer, parse?: IngestDeps['parse']): Promise<number> {
  const outcome = await ingestMail(
    { ...deps, db: forTenant(t.db, tenantId), ...(parse && { parse }) },
    { raw },
  );
  if (outcome.status !== 'stored' && outcome.status !== 'unparseable') throw new Error(outcome.status);
  return outcome.mailLogId;
}

const list = (query: string, session = staff) =>
  call(t.app, session, { url: `/v2/api/unmapped-mails?${query}` });
const page = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TListUnmappedMailsResponse>();
};
const getCase = async (id: number) =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(id)}` })).json<TCase>();
const timeline = async (id: number) =>
  (await call(t.app, staff, { url: `/v2/api/claims/${String(id)}/timeline` })).json<TTimelineEntry[]>();
const map = (mailId: number, caseId: unknown, session = staff) =>
  call(t.app, session, {
    method: 'PUT',
    url: `/v2/api/unmapped-mails/${String(mailId)}/map`,
    body: { caseId },
  });
const createFrom = (mailId: number, body: unknown, session = staff) =>
  call(t.app, session, { method: 'POST', url: `/v2/api/unmapped-mails/${String(mailId)}/create-case`, body });
const undoCreate = (mailId: number, caseId: unknown, session = staff) =>
  call(t.app, session, {
    method: 'DELETE',
    url: `/v2/api/unmapped-mails/${String(mailId)}/create-case?caseId=${String(caseId)}`,
  });

beforeAll(async () => {
  t = await createTestApp();
  deps = { files: t.app.deps.files };
  store = await createStore(t.db);
  const other = await createStore(t.db);
  const user = await createUser(t.db, store.tenantId);
  staffName = user.username;
  staff = await signIn(t.app, user);
  otherStaff = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
  foreignCaseId = (await createCase(t.db, other.tenantId)).id;
});
afterAll(() => t.close());

describe('GET /v2/api/unmapped-mails', () => {
  it('pages the inbox newest first by keyset, without text or HTML but with a snippet', async () => {
    const paging = await createStore(t.db);
    const session = await signIn(t.app, await createUser(t.db, paging.tenantId));
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      ids.push(
        await ingest(
          paging.tenantId,
          rawMail({
            messageId: `<p${String(n)}@customer.test>`,
            subject: `Question ${String(n)}`,
            body: `Body ${String(n)}`,
          }),
        ),
      );
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(`type=inbox&limit=2${cursor ? `&cursor=${cursor}` : ''}`, session);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TListUnmappedMailsResponse>();
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((m) => m.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    const [first] = (await list('type=inbox&limit=1', session)).json<TListUnmappedMailsResponse>().items;
    expect(first).toMatchObject({
      id: ids[4],
      subject: 'Question 5',
      snippet: 'Body 5',
      caseId: null,
      isRead: false,
    });
    expect(first).not.toHaveProperty('html');
    expect(first).not.toHaveProperty('text');
    expect((await list('type=sent', session)).json<TListUnmappedMailsResponse>().items).toEqual([]);
    expect((await list('type=inbox', otherStaff)).json<TListUnmappedMailsResponse>().items).toEqual([]);
  });

  it('lists sent mails without a case and unparseable mails in their own tabs', async () => {
    const [sent] = await t.db
      .insert(mailLogs)
      .values({
        tenantId: store.tenantId,
        direction: 'out',
        messageId: '<sent-unmapped@store.test>',
        subject: 'We got your parcel',
        to: [{ address: 'ola@customer.test', name: 'Ola' }],
        sendState: 'sent',
        isRead: true,
      })
      .returning();
    await t.db.insert(mailLogs).values({
      tenantId: store.tenantId,
      direction: 'out',
      messageId: '<draft-unmapped@store.test>',
      subject: 'Not yet',
      sendState: 'draft',
    });
    const broken = await ingest(store.tenantId, rawMail({ messageId: '<broken@customer.test>' }), () =>
      Promise.reject(new Error('parser gave up')),
    );
    expect((await page('type=sent')).items.map((m) => m.id)).toEqual([sent?.id]);
    const unparseable = (await page('type=unparseable')).items;
    expect(unparseable.map((m) => m.id)).toEqual([broken]);
    expect(unparseable[0]).toMatchObject({ parseState: 'unparseable', parseError: 'parser gave up' });
    expect(unparseable[0]?.attachments.map((a) => a.fileName)).toEqual(['message.eml']);
    expect((await page('type=inbox')).items.map((m) => m.id)).not.toContain(broken);
  });

  it('refuses bad parameters with field messages (400)', async () => {
    for (const [query, field] of [
      ['type=archive', 'type'],
      ['', 'type'],
      ['type=inbox&limit=101', 'limit'],
      ['type=inbox&limit=0', 'limit'],
      ['type=inbox&cursor=not-a-cursor', 'cursor'],
      [`type=inbox&cursor=${Buffer.from('["x",1]').toString('base64url')}`, 'cursor'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors, query).toHaveProperty(
        field,
      );
    }
  });
});

describe('PUT /v2/api/unmapped-mails/{id}/map', () => {
  it('moves the mail and its thread onto the case, with timeline entries and unread counts', async () => {
    const theCase = await createCase(t.db, store.tenantId, { customerEmail: 'kari@customer.test' });
    const first = await ingest(
      store.tenantId,
      rawMail({ messageId: '<t1@customer.test>', subject: 'Kettle' }),
    );
    const reply = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<t2@customer.test>',
        subject: 'Re: Kettle',
        headers: ['In-Reply-To: <t1@customer.test>'],
      }),
    );
    const later = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<t3@customer.test>',
        subject: 'Re: Re: Kettle',
        headers: ['References: <t1@customer.test> <t2@customer.test>'],
      }),
    );
    const unrelated = await ingest(
      store.tenantId,
      rawMail({ messageId: '<t4@customer.test>', subject: 'Other' }),
    );
    const read = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/mails/${String(later)}/mark-read-status?isRead=true`,
    });
    expect(read.statusCode).toBe(200);

    const response = await map(reply, theCase.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TMapMailResponse>();
    expect(body.caseId).toBe(theCase.id);
    expect(body.caseNumber).toBe(theCase.caseNumber);
    expect(body.mails.map((m) => m.id)).toEqual([reply, first, later]);
    expect(body.mails.every((m) => m.caseId === theCase.id && m.caseNumber === theCase.caseNumber)).toBe(
      true,
    );

    expect((await getCase(theCase.id)).unreadMailCount).toBe(2);
    // Each moved mail is said as a move from unmapped to the case, by the staff member.
    const entries = (await timeline(theCase.id)).filter((e) => e.kind === 'mail-moved');
    expect(entries.map((e) => e.mailLogId).sort()).toEqual([first, reply, later].sort());
    expect(entries.every((e) => e.actor === staffName)).toBe(true);
    expect(entries.map((e) => e.changes)).toEqual(
      entries.map(() => [{ field: 'case', from: null, to: theCase.caseNumber }]),
    );
    expect((await timeline(theCase.id)).some((e) => e.kind === 'mail-in')).toBe(false);
    const caseMails = await call(t.app, staff, {
      url: `/v2/api/claims/mails/${String(theCase.id)}/mail-logs`,
    });
    expect(caseMails.json<TMailLog[]>().map((m) => m.id)).toEqual([first, reply, later]);
    expect((await page('type=inbox')).items.map((m) => m.id)).toContain(unrelated);
    expect((await page('type=inbox')).items.map((m) => m.id)).not.toContain(first);
  });

  it('maps a sent mail with a move entry and no unread change', async () => {
    const theCase = await createCase(t.db, store.tenantId);
    const [sent] = await t.db
      .insert(mailLogs)
      .values({
        tenantId: store.tenantId,
        direction: 'out',
        messageId: '<sent-map@store.test>',
        subject: 'Offer',
        sendState: 'sent',
        isRead: true,
      })
      .returning();
    const response = await map(sent?.id ?? 0, theCase.id);
    expect(response.statusCode, response.body).toBe(200);
    expect((await getCase(theCase.id)).unreadMailCount).toBe(0);
    expect((await timeline(theCase.id)).map((e) => [e.kind, e.mailLogId])).toContainEqual([
      'mail-moved',
      sent?.id,
    ]);
  });

  it('refuses another store’s case or mail (404), a mapped mail (409) and a bad body (400)', async () => {
    const theCase = await createCase(t.db, store.tenantId);
    const mail = await ingest(store.tenantId, rawMail({ messageId: '<refuse@customer.test>' }));
    expect((await map(mail, foreignCaseId)).statusCode).toBe(404);
    expect((await map(mail, theCase.id, otherStaff)).statusCode).toBe(404);
    expect((await map(mail, 'seven')).statusCode).toBe(400);
    expect((await map(mail, 99_999_999_999)).statusCode).toBe(400);
    const deleted = await createCase(t.db, store.tenantId, { deletedAt: new Date() });
    expect((await map(mail, deleted.id)).statusCode).toBe(404);
    expect((await map(mail, theCase.id)).statusCode).toBe(200);
    expect((await map(mail, theCase.id)).statusCode).toBe(409);
    expect((await getCase(theCase.id)).unreadMailCount).toBe(1);
  });
});

describe('POST /v2/api/unmapped-mails/{id}/create-case', () => {
  it('makes a case from the mail through the cases service and maps the mail onto it', async () => {
    const mail = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<new-case@customer.test>',
        subject: 'Broken kettle',
        body: 'It stopped working.',
      }),
    );
    const response = await createFrom(mail, { workFlow: 'claim' });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<TCase>();
    expect(created).toMatchObject({
      workFlow: 'claim',
      status: 'new',
      customer: { name: 'Kari Nordmann', email: 'kari@customer.test' },
      description: 'Broken kettle\n\nIt stopped working.',
      createdBy: staffName,
      unreadMailCount: 1,
    });
    expect((await timeline(created.id)).map((e) => [e.kind, e.mailLogId])).toEqual([
      ['created', null],
      ['mail-moved', mail],
    ]);
    const read = await call(t.app, staff, { url: `/v2/api/claims/mails/${String(mail)}` });
    expect(read.json<TMailLog>()).toMatchObject({ caseId: created.id, caseNumber: created.caseNumber });
    expect((await createFrom(mail, { workFlow: 'claim' })).statusCode).toBe(409);
  });

  it('takes case fields from the body over what the mail suggests', async () => {
    const mail = await ingest(store.tenantId, rawMail({ messageId: '<override@customer.test>' }));
    const response = await createFrom(mail, {
      workFlow: 'claim',
      customer: { name: 'Kari N.', phone: '+47 912 34 567' },
      orderReference: 'ORD-77',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TCase>()).toMatchObject({
      customer: { name: 'Kari N.', phone: '+47 912 34 567' },
      orderReference: 'ORD-77',
      description: 'Broken kettle\n\nThe kettle stopped working.',
    });
  });

  it('saves nothing when the case is refused, and refuses another store’s mail (404)', async () => {
    const mail = await ingest(store.tenantId, rawMail({ messageId: '<refused@customer.test>' }));
    const probe = await createCase(t.db, store.tenantId);
    const unknownWorkflow = await createFrom(mail, { workFlow: 'nope' });
    expect(unknownWorkflow.statusCode).toBe(400);
    expect(unknownWorkflow.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'workFlow',
    );
    const badAssignee = await createFrom(mail, { workFlow: 'claim', assignee: 'nobody@store.test' });
    expect(badAssignee.statusCode).toBe(400);
    expect((await createFrom(mail, {})).statusCode).toBe(400);
    expect((await createFrom(mail, { workFlow: 'claim' }, otherStaff)).statusCode).toBe(404);
    const read = await call(t.app, staff, { url: `/v2/api/claims/mails/${String(mail)}` });
    expect(read.json<TMailLog>().caseId).toBeNull();
    // The refused create gave its number back: the next case follows the probe directly.
    const next = await createFrom(mail, { workFlow: 'claim' });
    expect(next.json<TCase>().caseNumber).toBe(probe.caseNumber + 1);
  });
});

describe('DELETE /v2/api/unmapped-mails/{id}/create-case (the undo of a new case)', () => {
  it('puts the mail and its thread back in unmapped and deletes the case it made', async () => {
    const first = await ingest(
      store.tenantId,
      rawMail({ messageId: '<undo-first@customer.test>', subject: 'Undo me' }),
    );
    const reply = await ingest(
      store.tenantId,
      rawMail({
        messageId: '<undo-reply@customer.test>',
        headers: ['In-Reply-To: <undo-first@customer.test>'],
      }),
    );
    const created = (await createFrom(first, { workFlow: 'claim' })).json<TCase>();
    expect(created.unreadMailCount).toBe(2);

    const response = await undoCreate(first, created.id);
    expect(response.statusCode, response.body).toBe(204);
    const inbox = (await page('type=inbox')).items.map((m) => m.id);
    expect(inbox).toEqual(expect.arrayContaining([first, reply]));
    expect((await call(t.app, staff, { url: `/v2/api/claims/${String(created.id)}` })).statusCode).toBe(404);
    const open = await call(t.app, staff, { url: '/v2/api/claims?type=open&workFlow=claim' });
    expect(open.body).not.toContain(`"id":${String(created.id)},`);
    // Made again, it is a new case: the undone one's number stays taken.
    const again = (await createFrom(first, { workFlow: 'claim' })).json<TCase>();
    expect(again.caseNumber).toBe(created.caseNumber + 1);
    expect((await undoCreate(first, created.id)).statusCode).toBe(404);
  });

  it('leaves a case that changed since, or that someone else made, and refuses bad input', async () => {
    const colleague = await signIn(t.app, await createUser(t.db, store.tenantId));
    const edited = await ingest(store.tenantId, rawMail({ messageId: '<undo-edited@customer.test>' }));
    const editedCase = (await createFrom(edited, { workFlow: 'claim' })).json<TCase>();
    const update = await call(t.app, staff, {
      method: 'PUT',
      url: `/v2/api/claims/${String(editedCase.id)}`,
      body: { version: editedCase.version, description: 'Checked by phone' },
    });
    expect(update.statusCode, update.body).toBe(200);
    const changed = await undoCreate(edited, editedCase.id);
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ message: string }>().message).toMatch(/changed since it was made/);

    const theirs = await ingest(store.tenantId, rawMail({ messageId: '<undo-theirs@customer.test>' }));
    const theirCase = (await createFrom(theirs, { workFlow: 'claim' }, colleague)).json<TCase>();
    expect((await undoCreate(theirs, theirCase.id)).statusCode).toBe(409);
    expect((await undoCreate(theirs, theirCase.id, otherStaff)).statusCode).toBe(404);
    expect((await undoCreate(edited, theirCase.id, colleague)).statusCode).toBe(404);
    expect((await undoCreate(theirs, 'seven', colleague)).statusCode).toBe(400);
    for (const [mail, theCase] of [
      [edited, editedCase],
      [theirs, theirCase],
    ] as const) {
      const read = await call(t.app, staff, { url: `/v2/api/claims/mails/${String(mail)}` });
      expect(read.json<TMailLog>().caseId).toBe(theCase.id);
    }
    expect((await undoCreate(theirs, theirCase.id, colleague)).statusCode).toBe(204);
  });
});

describe('POST /v2/api/unmapped-mails/{id}/reparse', () => {
  it('parses an unparseable mail again and answers it', async () => {
    const broken = await ingest(
      store.tenantId,
      rawMail({ messageId: '<reparse@customer.test>', subject: 'Second try', body: 'Now readable.' }),
      () => Promise.reject(new Error('parser bug')),
    );
    expect(
      (
        await call(t.app, otherStaff, {
          method: 'POST',
          url: `/v2/api/unmapped-mails/${String(broken)}/reparse`,
        })
      ).statusCode,
    ).toBe(404);
    const response = await call(t.app, staff, {
      method: 'POST',
      url: `/v2/api/unmapped-mails/${String(broken)}/reparse`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TMailLog>()).toMatchObject({
      id: broken,
      parseState: 'ok',
      parseError: null,
      subject: 'Second try',
      from: { address: 'kari@customer.test' },
    });
    expect((await page('type=unparseable')).items.map((m) => m.id)).not.toContain(broken);
    expect((await page('type=inbox')).items.map((m) => m.id)).toContain(broken);
    const again = await call(t.app, staff, {
      method: 'POST',
      url: `/v2/api/unmapped-mails/${String(broken)}/reparse`,
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await call(t.app, staff, { method: 'POST', url: '/v2/api/unmapped-mails/abc/reparse' })).statusCode,
    ).toBe(400);
  });
});
