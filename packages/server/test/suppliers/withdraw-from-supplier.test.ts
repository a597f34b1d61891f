/**
 * Withdrawing a case from its supplier (issue 35, point 2): staff take a sent case back; from then
 * on the supplier's contact person gets 404 on it and no longer finds it in the portal list, and
 * the timeline says who withdrew it.
 */
import type {
  TListPortalCasesResponse,
  TSupplier,
  TTimelineEntry,
  TWithdrawFromSupplierResponse,
} from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createCase, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let adminName = '';
let kari: Session;
let acme: TSupplier;
let caseId = 0;
const sentAt = new Date('2026-11-01T10:00:00Z');

const withdraw = (session: Session, id: number) =>
  call(t.app, session, { method: 'POST', url: `/v2/api/claims/${String(id)}/withdraw-from-supplier` });

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  const adminUser = await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] });
  admin = { ...(await signIn(t.app, adminUser)), companyName: store.companyName };
  adminName = adminUser.username;
  const made = await call(t.app, admin, {
    method: 'POST',
    url: '/v2/api/suppliers',
    body: {
      name: 'Acme AS',
      organisationNumber: '111',
      compensationModes: ['credit-note'],
      contactPersons: [{ fullName: 'Kari Acme', email: 'kari@acme.test' }],
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  acme = made.json<TSupplier>();
  caseId = (
    await createCase(t.db, store.tenantId, {
      customerName: 'Ola Customer',
      items: [{ productName: 'Kettle K1' }],
      supplierId: acme.id,
      supplierName: 'Acme AS',
      sentToSupplierAt: sentAt,
    })
  ).id;
  kari = await signInWithOtp(t.app, t.dataDir, 'kari@acme.test');
});
afterAll(() => t.close());

describe('[WITHDRAW] a case from its supplier', () => {
  it('is refused to the supplier’s contact person (403) and to a case of no store’s own (404)', async () => {
    expect((await withdraw(kari, caseId)).statusCode).toBe(403);
    expect((await withdraw(admin, 999_999)).statusCode).toBe(404);
    expect(
      (await call(t.app, kari, { url: `/v2/api/supplier-portal/cases/${String(caseId)}` })).statusCode,
    ).toBe(200);
  });

  it('ends the contact’s access, goes on the timeline, and a second withdraw changes nothing', async () => {
    const listed = await call(t.app, kari, { url: '/v2/api/supplier-portal/cases' });
    expect(listed.json<TListPortalCasesResponse>().map((c) => c.id)).toEqual([caseId]);

    const done = await withdraw(admin, caseId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<TWithdrawFromSupplierResponse>()).toEqual({
      caseId,
      withdrawnSentAt: sentAt.toISOString(),
    });

    for (const url of [
      `/v2/api/supplier-portal/cases/${String(caseId)}`,
      `/v2/api/claims/${String(caseId)}`,
    ]) {
      expect((await call(t.app, kari, { url })).statusCode, url).toBe(404);
    }
    const after = await call(t.app, kari, { url: '/v2/api/supplier-portal/cases' });
    expect(after.json<TListPortalCasesResponse>()).toEqual([]);

    const status = await call(t.app, admin, { url: `/v2/api/claims/${String(caseId)}/supplier` });
    expect(status.json<{ sentAt: string | null }>().sentAt).toBeNull();
    const timeline = (await call(t.app, admin, { url: `/v2/api/claims/${String(caseId)}/timeline` })).json<
      TTimelineEntry[]
    >();
    expect(timeline.at(-1)).toMatchObject({
      kind: 'supplier-withdrawn',
      actor: adminName,
      changes: [{ field: 'supplier', from: 'Acme AS', to: null }],
    });

    const again = await withdraw(admin, caseId);
    expect(again.json<TWithdrawFromSupplierResponse>().withdrawnSentAt).toBeNull();
    const timelineAgain = (
      await call(t.app, admin, { url: `/v2/api/claims/${String(caseId)}/timeline` })
    ).json<TTimelineEntry[]>();
    expect(timelineAgain).toHaveLength(timeline.length);
  });
});
