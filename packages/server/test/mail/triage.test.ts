/**
 * The inbox (GET /v2/api/messages/{messageSource}) and the suggested cases of unmapped mails
 * (GET /v2/api/unmapped-mails/suggestions), through HTTP.
 */
import type { TListMailsResponse, TMailSuggestionsResponse } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseParticipants, mailLogs } from '../../src/db/schema';
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

async function ingest(tenantId: string, raw: Buffer): Promise<number> {
  const outcome = await ingestMail({ files: t.app.deps.files, db: forTenant(t.db, tenantId) }, { raw });
  if (outcome.status !== 'stored') throw new Error(outcome.status);
  return outcome.mailLogId;
}

const setMail = (id: number, values: Partial<typeof mailLogs.$inferInsert>) =>
  t.db
    .update(mailLogs)
    .set(values)
    .where(and(eq(mailLogs.tenantId, store.tenantId), eq(mailLogs.id, id)));

const inbox = async (query = '', session = staff) => {
  const response = await call(t.app, session, { url: `/v2/api/messages/mail?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TListMailsResponse>();
};
const ids = (answer: TListMailsResponse) => answer.items.map((m) => m.id);

let kettle: number;
let toaster: number;
let onMyCase: number;
let failedOut: number;
let draft: number;
let binned: number;
let myCaseId: number;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  const user = await createUser(t.db, store.tenantId);
  staffName = user.username;
  staff = await signIn(t.app, user);
  const other = await createStore(t.db);
  otherStaff = await signIn(t.app, await createUser(t.db, other.tenantId));
  await ingest(other.tenantId, rawMail({ messageId: '<foreign@x.test>', subject: 'Kettle elsewhere' }));

  myCaseId = (await createCase(t.db, store.tenantId, { assignee: staffName })).id;
  kettle = await ingest(
    store.tenantId,
    rawMail({ messageId: '<k@c.test>', subject: 'Broken kettle', body: 'The kettle stopped working.' }),
  );
  toaster = await ingest(
    store.tenantId,
    rawMail({
      messageId: '<t@c.test>',
      subject: 'Toaster',
      from: 'Ola Hansen <ola.hansen@example.no>',
      body: 'Burnt bread',
    }),
  );
  onMyCase = await ingest(
    store.tenantId,
    rawMail({ messageId: '<m@c.test>', subject: 'About my case', body: 'Any news?' }),
  );
  await setMail(onMyCase, { caseId: myCaseId, mailLogType: 'supplier', isRead: true });
  failedOut = await ingest(
    store.tenantId,
    rawMail({ messageId: '<f@c.test>', subject: 'Our answer', body: 'We will repair it.' }),
  );
  await setMail(failedOut, { direction: 'out', sendState: 'failed', isRead: true });
  draft = await ingest(store.tenantId, rawMail({ messageId: '<d@c.test>', subject: 'Draft' }));
  await setMail(draft, { direction: 'out', sendState: 'draft' });
  binned = await ingest(store.tenantId, rawMail({ messageId: '<b@c.test>', subject: 'Binned' }));
  await setMail(binned, { isDeleted: true });
});
afterAll(() => t.close());

describe('GET /v2/api/messages/{messageSource}', () => {
  it('lists the store’s mails newest first, without drafts, the bin or other stores’ mail', async () => {
    const answer = await inbox();
    expect(ids(answer)).toEqual([failedOut, onMyCase, toaster, kettle]);
    expect(answer.nextCursor).toBeNull();
    const mine = answer.items.find((m) => m.id === onMyCase);
    expect(mine).toMatchObject({ caseId: myCaseId, workFlow: 'claim', mailLogType: 'supplier' });
    expect(mine?.caseNumber).toBeGreaterThan(10000);
    const first = answer.items.find((m) => m.id === kettle);
    expect(first).toMatchObject({ snippet: 'The kettle stopped working.', isRead: false, caseId: null });
    expect(first).not.toHaveProperty('text');
    expect(first).not.toHaveProperty('html');
    expect(answer.items.find((m) => m.id === failedOut)?.sendState).toBe('failed');
    expect(ids(await inbox('', otherStaff))).toHaveLength(1);
  });

  it('narrows by each filter', async () => {
    expect(ids(await inbox('isUnread=true'))).toEqual([toaster, kettle]);
    expect(ids(await inbox('isUnread=false'))).toEqual([failedOut, onMyCase]);
    expect(ids(await inbox('isUnmapped=true'))).toEqual([failedOut, toaster, kettle]);
    expect(ids(await inbox('isUnmapped=false'))).toEqual([onMyCase]);
    expect(ids(await inbox('isFailed=true'))).toEqual([failedOut]);
    expect(ids(await inbox('isMine=true'))).toEqual([onMyCase]);
    expect(ids(await inbox('mailLogType=supplier'))).toEqual([onMyCase]);
    expect(ids(await inbox('direction=out'))).toEqual([failedOut]);
    expect(ids(await inbox('isUnread=true&isUnmapped=true'))).toEqual([toaster, kettle]);
  });

  it('searches sender, subject and text by word prefixes', async () => {
    expect(ids(await inbox('search=kett'))).toEqual([kettle]);
    expect(ids(await inbox('search=stopped%20kettle'))).toEqual([kettle]);
    expect(ids(await inbox('search=ola.hansen@example.no'))).toEqual([toaster]);
    expect(ids(await inbox('search=Hans'))).toEqual([toaster]);
    expect(ids(await inbox('search=burnt'))).toEqual([toaster]);
    expect(ids(await inbox('search=kettle%20toaster'))).toEqual([]);
    expect(ids(await inbox('search=%22%27%3B--'))).toEqual([]);
    // Another store's kettle stays out of this store's search.
    expect(ids(await inbox('search=elsewhere'))).toEqual([]);
  });

  it('pages by keyset with a cursor', async () => {
    const first = await inbox('limit=3');
    expect(ids(first)).toEqual([failedOut, onMyCase, toaster]);
    expect(first.nextCursor).not.toBeNull();
    const second = await inbox(`limit=3&cursor=${first.nextCursor ?? ''}`);
    expect(ids(second)).toEqual([kettle]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a bad query with a 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['cursor=not-a-cursor', 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['isUnread=maybe', 'isUnread'],
      ['mailLogType=spam', 'mailLogType'],
      ['mailboxId=-1', 'mailboxId'],
      [`search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      const response = await call(t.app, staff, { url: `/v2/api/messages/mail?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<{ fieldErrors: object }>().fieldErrors), query).toContain(field);
    }
    const source = await call(t.app, staff, { url: '/v2/api/messages/sms' });
    expect(source.statusCode).toBe(400);
  });
});

describe('GET /v2/api/unmapped-mails/suggestions', () => {
  const suggest = async (mailIds: number[], session = staff) => {
    const response = await call(t.app, session, {
      url: `/v2/api/unmapped-mails/suggestions?ids=${mailIds.join(',')}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TMailSuggestionsResponse>();
  };

  it('suggests cases with their reasons, strongest first', async () => {
    const s = await createStore(t.db);
    const session = await signIn(t.app, await createUser(t.db, s.tenantId));
    const byCustomer = await createCase(t.db, s.tenantId, {
      customerName: 'Kari Nordmann',
      customerEmail: 'Kari@Customer.test',
    });
    const byOrder = await createCase(t.db, s.tenantId, { orderReference: 'ORD-2024-17' });
    const byNumber = await createCase(t.db, s.tenantId);
    const byContact = await createCase(t.db, s.tenantId);
    await t.db
      .insert(caseParticipants)
      .values({ tenantId: s.tenantId, caseId: byContact.id, email: 'per@partner.test' });
    const earlier = await ingest(s.tenantId, rawMail({ messageId: '<first@c.test>', from: 'x@y.test' }));

    const fromCustomer = await ingest(
      s.tenantId,
      rawMail({ messageId: '<a@c.test>', subject: 'Still waiting', body: 'Any news?' }),
    );
    const naming = await ingest(
      s.tenantId,
      rawMail({
        messageId: '<b@c.test>',
        from: 'someone@else.test',
        subject: `Re: case ${String(byNumber.caseNumber)}`,
        body: 'About order ord-2024-17, thanks.',
      }),
    );
    const reply = await ingest(
      s.tenantId,
      rawMail({ messageId: '<c@c.test>', from: 'per@partner.test', headers: ['References: <first@c.test>'] }),
    );
    const stranger = await ingest(s.tenantId, rawMail({ messageId: '<d@c.test>', from: 'nobody@x.test' }));
    // The mail the reply answers reached its case only after the reply came in unmapped.
    await t.db
      .update(mailLogs)
      .set({ caseId: byNumber.id })
      .where(and(eq(mailLogs.tenantId, s.tenantId), eq(mailLogs.id, earlier)));

    const answer = await suggest([fromCustomer, naming, reply, stranger, 999999], session);
    expect(answer[String(fromCustomer)]).toEqual([
      expect.objectContaining({
        caseId: byCustomer.id,
        customerName: 'Kari Nordmann',
        reasons: ['customer-email', 'only-open-case'],
      }),
    ]);
    expect(answer[String(naming)]?.map((c) => [c.caseId, c.reasons])).toEqual([
      [byNumber.id, ['case-number']],
      [byOrder.id, ['order-reference']],
    ]);
    expect(answer[String(reply)]?.map((c) => [c.caseId, c.reasons])).toEqual([
      [byNumber.id, ['references']],
      [byContact.id, ['contact-email']],
    ]);
    expect(answer[String(stranger)]).toEqual([]);
    expect(answer['999999']).toEqual([]);

    // Another store asking for these mails learns nothing.
    const foreign = await suggest([fromCustomer, naming], otherStaff);
    expect(foreign).toEqual({ [String(fromCustomer)]: [], [String(naming)]: [] });
  });

  it('refuses a malformed id list', async () => {
    for (const query of [
      'ids=',
      'ids=a,b',
      `ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      '',
    ]) {
      const response = await call(t.app, staff, { url: `/v2/api/unmapped-mails/suggestions?${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
