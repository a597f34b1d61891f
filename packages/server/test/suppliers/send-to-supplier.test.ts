/**
 * Send to supplier through HTTP: serial numbers on items, a case's supplier status (sent, answered,
 * overdue), the prefilled claim mail without the customer's personal data, the evidence the
 * supplier requires (refused with each missing kind named, nothing sent or saved), the send that
 * marks the case (first time only) and notes it on the timeline, and the figures that follow.
 */
import type {
  TCase,
  TCaseSupplierStatus,
  TMailLog,
  TSupplier,
  TSupplierComposeResponse,
  TTimelineEntry,
  TUploadAttachmentResponse,
} from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, mailAttachments, mailLogs, supplierAnswers } from '../../src/db/schema';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createStore, createUser, setStoreConfig, type StoreFixture } from '../helpers/factories';
import { multipartFile, pngBytes } from '../helpers/files';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let strict: TSupplier;
let lenient: TSupplier;

const customer = {
  name: 'Ola Secretname',
  email: 'ola.secret@customer.test',
  phone: '+47 999 88 777',
  address: 'Hemmeliggata 12',
};

const supplier = async (body: Record<string, unknown>) => {
  const made = await call(t.app, admin, { method: 'POST', url: '/v2/api/suppliers', body });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<TSupplier>();
};

const newCase = async (extra: Record<string, unknown>) => {
  const made = await call(t.app, admin, {
    method: 'POST',
    url: '/v2/api/claims',
    body: {
      workFlow: 'claim',
      customer,
      purchaseDate: '2026-09-14',
      orderReference: 'ORD-4711',
      description: 'Stopped heating after two weeks',
      items: [
        {
          productName: 'Kettle K1',
          sku: 'K-1',
          quantity: 2,
          faultDescription: 'Does not heat',
          serialNumber: 'SN-001',
        },
      ],
      ...extra,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<TCase>();
};

/** A mail in on the case with a photo and a PDF, their bytes in file storage. */
async function customerMailWithFiles(caseId: number) {
  const [mail] = await t.db
    .insert(mailLogs)
    .values({
      tenantId: store.tenantId,
      caseId,
      direction: 'in',
      messageId: `<${String(Math.random()).slice(2)}@customer.test>`,
      subject: 'Photos of the kettle',
      text: 'Here they are',
    })
    .returning({ id: mailLogs.id });
  if (!mail) throw new Error('no mail');
  const photo = await t.app.deps.files.put(pngBytes());
  const pdf = await t.app.deps.files.put(Buffer.from('%PDF-1.4 receipt'));
  await t.db.insert(mailAttachments).values([
    {
      tenantId: store.tenantId,
      mailLogId: mail.id,
      position: 0,
      fileHash: photo,
      fileName: 'kettle.png',
      contentType: 'image/png',
      size: 70,
    },
    {
      tenantId: store.tenantId,
      mailLogId: mail.id,
      position: 1,
      fileHash: pdf,
      fileName: 'receipt.pdf',
      contentType: 'application/pdf',
      size: 16,
    },
  ]);
  return mail.id;
}

const status = async (id: number) => {
  const read = await call(t.app, admin, { url: `/v2/api/claims/${String(id)}/supplier` });
  expect(read.statusCode, read.body).toBe(200);
  return read.json<TCaseSupplierStatus>();
};
const compose = (id: number) => call(t.app, admin, { url: `/v2/api/claims/${String(id)}/supplier-compose` });
const send = (id: number, body: Record<string, unknown>) =>
  call(t.app, admin, { method: 'POST', url: `/v2/api/claims/${String(id)}/send-to-supplier`, body });
const timeline = async (id: number) =>
  (await call(t.app, admin, { url: `/v2/api/claims/${String(id)}/timeline` })).json<TTimelineEntry[]>();
const supplierMailsOut = async (caseId: number) =>
  t.db
    .select()
    .from(mailLogs)
    .where(
      and(eq(mailLogs.caseId, caseId), eq(mailLogs.mailLogType, 'supplier'), eq(mailLogs.direction, 'out')),
    );
const sentColumn = async (caseId: number) =>
  (await t.db.select({ at: cases.sentToSupplierAt }).from(cases).where(eq(cases.id, caseId)))[0]?.at ?? null;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  admin = {
    ...(await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }))),
    companyName: store.companyName,
  };
  strict = await supplier({
    name: 'Strict Parts AS',
    email: 'office@strict.test',
    claimAddress: 'claims@strict.test',
    requiredEvidence: ['photos', 'receipt', 'serialNumber'],
    answerDays: 5,
  });
  lenient = await supplier({ name: 'Lenient AS', email: 'post@lenient.test', answerDays: 3 });
});
afterAll(() => t.close());

describe('[SEND] serial numbers on items', () => {
  it('are kept, changed and read back on the case; too long is a 400 on the item’s field', async () => {
    const c = await newCase({});
    expect(c.items[0]).toMatchObject({ serialNumber: 'SN-001' });
    const changed = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/claims/${String(c.id)}`,
      body: {
        version: c.version,
        items: [
          { ...c.items[0], serialNumber: 'SN-002' },
          { productName: 'Lid', quantity: 1 },
        ],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<TCase>().items.map((i) => i.serialNumber)).toEqual(['SN-002', null]);
    const items = (await timeline(c.id)).flatMap((e) => e.changes).findLast((ch) => ch.field === 'items');
    expect(JSON.stringify(items?.to)).toContain('SN-002');

    const tooLong = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/claims/${String(c.id)}`,
      body: {
        version: changed.json<TCase>().version,
        items: [{ productName: 'Kettle', quantity: 1, serialNumber: 'x'.repeat(101) }],
      },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'items.0.serialNumber',
    );
  });
});

describe('[SEND] the claim mail', () => {
  it('is prefilled to the claim address with the items, and none of the customer’s personal data', async () => {
    const c = await newCase({ supplierId: strict.id });
    const mailId = await customerMailWithFiles(c.id);
    const read = await compose(c.id);
    expect(read.statusCode, read.body).toBe(200);
    const mail = read.json<TSupplierComposeResponse>();
    expect(mail).toMatchObject({
      to: ['claims@strict.test'],
      sendType: 'supplier',
      mailLogType: 'supplier',
      requiredEvidence: ['photos', 'receipt', 'serialNumber'],
      supplier: { id: strict.id, name: 'Strict Parts AS', answerDays: 5 },
      sentAt: null,
    });
    expect(mail.subject).toContain(String(c.caseNumber));
    for (const part of [mail.html, mail.text]) {
      for (const shown of [
        'Kettle K1',
        'K-1',
        'SN-001',
        'Does not heat',
        '2026-09-14',
        'ORD-4711',
        'Stopped heating',
      ])
        expect(part).toContain(shown);
      for (const hidden of ['Secretname', 'ola.secret', '999 88 777', 'Hemmeliggata'])
        expect(part).not.toContain(hidden);
    }
    expect(mail.files).toEqual([
      expect.objectContaining({
        fileName: 'kettle.png',
        kind: 'photo',
        isChosen: true,
        filePath: expect.stringContaining(`mails/${String(mailId)}/`) as string,
      }),
      expect.objectContaining({ fileName: 'receipt.pdf', kind: 'document', isChosen: false }),
    ]);
  });

  it('goes to the supplier’s email when it has no claim address', async () => {
    const c = await newCase({ supplierId: lenient.id });
    expect((await compose(c.id)).json<TSupplierComposeResponse>().to).toEqual(['post@lenient.test']);
  });

  it('needs a supplier on the case (400 on supplierId) and a case of the store (404)', async () => {
    const c = await newCase({});
    const none = await compose(c.id);
    expect(none.statusCode).toBe(400);
    expect(none.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('supplierId');
    const refused = await send(c.id, { to: ['x@y.test'], subject: 'Claim', html: '<p>x</p>' });
    expect(refused.statusCode).toBe(400);
    expect(await supplierMailsOut(c.id)).toHaveLength(0);

    const other = await createStore(t.db);
    const theirs = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
    for (const url of [
      `/v2/api/claims/${String(c.id)}/supplier`,
      `/v2/api/claims/${String(c.id)}/supplier-compose`,
    ])
      expect((await call(t.app, theirs, { url })).statusCode).toBe(404);
    const foreign = await call(t.app, theirs, {
      method: 'POST',
      url: `/v2/api/claims/${String(c.id)}/send-to-supplier`,
      body: { to: ['x@y.test'], subject: 'Claim', html: '<p>x</p>' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('[SEND] evidence the supplier requires', () => {
  it('refuses the send naming each missing kind; nothing is sent, marked or noted', async () => {
    const c = await newCase({
      supplierId: strict.id,
      orderReference: null,
      items: [{ productName: 'Kettle', quantity: 1 }],
    });
    await customerMailWithFiles(c.id);
    const refused = await send(c.id, { to: ['claims@strict.test'], subject: 'Claim', html: '<p>Claim</p>' });
    expect(refused.statusCode, refused.body).toBe(400);
    const answer = refused.json<{
      code: string;
      message: string;
      fieldErrors: Record<string, string>;
      fieldIssues: Record<string, { code: string }>;
    }>();
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(answer.message).toContain('photos');
    expect(answer.message).toContain('receipt');
    expect(answer.message).toContain('serialNumber');
    expect(Object.keys(answer.fieldErrors).sort()).toEqual([
      'evidence.photos',
      'evidence.receipt',
      'evidence.serialNumber',
    ]);
    expect(answer.fieldIssues['evidence.photos']).toEqual({ code: 'required' });
    expect(await supplierMailsOut(c.id)).toHaveLength(0);
    expect(await sentColumn(c.id)).toBeNull();
    expect((await timeline(c.id)).map((e) => e.kind)).not.toContain('supplier-sent');
  });

  it('takes an uploaded image as photos and a chosen PDF as the receipt’s document', async () => {
    const c = await newCase({ supplierId: strict.id, orderReference: null });
    const mailId = await customerMailWithFiles(c.id);
    const files = (await compose(c.id)).json<TSupplierComposeResponse>().files;
    const pdf = files.find((f) => f.kind === 'document');
    const { payload, headers } = multipartFile(pngBytes(), { filename: 'new.png', contentType: 'image/png' });
    const uploaded = await call(t.app, admin, {
      method: 'POST',
      url: '/v2/api/claims/mails/attachments',
      body: payload,
      headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { uploadId } = uploaded.json<TUploadAttachmentResponse>();

    const onlyPhoto = await send(c.id, {
      to: ['claims@strict.test'],
      subject: 'Claim',
      html: '<p>x</p>',
      attachments: [{ uploadId }],
    });
    expect(onlyPhoto.statusCode).toBe(400);
    expect(Object.keys(onlyPhoto.json<{ fieldErrors: object }>().fieldErrors)).toEqual(['evidence.receipt']);

    const sent = await send(c.id, {
      to: ['claims@strict.test'],
      subject: 'Claim',
      html: '<p>x</p>',
      attachments: [{ uploadId }, { filePath: pdf?.filePath }],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(
      sent
        .json<TMailLog>()
        .attachments.map((a) => a.fileName)
        .sort(),
    ).toEqual(['new.png', 'receipt.pdf']);
    expect(mailId).toBeGreaterThan(0);
  });
});

describe('[SEND] sending to the supplier', () => {
  it('sends the mail, marks the case the first time only and notes each send on the timeline', async () => {
    const c = await newCase({ supplierId: strict.id });
    await customerMailWithFiles(c.id);
    const mail = (await compose(c.id)).json<TSupplierComposeResponse>();
    const chosen = mail.files.filter((f) => f.isChosen).map((f) => ({ filePath: f.filePath }));
    const sent = await send(c.id, {
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      attachments: chosen,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<TMailLog>()).toMatchObject({ mailLogType: 'supplier', direction: 'out', caseId: c.id });
    const first = await sentColumn(c.id);
    expect(first).not.toBeNull();

    const after = await status(c.id);
    expect(after).toMatchObject({ supplier: { id: strict.id }, answeredAt: null, overdueDays: null });
    expect(Date.parse(after.sentAt ?? '')).toBe(first?.getTime());
    expect(Date.parse(after.answerDueAt ?? '') - Date.parse(after.sentAt ?? '')).toBe(5 * 86_400_000);

    const again = await send(c.id, {
      to: mail.to,
      subject: 'Reminder',
      html: '<p>Any news?</p>',
      attachments: chosen,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await sentColumn(c.id))?.getTime()).toBe(first?.getTime());
    const notes = (await timeline(c.id)).filter((e) => e.kind === 'supplier-sent');
    expect(notes).toHaveLength(2);
    expect(notes[0]?.changes).toEqual([{ field: 'supplier', from: null, to: 'Strict Parts AS' }]);
    expect(await supplierMailsOut(c.id)).toHaveLength(2);
  });

  it('is refused for a disabled supplier, and with the supplier feature off (403)', async () => {
    const gone = await supplier({ name: 'Gone AS', email: 'gone@gone.test' });
    const c = await newCase({ supplierId: gone.id });
    await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/suppliers/${String(gone.id)}`,
      body: { ...gone, isDisabled: true },
    });
    const refused = await send(c.id, { to: ['gone@gone.test'], subject: 'Claim', html: '<p>x</p>' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fieldErrors: object }>().fieldErrors).toHaveProperty('supplierId');

    const off = await createStore(t.db);
    await setStoreConfig(t.db, off.tenantId, 'feature', {
      draftClaim: true,
      supportClaim: false,
      claim: true,
      costReg: true,
      supplier: false,
      customer: true,
      statusClaim: true,
      statusCreditNote: true,
      statusCustomer: true,
      statusWareHouse: true,
    });
    const offAdmin = await signIn(t.app, await createUser(t.db, off.tenantId, { roles: ['ADMIN_USER'] }));
    const offCase = await createCase(t.db, off.tenantId);
    for (const url of ['supplier', 'supplier-compose'])
      expect(
        (await call(t.app, offAdmin, { url: `/v2/api/claims/${String(offCase.id)}/${url}` })).statusCode,
      ).toBe(403);
    const offSend = await call(t.app, offAdmin, {
      method: 'POST',
      url: `/v2/api/claims/${String(offCase.id)}/send-to-supplier`,
      body: { to: ['x@y.test'], subject: 'Claim', html: '<p>x</p>' },
    });
    expect(offSend.statusCode).toBe(403);
  });
});

describe('[SEND] an answer overdue', () => {
  it('counts whole days past the promised time until the supplier answers, on the case and in the figures', async () => {
    const c = await newCase({ supplierId: lenient.id });
    const sent = await send(c.id, { to: ['post@lenient.test'], subject: 'Claim', html: '<p>x</p>' });
    expect(sent.statusCode, sent.body).toBe(201);
    // Sent ten days ago; the supplier promised an answer within three.
    await t.db
      .update(cases)
      .set({ sentToSupplierAt: new Date(Date.now() - 10 * 86_400_000 - 60_000) })
      .where(eq(cases.id, c.id));
    expect((await status(c.id)).overdueDays).toBe(7);
    const figures = async () =>
      (await call(t.app, admin, { url: `/v2/api/suppliers/${String(lenient.id)}` })).json<TSupplier>()
        .figures;
    expect(await figures()).toMatchObject({ casesSent: 1, openPastAnswerTime: 1 });
    const listed = (await call(t.app, admin, { url: `/v2/api/suppliers/${String(lenient.id)}/cases` })).json<
      { id: number; isOverdue: boolean }[]
    >();
    expect(listed.find((row) => row.id === c.id)?.isOverdue).toBe(true);

    await t.db.insert(supplierAnswers).values({
      tenantId: store.tenantId,
      caseId: c.id,
      outcome: 'accepted',
      answeredBy: 'post@lenient.test',
    });
    const answered = await status(c.id);
    expect(answered.overdueDays).toBeNull();
    expect(answered.answeredAt).not.toBeNull();
    expect(await figures()).toMatchObject({ casesSent: 1, openPastAnswerTime: 0 });
  });

  it('counts a supplier mail in since the send as an answer', async () => {
    const c = await newCase({ supplierId: lenient.id });
    await t.db
      .update(cases)
      .set({ sentToSupplierAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(cases.id, c.id));
    expect((await status(c.id)).overdueDays).toBe(2);
    await t.db.insert(mailLogs).values({
      tenantId: store.tenantId,
      caseId: c.id,
      direction: 'in',
      mailLogType: 'supplier',
      messageId: `<${String(Math.random()).slice(2)}@lenient.test>`,
      subject: 'Re: Claim',
      text: 'We look at it',
    });
    expect(await status(c.id)).toMatchObject({ overdueDays: null, answeredAt: expect.any(String) as string });
  });
});
