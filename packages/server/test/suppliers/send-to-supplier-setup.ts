/**
 * The set-up the send-to-supplier-*.test.ts files share: a store with an administrator, a strict
 * supplier (claim address, photos, receipt and serial number required, five days to answer) and a
 * lenient one (three days), and helpers to make cases, customer mails with files, and to compose,
 * send and read back. Each file calls setUpSendToSupplier() for its own app.
 */
import type { TCase, TCaseSupplierStatus, TSupplier, TTimelineEntry } from '@claimdesk/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { cases, mailAttachments, mailLogs } from '../../src/db/schema';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser, type StoreFixture } from '../helpers/factories';
import { pngBytes } from '../helpers/files';
import { createTestApp, type TestApp } from '../helpers/test-app';

export let t: TestApp;
export let store: StoreFixture;
export let admin: Session;
export let strict: TSupplier;
export let lenient: TSupplier;

const customer = {
  name: 'Ola Secretname',
  email: 'ola.secret@customer.test',
  phone: '+47 999 88 777',
  address: 'Hemmeliggata 12',
};

export const supplier = async (body: Record<string, unknown>) => {
  const made = await call(t.app, admin, { method: 'POST', url: '/v2/api/suppliers', body });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<TSupplier>();
};

export const newCase = async (extra: Record<string, unknown>) => {
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
export async function customerMailWithFiles(caseId: number) {
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

export const status = async (id: number) => {
  const read = await call(t.app, admin, { url: `/v2/api/claims/${String(id)}/supplier` });
  expect(read.statusCode, read.body).toBe(200);
  return read.json<TCaseSupplierStatus>();
};
export const compose = (id: number) =>
  call(t.app, admin, { url: `/v2/api/claims/${String(id)}/supplier-compose` });
export const send = (id: number, body: Record<string, unknown>) =>
  call(t.app, admin, { method: 'POST', url: `/v2/api/claims/${String(id)}/send-to-supplier`, body });
export const timeline = async (id: number) =>
  (await call(t.app, admin, { url: `/v2/api/claims/${String(id)}/timeline` })).json<TTimelineEntry[]>();
export const supplierMailsOut = async (caseId: number) =>
  t.db
    .select()
    .from(mailLogs)
    .where(
      and(eq(mailLogs.caseId, caseId), eq(mailLogs.mailLogType, 'supplier'), eq(mailLogs.direction, 'out')),
    );
export const sentColumn = async (caseId: number) =>
  (await t.db.select({ at: cases.sentToSupplierAt }).from(cases).where(eq(cases.id, caseId)))[0]?.at ?? null;

/** Registers the file's beforeAll and afterAll (its own app, as each file had before the split). */
export function setUpSendToSupplier(): void {
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
}
