/**
 * The set-up the supplier-portal-*.test.ts files share (issue 24, point 5): a store with an
 * administrator, suppliers Acme AS (contact kari@acme.test) and Beta AS (per@beta.test), cases sent
 * and not sent to them or only joined by Kari, mails in each lane of one case, Kari signed in with a
 * one-time code, and the staff's live socket. Each file calls setUpSupplierPortal() for its own app.
 */
import type { TSupplier } from '@claimdesk/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createCase, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { liveUrl, openSignedIn, type LiveTestClient } from '../live/live-client';
import { cases, mailAttachments, mailLogs } from '../../src/db/schema';

export let t: TestApp;
export let store: StoreFixture;
export let admin: Session;
export let acme: TSupplier;
export let beta: TSupplier;
export let kari: Session;
/** The staff's live socket: what an open case page hears. */
export let live: LiveTestClient;
export const ids = {
  sentToA: 0,
  secondToA: 0,
  notSentToA: 0,
  sentToB: 0,
  joinedByKari: 0,
  joinedNotSentToA: 0,
};
export const mails = { customer: 0, internal: 0, supplierOut: 0 };

export const portal = (session: Session, url: string, body?: unknown) =>
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

export const sentAt = new Date('2026-11-01T10:00:00Z');

/** The staff's socket hears `event` about the case (fails after the client's timeout). */
export const heard = (event: 'CASE_UPDATED' | 'CLAIM_MAIL_COUNT_UPDATED', caseId: number) =>
  live.next((m) => 'EVENT' in m && m.EVENT === event && m.meta.caseId === caseId);

/** Registers the file's beforeAll (app, store, suppliers, cases, mails, sign-ins) and afterAll. */
export function setUpSupplierPortal(): void {
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
}
