/**
 * A customer's data on request (issue 34 point 4) through HTTP: the counts, the export (every
 * item a case search and a mail search for the address find, nothing of another customer), the
 * erasure (nothing of it answers any more, its files are gone, the figures stay, the audit log
 * says how much), the tombstone rule at ingest, who may do it and bounded input.
 */
import type { TCase, TCaseCosts, TListMailsResponse } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailAttachments, mailLogs } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createCase, createContact, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let manager: Session;
let agent: Session;
let customerSession: Session;

const EMAIL = 'ola.nordmann@kunde.test';
const PHONE = '+47 912 34 567';
const OTHER = 'kari.hansen@annen.test';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\nola-receipt\n');
const OTHER_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\nkari-receipt\n');
const OUT_FILE = Buffer.from('Shipping label for the return\n');

type CaseRow = Awaited<ReturnType<typeof createCase>>;
let caseA: CaseRow;
let caseByPhone: CaseRow;
let otherCase: CaseRow;
const mine: Record<string, number> = {};
let otherMail: number;
let rawIn: Buffer;

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

const get = (url: string, session = admin) => call(t.app, session, { url });
const post = (url: string, body: unknown, session = admin) =>
  call(t.app, session, { method: 'POST', url, body });
const caseSearch = async (words: string) => {
  const res = await get(`/v2/api/claims?type=open&workFlow=claim&search=${encodeURIComponent(words)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { id: number }[] }>().items.map((c) => c.id);
};
const mailSearch = async (words: string) => {
  const res = await get(`/v2/api/messages/mail?search=${encodeURIComponent(words)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TListMailsResponse>().items.map((m) => m.id);
};
const fileKeysOf = async (ids: number[]) => {
  const keys: string[] = [];
  for (const id of ids) {
    const [mail] = await t.db.select().from(mailLogs).where(eq(mailLogs.id, id));
    if (mail?.rawFileHash) keys.push(mail.rawFileHash);
    const files = await t.db.select().from(mailAttachments).where(eq(mailAttachments.mailLogId, id));
    keys.push(...files.map((f) => f.fileHash));
  }
  return keys;
};
const attachmentUrl = async (mailId: number) => {
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

describe('who may and what is asked', () => {
  it('answers 403 to an agent and a manager on every route', async () => {
    for (const session of [agent, manager]) {
      expect((await post('/v2/api/privacy/customer-data/search', { email: EMAIL }, session)).statusCode).toBe(
        403,
      );
      expect((await get(`/v2/api/privacy/customer-data/export?email=${EMAIL}`, session)).statusCode).toBe(
        403,
      );
      const erase = await post(
        '/v2/api/privacy/customer-data/erase',
        { email: EMAIL, confirmEmail: EMAIL },
        session,
      );
      expect(erase.statusCode).toBe(403);
    }
  });

  it('answers 400 with a field message to bad input', async () => {
    const cases: [string, unknown, string][] = [
      ['/v2/api/privacy/customer-data/search', { email: 'not-an-address' }, 'email'],
      ['/v2/api/privacy/customer-data/search', { email: `${'a'.repeat(260)}@x.test` }, 'email'],
      ['/v2/api/privacy/customer-data/search', { email: EMAIL, phone: '12' }, 'phone'],
      ['/v2/api/privacy/customer-data/search', { email: EMAIL, phone: 'call me' }, 'phone'],
      ['/v2/api/privacy/customer-data/erase', { email: EMAIL }, 'confirmEmail'],
      ['/v2/api/privacy/customer-data/erase', { email: EMAIL, confirmEmail: OTHER }, 'confirmEmail'],
    ];
    for (const [url, body, field] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(field);
    }
    const exportBad = await get('/v2/api/privacy/customer-data/export?email=nope');
    expect(exportBad.statusCode).toBe(400);
    expect(exportBad.body).toContain('email');
  });
});

describe('finding and exporting', () => {
  it('counts what is stored about the address and the phone', async () => {
    const res = await post('/v2/api/privacy/customer-data/search', {
      email: EMAIL.toUpperCase(),
      phone: PHONE,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      cases: 2,
      caseNumbers: [caseA.caseNumber, caseByPhone.caseNumber].sort((a, b) => a - b),
      mails: 3,
      attachments: 2,
      costLines: 2,
      items: 2,
    });
    expect(res.json<{ timelineEntries: number }>().timelineEntries).toBeGreaterThanOrEqual(2);
  });

  it('exports every item the case search and the mail search find, and none of another customer', async () => {
    const res = await get(
      `/v2/api/privacy/customer-data/export?email=${encodeURIComponent(EMAIL)}&phone=${encodeURIComponent(PHONE)}`,
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    expect(res.headers['content-disposition']).toContain('attachment');
    const zip = unzipSync(res.rawPayload);
    const data = JSON.parse(strFromU8(zip['data.json'] ?? new Uint8Array())) as {
      cases: {
        id: number;
        customerName: string;
        items: unknown[];
        timeline: unknown[];
        costs: { note: string }[];
      }[];
      mails: {
        id: number;
        caseNumber: number | null;
        attachments: { path: string }[];
        emlPath: string | null;
      }[];
    };
    const caseIds = data.cases.map((c) => c.id);
    const mailIds = data.mails.map((m) => m.id);
    expect(caseIds.sort()).toEqual([caseA.id, caseByPhone.id].sort());
    expect(mailIds.sort()).toEqual([mine.inbound, mine.unmapped, mine.outbound].sort());
    for (const found of [
      ...(await caseSearch(EMAIL)),
      ...(await caseSearch('Ola Nordmann')),
      ...(await caseSearch(PHONE)),
    ])
      expect(caseIds).toContain(found);
    for (const found of await mailSearch(EMAIL)) expect(mailIds).toContain(found);
    expect(data.cases.find((c) => c.id === caseA.id)?.costs[0]?.note).toContain(EMAIL);
    // Each mail's files and its raw message; the bytes as stored.
    const inbound = data.mails.find((m) => m.id === mine.inbound);
    expect(Buffer.from(zip[inbound?.attachments[0]?.path ?? ''] ?? [])).toEqual(PDF);
    expect(Buffer.from(zip[inbound?.emlPath ?? ''] ?? [])).toEqual(rawIn);
    const outbound = data.mails.find((m) => m.id === mine.outbound);
    expect(Buffer.from(zip[outbound?.attachments[0]?.path ?? ''] ?? [])).toEqual(OUT_FILE);
    const summary = strFromU8(zip['summary.html'] ?? new Uint8Array());
    expect(summary).toContain('Lagrede opplysninger om');
    expect(summary).toContain('Ola Nordmann');
    // Nothing of the other customer.
    const whole = Object.values(zip)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    expect(whole).not.toContain('Kari Hansen');
    expect(whole).not.toContain(OTHER);
    expect(whole).not.toContain('kari-receipt');

    const audit = await get('/v2/api/audit-log?action=customer.exported');
    expect(audit.statusCode, audit.body).toBe(200);
    const entry = audit.json<{ items: { actor: string; changes: { detail?: Record<string, unknown> } }[] }>()
      .items[0];
    expect(entry?.changes.detail).toMatchObject({ cases: 2, mails: 3, attachments: 2, costLines: 2 });
  });
});

describe('erasing', () => {
  it('erases the customer: nothing of it answers, its files are gone, the figures stay', async () => {
    const before = {
      cases: (await get('/v2/api/reports/cases?from=2025-01-01&to=2026-12-31')).json<unknown>(),
      suppliers: (await get('/v2/api/reports/suppliers?from=2025-01-01&to=2026-12-31')).json<unknown>(),
      costs: await Promise.all(
        [caseA, caseByPhone, otherCase].map(async (c) =>
          (await get(`/v2/api/claims/${String(c.id)}/costs`)).json<TCaseCosts>(),
        ),
      ),
    };
    const myKeys = await fileKeysOf([mine.inbound ?? 0, mine.unmapped ?? 0, mine.outbound ?? 0]);
    const otherKeys = await fileKeysOf([otherMail]);
    const mineUrls = await Promise.all([mine.inbound ?? 0, mine.outbound ?? 0].map(attachmentUrl));
    for (const url of mineUrls) expect((await get(url)).statusCode).toBe(200);
    expect((await get('/v2/api/claims', customerSession)).statusCode).not.toBe(401);

    const res = await post('/v2/api/privacy/customer-data/erase', {
      email: EMAIL,
      phone: PHONE,
      confirmEmail: ` ${EMAIL.toUpperCase()} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cases: 2, mails: 3, attachments: 2, costLines: 2, sessionsEnded: 1 });
    expect(res.json<{ filesDeleted: number }>().filesDeleted).toBe(new Set(myKeys).size);

    // No search finds it, no address answers it.
    for (const words of [EMAIL, 'Nordmann', PHONE, '91234567', 'Storgata'])
      expect(await caseSearch(words)).toEqual([]);
    for (const words of [EMAIL, 'Nordmann', 'descaler']) expect(await mailSearch(words)).toEqual([]);
    for (const id of Object.values(mine))
      expect((await get(`/v2/api/claims/mails/${String(id)}`)).statusCode).toBe(404);
    for (const url of mineUrls) expect((await get(url)).statusCode).toBe(404);
    const thread = await get(`/v2/api/claims/mails/${String(caseA.id)}/mail-logs`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json<unknown[]>()).toEqual([]);
    const detail = (await get(`/v2/api/claims/${String(caseA.id)}`)).json<TCase>();
    expect(detail).toMatchObject({ caseNumber: caseA.caseNumber, customer: { name: '[erased]' } });
    expect(detail.customer.email ?? null).toBeNull();
    expect(detail.customer.phone ?? null).toBeNull();
    expect(JSON.stringify(detail)).not.toMatch(/nordmann|912 34 567|storgata/i);
    const timeline = await get(`/v2/api/claims/${String(caseA.id)}/timeline`);
    expect(timeline.body).not.toMatch(/nordmann|kunde\.test/i);
    const csv = await get('/v2/api/exports/cases?type=open&workFlow=claim');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(String(caseA.caseNumber));
    expect(csv.body).not.toMatch(/nordmann|912 34 567|storgata/i);
    expect(csv.body).toContain('Kari Hansen');

    // The files are gone from the file store; the other customer's stay.
    for (const key of myKeys) expect(await t.app.deps.files.has(key)).toBe(false);
    for (const key of otherKeys) expect(await t.app.deps.files.has(key)).toBe(true);

    // The figures add up as before; the cost note no longer names the customer.
    expect((await get('/v2/api/reports/cases?from=2025-01-01&to=2026-12-31')).json<unknown>()).toEqual(
      before.cases,
    );
    expect((await get('/v2/api/reports/suppliers?from=2025-01-01&to=2026-12-31')).json<unknown>()).toEqual(
      before.suppliers,
    );
    const after = await Promise.all(
      [caseA, caseByPhone, otherCase].map(async (c) =>
        (await get(`/v2/api/claims/${String(c.id)}/costs`)).json<TCaseCosts>(),
      ),
    );
    expect(after.map((c) => c.lines.map((l) => l.netMinor))).toEqual(
      before.costs.map((c) => c.lines.map((l) => l.netMinor)),
    );
    expect(JSON.stringify(after)).not.toContain(EMAIL);

    // The other customer is untouched.
    expect((await get(`/v2/api/claims/mails/${String(otherMail)}`)).statusCode).toBe(200);
    expect((await get(await attachmentUrl(otherMail))).statusCode).toBe(200);
    expect((await get(`/v2/api/claims/${String(otherCase.id)}`)).json<TCase>().customer).toMatchObject({
      name: 'Kari Hansen',
      email: OTHER,
    });

    // The customer's own sign-in has ended.
    expect((await get('/v2/api/claims', customerSession)).statusCode).toBe(401);

    // The audit log says who, what and how much, without the address.
    const audit = await get('/v2/api/audit-log?action=customer.erased');
    const entries = audit.json<{
      items: { actor: string; targetId: string; changes: { detail?: Record<string, unknown> } }[];
    }>().items;
    expect(entries).toHaveLength(1);
    expect(entries[0]?.changes.detail).toMatchObject({
      cases: 2,
      mails: 3,
      attachments: 2,
      costLines: 2,
      sessionsEnded: 1,
    });
    expect(entries[0]?.targetId).toContain(String(caseA.caseNumber));
    expect(audit.body).not.toContain(EMAIL);

    // An export now finds nothing.
    const again = await post('/v2/api/privacy/customer-data/search', { email: EMAIL, phone: PHONE });
    expect(again.json()).toMatchObject({ cases: 0, mails: 0 });
  });

  it('never takes an erased mail in again (the tombstone rule)', async () => {
    const outcome = await ingestMail(
      { files: t.app.deps.files, db: forTenant(t.db, store.tenantId) },
      { raw: rawIn },
    );
    expect(outcome.status).toBe('tombstoned');
    expect(await mailSearch(EMAIL)).toEqual([]);
    const rows = await t.db.select().from(mailLogs).where(eq(mailLogs.messageId, '<ola-1@kunde.test>'));
    expect(rows).toEqual([]);
  });
});
