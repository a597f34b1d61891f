/**
 * The set-up the customer-data-*.test.ts files share (a customer's data on request, issue 34
 * point 4): a store in Norwegian with an administrator, a manager and an agent; a customer (Ola) with
 * a case by address and one by phone, mails in and out with files, cost lines and a one-time-code
 * session; another customer (Kari) with a case and a mail; and the searches and file look-ups the
 * tests check against. Each file calls setUpCustomerData() for its own app.
 */
import type { TListMailsResponse } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { mailAttachments, mailLogs } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createCase, createContact, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

export let t: TestApp;
export let store: StoreFixture;
let admin: Session;
export let manager: Session;
export let agent: Session;
export let customerSession: Session;

export const EMAIL = 'ola.nordmann@kunde.test';
export const PHONE = '+47 912 34 567';
export const OTHER = 'kari.hansen@annen.test';
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\nola-receipt\n');
const OTHER_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\nkari-receipt\n');
export const OUT_FILE = Buffer.from('Shipping label for the return\n');

type CaseRow = Awaited<ReturnType<typeof createCase>>;
export let caseA: CaseRow;
export let caseByPhone: CaseRow;
export let otherCase: CaseRow;
export const mine: Record<string, number> = {};
export let otherMail: number;
export let rawIn: Buffer;

/** A mail with one PDF attached, as a customer's mail client sends it. */
function mailWithPdf(options: {
  from: string;
  messageId: string;
  subject: string;
  body: string;
  pdf: Buffer;
}) {
  const boundary = 'b-privacy-test';
  return Buffer.from(
    [
      `From: ${options.from}`,
      'To: support@store.test',
      `Subject: ${options.subject}`,
      'Date: Tue, 01 Apr 2025 10:05:00 +0200',
      `Message-ID: ${options.messageId}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      options.body,
      `--${boundary}`,
      'Content-Type: application/pdf',
      'Content-Disposition: attachment; filename="receipt.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      options.pdf.toString('base64'),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

async function ingest(raw: Buffer): Promise<number> {
  const outcome = await ingestMail({ files: t.app.deps.files, db: forTenant(t.db, store.tenantId) }, { raw });
  if (outcome.status !== 'stored') throw new Error(`not stored: ${outcome.status}`);
  return outcome.mailLogId;
}

export const get = (url: string, session = admin) => call(t.app, session, { url });
export const post = (url: string, body: unknown, session = admin) =>
  call(t.app, session, { method: 'POST', url, body });
export const caseSearch = async (words: string) => {
  const res = await get(`/v2/api/claims?type=open&workFlow=claim&search=${encodeURIComponent(words)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { id: number }[] }>().items.map((c) => c.id);
};
export const mailSearch = async (words: string) => {
  const res = await get(`/v2/api/messages/mail?search=${encodeURIComponent(words)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TListMailsResponse>().items.map((m) => m.id);
};
export const fileKeysOf = async (ids: number[]) => {
  const keys: string[] = [];
  for (const id of ids) {
    const [mail] = await t.db.select().from(mailLogs).where(eq(mailLogs.id, id));
    if (mail?.rawFileHash) keys.push(mail.rawFileHash);
    const files = await t.db.select().from(mailAttachments).where(eq(mailAttachments.mailLogId, id));
    keys.push(...files.map((f) => f.fileHash));
  }
  return keys;
};
export const attachmentUrl = async (mailId: number) => {
  const [file] = await t.db.select().from(mailAttachments).where(eq(mailAttachments.mailLogId, mailId));
  if (!file) throw new Error('no attachment');
  return `/v2/api/claims/mails/mail-attachment?attachmentDetail=mails/${String(mailId)}/${String(file.id)}`;
};
const addCost = (caseId: number, note: string) =>
  call(t.app, agent, {
    method: 'POST',
    url: `/v2/api/claims/${String(caseId)}/costs`,
    body: {
      costType: 'shipping',
      amountMinor: 12_500,
      currency: 'NOK',
      vatRate: 25,
      costDate: '2026-01-15',
      paidBy: 'supplier',
      note,
    },
  });

/** Registers the file's beforeAll and afterAll (its own app, as each file had before the split). */
export function setUpCustomerData(): void {
  beforeAll(async () => {
    t = await createTestApp();
    store = await createStore(t.db, { language: 'nr' });
    admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
    manager = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['MANAGER_USER'] }));
    agent = await signIn(t.app, await createUser(t.db, store.tenantId));

    caseA = await createCase(t.db, store.tenantId, {
      customerName: 'Ola Nordmann',
      customerEmail: EMAIL,
      customerPhone: PHONE,
      customerAddress: 'Storgata 1, 0155 Oslo',
      description: 'Ola Nordmann says the kettle leaks',
      purchaseDate: '2025-06-01',
      items: [{ productName: 'Kettle', sku: 'KT-1' }],
    });
    caseByPhone = await createCase(t.db, store.tenantId, {
      customerName: 'O. Nordmann',
      customerPhone: '912 34 567',
      purchaseDate: '2025-06-01',
      items: [{ productName: 'Toaster' }],
    });
    otherCase = await createCase(t.db, store.tenantId, {
      customerName: 'Kari Hansen',
      customerEmail: OTHER,
      customerPhone: '+47 400 00 000',
      purchaseDate: '2025-06-01',
      items: [{ productName: 'Blender' }],
    });

    rawIn = mailWithPdf({
      from: `Ola Nordmann <${EMAIL}>`,
      messageId: '<ola-1@kunde.test>',
      subject: `Kettle [#${String(caseA.caseNumber)}]`,
      body: 'The receipt is attached.',
      pdf: PDF,
    });
    mine.inbound = await ingest(rawIn);
    mine.unmapped = await ingest(
      Buffer.from(
        [
          `From: ${EMAIL}`,
          'To: support@store.test',
          'Subject: Another question',
          'Date: Wed, 02 Apr 2025 09:00:00 +0200',
          'Message-ID: <ola-2@kunde.test>',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Do you sell descaler?',
          '',
        ].join('\r\n'),
      ),
    );
    otherMail = await ingest(
      mailWithPdf({
        from: `Kari Hansen <${OTHER}>`,
        messageId: '<kari-1@annen.test>',
        subject: `Blender [#${String(otherCase.caseNumber)}]`,
        body: 'My blender is broken.',
        pdf: OTHER_PDF,
      }),
    );
    // Our answer to the customer, sent with a file.
    const outKey = await t.app.deps.files.put(OUT_FILE);
    const [out] = await t.db
      .insert(mailLogs)
      .values({
        tenantId: store.tenantId,
        caseId: caseA.id,
        direction: 'out',
        messageId: '<claimdesk.case-out@store.test>',
        fromAddress: 'support@store.test',
        to: [{ name: 'Ola Nordmann', address: EMAIL }],
        subject: `Re: Kettle [#${String(caseA.caseNumber)}]`,
        text: 'Please send the kettle back with the label.',
        sendState: 'sent',
        createdBy: 'agent',
      })
      .returning();
    if (!out) throw new Error('no outbound mail');
    mine.outbound = out.id;
    await t.db.insert(mailAttachments).values({
      tenantId: store.tenantId,
      mailLogId: out.id,
      position: 0,
      fileHash: outKey,
      fileName: 'label.txt',
      contentType: 'text/plain',
      size: OUT_FILE.byteLength,
    });

    for (const [c, note] of [
      [caseA, `Return freight for ${EMAIL}`],
      [caseByPhone, 'Courier'],
      [otherCase, 'Blender freight'],
    ] as const) {
      const res = await addCost(c.id, note);
      expect(res.statusCode, res.body).toBe(201);
    }
    await createContact(t.db, store.tenantId, { email: EMAIL });
    customerSession = await signInWithOtp(t.app, t.dataDir, EMAIL);
  });
  afterAll(() => t.close());
}
