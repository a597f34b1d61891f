/**
 * The supplier portal (issue 24, point 5): a contact person of supplier A, signed in with a
 * one-time code, reads exactly A's cases sent to it (a participant row gives it nothing), never the
 * customer's personal data nor the customer's or internal mails; writes messages with files onto
 * the case's supplier lane; answers with an outcome, compensation and credit note, which staff see
 * on the case with the contact's views of it.
 */
import type {
  TCase,
  TCaseSupplierAnswers,
  TErrorResponse,
  TListPortalCasesResponse,
  TMailLog,
  TPortalCase,
  TSupplier,
  TSupplierAnswer,
  TTimelineEntry,
  TUploadAttachmentResponse,
} from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createCase, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { multipartFile, pngBytes } from '../helpers/files';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { liveUrl, openSignedIn, type LiveTestClient } from '../live/live-client';
import { cases, mailAttachments, mailLogs, pushQueue } from '../../src/db/schema';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let acme: TSupplier;
let beta: TSupplier;
let kari: Session;
/** The staff's live socket: what an open case page hears. */
let live: LiveTestClient;
const ids = { sentToA: 0, secondToA: 0, notSentToA: 0, sentToB: 0, joinedByKari: 0, joinedNotSentToA: 0 };
const mails = { customer: 0, internal: 0, supplierOut: 0 };

const portal = (session: Session, url: string, body?: unknown) =>
  call(t.app, session, {
    method: body === undefined ? 'GET' : 'POST',
    url: `/v2/api/supplier-portal${url}`,
    body,
  });

const supplier = async (name: string, email: string, organisationNumber: string) => {
  const made = await call(t.app, admin, {
    method: 'POST',
    url: '/v2/api/suppliers',
    body: {
      name,
      organisationNumber,
      compensationModes: ['credit-note', 'repair'],
      contactPersons: [{ fullName: `Contact of ${name}`, email }],
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<TSupplier>();
};

const mail = async (caseId: number, values: Partial<typeof mailLogs.$inferInsert>) => {
  const [row] = await t.db
    .insert(mailLogs)
    .values({
      tenantId: store.tenantId,
      caseId,
      direction: 'in',
      messageId: `<${String(Math.random()).slice(2)}@test>`,
      subject: 'A mail',
      text: 'Hello',
      ...values,
    })
    .returning({ id: mailLogs.id });
  if (!row) throw new Error('no mail');
  return row.id;
};

const sentAt = new Date('2026-11-01T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  const adminUser = await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] });
  admin = { ...(await signIn(t.app, adminUser)), companyName: store.companyName };
  acme = await supplier('Acme AS', 'kari@acme.test', '111');
  beta = await supplier('Beta AS', 'per@beta.test', '222');
  const customer = {
    customerName: 'Ola Customer',
    customerEmail: 'ola@customer.test',
    customerPhone: '+47 111 11 111',
    customerAddress: 'Storgata 1',
    assignee: adminUser.username,
  };
  const made = async (values: Partial<typeof cases.$inferInsert> & { participants?: string[] }) =>
    (
      await createCase(t.db, store.tenantId, {
        ...customer,
        items: [{ productName: 'Kettle K1', sku: 'K-1' }],
        ...values,
      })
    ).id;
  ids.sentToA = await made({ supplierId: acme.id, supplierName: 'Acme AS', sentToSupplierAt: sentAt });
  ids.secondToA = await made({ supplierId: acme.id, supplierName: 'Acme AS', sentToSupplierAt: sentAt });
  ids.notSentToA = await made({ supplierId: acme.id, supplierName: 'Acme AS' });
  ids.sentToB = await made({ supplierId: beta.id, supplierName: 'Beta AS', sentToSupplierAt: sentAt });
  ids.joinedByKari = await made({ participants: ['kari@acme.test'] });
  ids.joinedNotSentToA = await made({
    supplierId: acme.id,
    supplierName: 'Acme AS',
    participants: ['kari@acme.test'],
  });
  mails.customer = await mail(ids.sentToA, {
    subject: 'From the customer',
    fromAddress: 'ola@customer.test',
  });
  mails.internal = await mail(ids.sentToA, { mailLogType: 'internal', subject: 'Between staff' });
  mails.supplierOut = await mail(ids.sentToA, {
    direction: 'out',
    mailLogType: 'supplier',
    sendState: 'sent',
    subject: 'Claim 1 to Acme',
    to: [{ address: 'kari@acme.test' }],
  });
  await t.db.insert(mailAttachments).values({
    tenantId: store.tenantId,
    mailLogId: mails.customer,
    position: 0,
    fileHash: 'a'.repeat(64),
    fileName: 'receipt-with-address.pdf',
    contentType: 'application/pdf',
    size: 10,
  });
  kari = await signInWithOtp(t.app, t.dataDir, 'kari@acme.test');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  live = await openSignedIn(liveUrl(t.app), admin);
});
afterAll(async () => {
  await live.close();
  await t.close();
});

/** The staff's socket hears `event` about the case (fails after the client's timeout). */
const heard = (event: 'CASE_UPDATED' | 'CLAIM_MAIL_COUNT_UPDATED', caseId: number) =>
  live.next((m) => 'EVENT' in m && m.EVENT === event && m.meta.caseId === caseId);

describe('[PORTAL] what a supplier’s contact person reads', () => {
  it('lists exactly its supplier’s sent cases, never one it is only a participant of', async () => {
    const list = await portal(kari, '/cases');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<TListPortalCasesResponse>();
    expect(rows.map((r) => r.id)).toEqual([ids.secondToA, ids.sentToA]);
    expect(rows[0]).toMatchObject({ supplierName: 'Acme AS', sentToSupplierAt: sentAt.toISOString() });
    expect(list.body).not.toContain('Ola Customer');

    // The staff case list a one-time-code user reads follows the same rule, without the customer.
    const general = await call(t.app, kari, { url: '/v2/api/claims?workFlow=claim&type=open' });
    expect(general.statusCode, general.body).toBe(200);
    const items = general.json<{ items: { id: number; customerName: string }[] }>().items;
    expect(items.map((i) => i.id).sort()).toEqual([ids.sentToA, ids.secondToA].sort());
    expect(general.body).not.toContain('Ola Customer');
    expect(general.body).not.toContain('ola@customer.test');
    const searched = await call(t.app, kari, {
      url: '/v2/api/claims?workFlow=claim&type=open&search=Kettle',
    });
    expect(searched.statusCode, searched.body).toBe(200);
    expect(
      searched
        .json<{ items: { id: number }[] }>()
        .items.map((i) => i.id)
        .sort(),
    ).toEqual([ids.sentToA, ids.secondToA].sort());
  });

  it('reads a case with what a supplier needs, never the customer’s personal data', async () => {
    const read = await portal(kari, `/cases/${String(ids.sentToA)}`);
    expect(read.statusCode, read.body).toBe(200);
    const c = read.json<TPortalCase>();
    expect(c).toMatchObject({
      id: ids.sentToA,
      supplierName: 'Acme AS',
      items: [{ productName: 'Kettle K1', sku: 'K-1', quantity: 1 }],
      compensationModes: ['credit-note', 'repair'],
      currency: 'NOK',
      answers: [],
    });
    for (const secret of ['Ola Customer', 'ola@customer.test', '+47 111 11 111', 'Storgata 1'])
      expect(read.body).not.toContain(secret);
    const general = await call(t.app, kari, { url: `/v2/api/claims/${String(ids.sentToA)}` });
    expect(general.statusCode, general.body).toBe(200);
    expect(general.json<TCase>().customer).toEqual({ name: '', email: null, phone: null, address: null });
    // Staff still read the customer.
    const staff = await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}` });
    expect(staff.json<TCase>().customer.name).toBe('Ola Customer');
  });

  it('gets 404 on a case of another supplier and on one not sent yet, through every route', async () => {
    // A participant row gives a supplier's contact person nothing (issue 35): only sending does.
    for (const id of [ids.sentToB, ids.notSentToA, ids.joinedByKari, ids.joinedNotSentToA]) {
      const number = (await call(t.app, admin, { url: `/v2/api/claims/${String(id)}` })).json<TCase>()
        .caseNumber;
      for (const url of [
        `/v2/api/supplier-portal/cases/${String(id)}`,
        `/v2/api/claims/${String(id)}`,
        `/v2/api/claims/number/${String(number)}`,
        `/v2/api/claims/mails/${String(id)}/mail-logs`,
      ]) {
        const response = await call(t.app, kari, { url });
        expect(response.statusCode, url).toBe(404);
      }
      const answered = await portal(kari, `/cases/${String(id)}/answers`, { outcome: 'declined' });
      expect(answered.statusCode).toBe(404);
      const written = await portal(kari, `/cases/${String(id)}/messages`, { text: 'Hello?' });
      expect(written.statusCode).toBe(404);
    }
  });

  it('reads only the supplier lane of the case’s mail, and none of the other lanes’ files', async () => {
    const lane = await call(t.app, kari, { url: `/v2/api/claims/mails/${String(ids.sentToA)}/mail-logs` });
    expect(lane.statusCode, lane.body).toBe(200);
    expect(lane.json<TMailLog[]>().map((m) => m.id)).toEqual([mails.supplierOut]);
    const [attachment] = await t.db
      .select({ id: mailAttachments.id })
      .from(mailAttachments)
      .where(eq(mailAttachments.mailLogId, mails.customer));
    const detail = `mails/${String(mails.customer)}/${String(attachment?.id)}`;
    const file = await call(t.app, kari, {
      url: `/v2/api/claims/mails/mail-attachment?attachmentDetail=${encodeURIComponent(detail)}`,
    });
    expect(file.statusCode).toBe(404);
    const zip = await call(t.app, kari, {
      url: `/v2/api/claims/mails/zip/${String(mails.customer)}/attachments`,
    });
    expect(zip.statusCode).toBe(404);
  });

  it('is for contact persons: staff get 403 on the portal, a contact 403 on the staff’s answers', async () => {
    expect((await portal(admin, '/cases')).statusCode).toBe(403);
    expect((await portal(admin, '/me')).statusCode).toBe(403);
    const staffRoute = await call(t.app, kari, {
      url: `/v2/api/claims/${String(ids.sentToA)}/supplier-answers`,
    });
    expect(staffRoute.statusCode).toBe(403);
    const untouched = await call(t.app, admin, {
      url: `/v2/api/claims/${String(ids.secondToA)}/supplier-answers`,
    });
    expect(untouched.json()).toEqual({ answers: [], views: { count: 0, last: null } });
    const me = await portal(kari, '/me');
    expect(me.json()).toEqual({
      email: 'kari@acme.test',
      fullName: 'Contact of Acme AS',
      supplierName: 'Acme AS',
    });
  });
});

describe('[PORTAL] a case of its supplier it takes part in (issue 35)', () => {
  it('is read only once staff send it to the supplier', async () => {
    const url = `/cases/${String(ids.joinedNotSentToA)}`;
    expect((await portal(kari, url)).statusCode).toBe(404);
    const sent = await call(t.app, admin, {
      method: 'POST',
      url: `/v2/api/claims/${String(ids.joinedNotSentToA)}/send-to-supplier`,
      body: { to: ['kari@acme.test'], subject: 'Claim', html: '<p>Claim</p>' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const read = await portal(kari, url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<TPortalCase>().canAnswer).toBe(true);
    const listed = (await portal(kari, '/cases')).json<TListPortalCasesResponse>().map((r) => r.id);
    expect(listed).toContain(ids.joinedNotSentToA);
    const general = await call(t.app, kari, { url: `/v2/api/claims/${String(ids.joinedNotSentToA)}` });
    expect(general.statusCode, general.body).toBe(200);
  });
});

describe('[PORTAL] messages and files', () => {
  it('lands on the case’s thread as a supplier mail in from the contact, unread for staff, files included', async () => {
    const before = (await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}` })).json<TCase>();
    const { payload, headers } = multipartFile(pngBytes(), { filename: 'broken-kettle.png' });
    const upload = await call(t.app, kari, {
      method: 'POST',
      url: '/v2/api/supplier-portal/uploads',
      body: payload,
      headers,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { uploadId } = upload.json<TUploadAttachmentResponse>();
    const sent = await portal(kari, `/cases/${String(ids.sentToA)}/messages`, {
      text: 'We need a photo of the plate.',
      uploadIds: [uploadId],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { mailLogId } = sent.json<{ mailLogId: number }>();
    await heard('CLAIM_MAIL_COUNT_UPDATED', ids.sentToA);

    const thread = (
      await call(t.app, admin, {
        url: `/v2/api/claims/mails/${String(ids.sentToA)}/mail-logs?mailLogType=supplier`,
      })
    ).json<TMailLog[]>();
    const message = thread.find((m) => m.id === mailLogId);
    expect(message).toMatchObject({
      direction: 'in',
      mailLogType: 'supplier',
      subject: 'Re: Claim 1 to Acme',
      text: 'We need a photo of the plate.',
    });
    expect(JSON.stringify(message)).toContain('kari@acme.test');
    const after = (await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}` })).json<TCase>();
    expect(after.unreadMailCount).toBe(before.unreadMailCount + 1);
    const timeline = (
      await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}/timeline` })
    ).json<TTimelineEntry[]>();
    expect(timeline.at(-1)).toMatchObject({ kind: 'mail-in', actor: 'kari@acme.test', mailLogId });

    const file = message?.attachments[0];
    expect(file).toMatchObject({ fileName: 'broken-kettle.png', fileType: 'image/png' });
    for (const session of [admin, kari]) {
      const download = await call(t.app, session, {
        url: `/v2/api/claims/mails/mail-attachment?attachmentDetail=${encodeURIComponent(file?.filePath ?? '')}`,
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pngBytes())).toBe(true);
    }
    // The contact reads its own message in its lane.
    const lane = await call(t.app, kari, { url: `/v2/api/claims/mails/${String(ids.sentToA)}/mail-logs` });
    expect(lane.json<TMailLog[]>().map((m) => m.id)).toEqual([mails.supplierOut, mailLogId]);
  });

  it('refuses an empty message and an upload id that is not one (400 on the field)', async () => {
    const empty = await portal(kari, `/cases/${String(ids.sentToA)}/messages`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<TErrorResponse>().fieldIssues).toMatchObject({ text: { code: 'required' } });
    const forged = await portal(kari, `/cases/${String(ids.sentToA)}/messages`, {
      text: 'With a file',
      uploadIds: ['made.up'],
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<TErrorResponse>().fieldIssues).toMatchObject({ 'uploadIds.0': { code: 'invalid' } });
  });
});

describe('[PORTAL] the supplier’s answer', () => {
  const answer = (body: unknown) => portal(kari, `/cases/${String(ids.sentToA)}/answers`, body);

  it('is refused on its fields when it does not add up (400, nothing stored)', async () => {
    const cases: [unknown, string, string][] = [
      [
        { outcome: 'accepted', compensationMode: 'credit-note', amountMinor: 12.5 },
        'amountMinor',
        'not_an_integer',
      ],
      [{ outcome: 'accepted', compensationMode: 'credit-note', amountMinor: -1 }, 'amountMinor', 'too_small'],
      [{ outcome: 'declined', amountMinor: 100 }, 'amountMinor', 'invalid'],
      [{ outcome: 'accepted' }, 'compensationMode', 'required'],
      [{ outcome: 'accepted', compensationMode: 'refund' }, 'compensationMode', 'not_an_option'],
      [{ outcome: 'maybe' }, 'outcome', 'not_an_option'],
      [
        { outcome: 'partly', compensationMode: 'repair', creditNoteNumber: 'x'.repeat(61) },
        'creditNoteNumber',
        'too_long',
      ],
      [
        { outcome: 'accepted', compensationMode: 'credit-note', amountMinor: 100, currency: 'USD' },
        'currency',
        'not_an_option',
      ],
    ];
    for (const [body, field, code] of cases) {
      const response = await answer(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<TErrorResponse>().fieldIssues?.[field], JSON.stringify(body)).toMatchObject({
        code,
      });
    }
    const staff = await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}/supplier-answers` });
    expect(staff.json<TCaseSupplierAnswers>().answers).toEqual([]);
  });

  it('is stored, goes on the timeline, and staff see it on the case with the contact’s views', async () => {
    const viewsBefore = (
      await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}/supplier-answers` })
    ).json<TCaseSupplierAnswers>().views.count;
    expect((await portal(kari, `/cases/${String(ids.sentToA)}`)).statusCode).toBe(200);

    const given = await answer({
      outcome: 'partly',
      compensationMode: 'credit-note',
      amountMinor: 49_950,
      creditNoteNumber: 'CN-2026-17',
      note: 'Half: the plate was damaged in use.',
    });
    expect(given.statusCode, given.body).toBe(201);
    // The staff's open case page (the assignee's among them) hears of it.
    await heard('CASE_UPDATED', ids.sentToA);
    expect(given.json<TSupplierAnswer>()).toMatchObject({
      outcome: 'partly',
      compensationMode: 'credit-note',
      amountMinor: 49_950,
      currency: 'NOK',
      creditNoteNumber: 'CN-2026-17',
      answeredBy: 'kari@acme.test',
      // People read a name, not an address.
      answeredByName: 'Contact of Acme AS',
    });
    const declined = await answer({ outcome: 'declined', note: 'On second thought' });
    expect(declined.statusCode, declined.body).toBe(201);
    expect(declined.json<TSupplierAnswer>()).toMatchObject({ amountMinor: null, currency: null });

    const staff = (
      await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}/supplier-answers` })
    ).json<TCaseSupplierAnswers>();
    expect(staff.answers.map((a) => a.outcome)).toEqual(['declined', 'partly']);
    expect(staff.answers.map((a) => a.answeredByName)).toEqual(['Contact of Acme AS', 'Contact of Acme AS']);
    expect(staff.views.count).toBe(viewsBefore + 1);
    expect(staff.views.last?.viewer).toBe('kari@acme.test');

    const timeline = (
      await call(t.app, admin, { url: `/v2/api/claims/${String(ids.sentToA)}/timeline` })
    ).json<TTimelineEntry[]>();
    const entries = timeline.filter((e) => e.kind === 'supplier-answer');
    expect(entries[0]).toMatchObject({
      actor: 'kari@acme.test',
      changes: expect.arrayContaining([
        { field: 'supplierAnswer.outcome', from: null, to: 'partly' },
        { field: 'supplierAnswer.amount', from: null, to: '49950 NOK' },
        { field: 'supplierAnswer.creditNoteNumber', from: null, to: 'CN-2026-17' },
      ]) as unknown,
    });
    // The portal shows the answers too, newest first.
    const read = (await portal(kari, `/cases/${String(ids.sentToA)}`)).json<TPortalCase>();
    expect(read.answers.map((a) => a.outcome)).toEqual(['declined', 'partly']);

    // Each answer also reads in the supplier lane as an unread mail in from the contact, in the
    // store's language (English here), its notification queued as for a mailed answer.
    const lane = await t.db
      .select()
      .from(mailLogs)
      .where(and(eq(mailLogs.caseId, ids.sentToA), eq(mailLogs.fromAddress, 'kari@acme.test')));
    const summaries = lane.filter((m) => m.text?.startsWith('Answer to the claim'));
    expect(summaries.map((m) => m.text).sort()).toEqual([
      'Answer to the claim: Declined\n\nOn second thought',
      'Answer to the claim: Partly accepted\nCompensation: Credit note\nAmount: 499.50 NOK\nCredit note: CN-2026-17\n\nHalf: the plate was damaged in use.',
    ]);
    for (const m of summaries)
      expect(m).toMatchObject({ direction: 'in', mailLogType: 'supplier', isRead: false });
    const queued = await t.db.select().from(pushQueue).where(eq(pushQueue.tenantId, store.tenantId));
    for (const m of summaries) expect(queued.map((q) => q.mailLogId)).toContain(m.id);
  });

  it('counts a view on each read of the case, none on the list', async () => {
    const views = async () =>
      (
        await call(t.app, admin, { url: `/v2/api/claims/${String(ids.secondToA)}/supplier-answers` })
      ).json<TCaseSupplierAnswers>().views;
    const before = (await views()).count;
    await portal(kari, '/cases');
    await portal(kari, `/cases/${String(ids.secondToA)}`);
    await portal(kari, `/cases/${String(ids.secondToA)}`);
    expect(await views()).toMatchObject({ count: before + 2, last: { viewer: 'kari@acme.test' } });
  });
});

describe('[PORTAL] the supplier’s acceptance rate', () => {
  it('is the share of its answered sent cases it accepted, a partly accepted one counting half', async () => {
    const rate = async () =>
      (await call(t.app, admin, { url: `/v2/api/suppliers/${String(acme.id)}` })).json<TSupplier>().figures
        .acceptanceRate;
    // sentToA's latest answer is a decline (the answer tests); secondToA is not answered yet.
    expect(await rate()).toBe(0);
    const partly = await portal(kari, `/cases/${String(ids.secondToA)}/answers`, {
      outcome: 'partly',
      compensationMode: 'repair',
    });
    expect(partly.statusCode, partly.body).toBe(201);
    expect(await rate()).toBe(0.25);
    await portal(kari, `/cases/${String(ids.sentToA)}/answers`, {
      outcome: 'accepted',
      compensationMode: 'credit-note',
      amountMinor: 100,
    });
    expect(await rate()).toBe(0.75);
    const listed = await call(t.app, admin, { url: '/v2/api/suppliers' });
    // The list shows the same figure.
    expect(listed.json<TSupplier[]>().find((x) => x.id === acme.id)?.figures.acceptanceRate).toBe(0.75);
  });
});

describe('[PORTAL] another store', () => {
  it('never shows a contact person of another store’s supplier this store’s cases', async () => {
    const other = await createStore(t.db);
    const otherAdmin = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
    const made = await call(t.app, otherAdmin, {
      method: 'POST',
      url: '/v2/api/suppliers',
      body: { name: 'Gamma AS', contactPersons: [{ fullName: 'Gunn', email: 'gunn@gamma.test' }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const gunn = await signInWithOtp(t.app, t.dataDir, 'gunn@gamma.test');
    expect((await portal(gunn, '/cases')).json()).toEqual([]);
    expect((await portal(gunn, `/cases/${String(ids.sentToA)}`)).statusCode).toBe(404);
  });
});

describe('[PORTAL] a disabled contact person', () => {
  it('cannot sign in, and a session it had reads none of its supplier’s cases', async () => {
    const per = await signInWithOtp(t.app, t.dataDir, 'per@beta.test');
    expect((await portal(per, `/cases/${String(ids.sentToB)}`)).statusCode).toBe(200);
    const current = (
      await call(t.app, admin, { url: `/v2/api/suppliers/${String(beta.id)}` })
    ).json<TSupplier>();
    const disabled = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/suppliers/${String(beta.id)}`,
      body: {
        name: current.name,
        organisationNumber: current.organisationNumber,
        compensationModes: current.compensationModes,
        version: current.version,
        contactPersons: current.contactPersons.map((p) => ({ ...p, isDisabled: true })),
      },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await expect(signInWithOtp(t.app, t.dataDir, 'per@beta.test')).rejects.toThrow();
    const after = await portal(per, `/cases/${String(ids.sentToB)}`);
    expect([401, 404]).toContain(after.statusCode);
    // Its supplier's cases are gone from any list it could still read.
    const list = await portal(per, '/cases');
    if (list.statusCode === 200) expect(list.json<TListPortalCasesResponse>()).toEqual([]);
    else expect(list.statusCode).toBe(401);
  });
});
