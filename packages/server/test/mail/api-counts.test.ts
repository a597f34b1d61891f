/**
 * The mail badges (GET /v2/api/reports/mail-count) as mails are read, deleted and mapped, and
 * the contact persons of the shared path.
 */
import type { TContactPerson, TMailCountResponse } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLogs } from '../../src/db/schema';
import { forTenant } from '../../src/db/tenant-db';
import type { IngestDeps } from '../../src/modules/mail/intake/ingest-types';
import { ingestMail } from '../../src/modules/mail/intake/ingest.service';
import { call, signIn, type Session } from '../helpers/api';
import {
  createCase,
  createContact,
  createStore,
  createUser,
  setStoreConfig,
  type StoreFixture,
} from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rawMail } from './mail-store';

let t: TestApp;
let deps: Omit<IngestDeps, 'db'>;
let store: StoreFixture;
let other: StoreFixture;
let staff: Session;
let otherStaff: Session;

async function ingest(tenantId: string, raw: Buffer, parse?: IngestDeps['parse']): Promise<number> {
  const outcome = await ingestMail(
    { ...deps, db: forTenant(t.db, tenantId), ...(parse && { parse }) },
    { raw },
  );
  if (outcome.status !== 'stored' && outcome.status !== 'unparseable') throw new Error(outcome.status);
  return outcome.mailLogId;
}

const counts = async (session = staff) => {
  const response = await call(t.app, session, { url: '/v2/api/reports/mail-count' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TMailCountResponse>();
};
const zero = { unreadMailCount: 0, sendPendingMailCount: 0 };
const tagged = (caseNumber: number, n: string) =>
  rawMail({ messageId: `<${n}@customer.test>`, subject: `Re: [#${String(caseNumber)}]` });

beforeAll(async () => {
  t = await createTestApp();
  deps = { files: t.app.deps.files };
  store = await createStore(t.db);
  other = await createStore(t.db);
  staff = {
    ...(await signIn(t.app, await createUser(t.db, store.tenantId))),
    companyName: store.companyName,
  };
  otherStaff = {
    ...(await signIn(t.app, await createUser(t.db, other.tenantId))),
    companyName: other.companyName,
  };
});
afterAll(() => t.close());

describe('GET /v2/api/reports/mail-count', () => {
  it('has every workflow of the menu, with zeros, and an empty inbox for a fresh store', async () => {
    expect(await counts()).toEqual({
      open: { claim: zero, support: zero },
      archive: { claim: zero, support: zero },
      inbox: 0,
      failed: 0,
    });
  });

  it('sums the cases per workflow and list, leaves deleted cases out, and counts the unread inbox', async () => {
    const open = await createCase(t.db, store.tenantId, { customerEmail: 'kari@customer.test' });
    const archived = await createCase(t.db, store.tenantId, {
      customerEmail: 'kari@customer.test',
      isArchived: true,
    });
    const gone = await createCase(t.db, store.tenantId, { customerEmail: 'kari@customer.test' });
    await createCase(t.db, store.tenantId, { workFlow: 'support', sendPendingMailCount: 2 });
    const first = await ingest(store.tenantId, tagged(open.caseNumber, 'o1'));
    await ingest(store.tenantId, tagged(open.caseNumber, 'o2'));
    await ingest(store.tenantId, tagged(archived.caseNumber, 'a1'));
    await ingest(store.tenantId, tagged(gone.caseNumber, 'g1'));
    const deleteCase = await call(
      t.app,
      await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] })),
      {
        method: 'DELETE',
        url: `/v2/api/claims/${String(gone.id)}`,
      },
    );
    expect(deleteCase.statusCode).toBe(204);

    const inbox = [
      await ingest(store.tenantId, rawMail({ messageId: '<i1@customer.test>' })),
      await ingest(store.tenantId, rawMail({ messageId: '<i2@customer.test>' })),
      await ingest(store.tenantId, rawMail({ messageId: '<i3@customer.test>' })),
    ];
    await ingest(store.tenantId, rawMail({ messageId: '<i4@customer.test>' }), () =>
      Promise.reject(new Error('no')),
    );
    await t.db.insert(mailLogs).values([
      { tenantId: store.tenantId, direction: 'out', messageId: '<out@store.test>', sendState: 'sent' },
      // Two that could not be sent (one of them deleted since) and another store's.
      { tenantId: store.tenantId, direction: 'out', messageId: '<f1@store.test>', sendState: 'failed' },
      {
        tenantId: store.tenantId,
        direction: 'out',
        messageId: '<f2@store.test>',
        sendState: 'failed',
        isDeleted: true,
      },
      { tenantId: other.tenantId, direction: 'out', messageId: '<f3@store.test>', sendState: 'failed' },
    ]);
    await ingest(other.tenantId, rawMail({ messageId: '<elsewhere@customer.test>' }));

    expect(await counts()).toEqual({
      open: {
        claim: { unreadMailCount: 2, sendPendingMailCount: 0 },
        support: { unreadMailCount: 0, sendPendingMailCount: 2 },
      },
      archive: { claim: { unreadMailCount: 1, sendPendingMailCount: 0 }, support: zero },
      inbox: 3,
      failed: 1,
    });
    expect((await counts(otherStaff)).inbox).toBe(1);
    expect((await counts(otherStaff)).open.claim).toEqual(zero);

    // Reading, deleting and mapping move the badges.
    const put = (url: string, body?: unknown) => call(t.app, staff, { method: 'PUT', url, body });
    expect((await put(`/v2/api/claims/mails/${String(first)}/mark-read-status?isRead=true`)).statusCode).toBe(
      200,
    );
    expect(
      (await put(`/v2/api/claims/mails/${String(inbox[0])}/mark-read-status?isRead=true`)).statusCode,
    ).toBe(200);
    const deleted = await call(t.app, staff, {
      method: 'DELETE',
      url: `/v2/api/claims/mails/${String(inbox[1])}?isDelete=true`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await put(`/v2/api/unmapped-mails/${String(inbox[2])}/map`, { caseId: archived.id })).statusCode,
    ).toBe(200);
    const after = await counts();
    expect(after.open.claim).toEqual({ unreadMailCount: 1, sendPendingMailCount: 0 });
    expect(after.archive.claim).toEqual({ unreadMailCount: 2, sendPendingMailCount: 0 });
    expect(after.inbox).toBe(0);
    expect(
      (await put(`/v2/api/claims/mails/${String(inbox[0])}/mark-read-status?isRead=false`)).statusCode,
    ).toBe(200);
    expect((await counts()).inbox).toBe(1);
  });

  it('follows the store’s menu: a workflow of its own is there with zeros', async () => {
    const custom = await createStore(t.db);
    const session = await signIn(t.app, await createUser(t.db, custom.tenantId));
    await setStoreConfig(t.db, custom.tenantId, 'menu', [
      {
        key: 'returns',
        label: 'Returns',
        workFlow: 'returns',
        sub: [{ key: 'r-open', label: 'Open', workFlow: 'returns', archived: false }],
      },
    ]);
    expect(await counts(session)).toEqual({
      open: { returns: zero },
      archive: { returns: zero },
      inbox: 0,
      failed: 0,
    });
  });
});

describe('GET /v2/shared/suppliers/contact-persons', () => {
  it('answers the store’s contacts, disabled ones only when asked for', async () => {
    const lise = await createContact(t.db, store.tenantId, { email: 'lise@partner.test' });
    const per = await createContact(t.db, store.tenantId, { email: 'per@partner.test', isDisabled: true });
    await createContact(t.db, other.tenantId, { email: 'elsewhere@partner.test' });
    const get = (query: string, session = staff, headers: Record<string, string> = {}) =>
      call(t.app, session, { url: `/v2/shared/suppliers/contact-persons${query}`, headers });
    const enabled = await get('?includeDisabled=false');
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json<TContactPerson[]>()).toEqual([
      { id: lise.id, email: 'lise@partner.test', fullName: 'Test Contact', isDisabled: false },
    ]);
    expect((await get('')).json<TContactPerson[]>().map((c) => c.id)).toEqual([lise.id]);
    expect(
      (await get('?includeDisabled=true')).json<TContactPerson[]>().map((c) => [c.id, c.isDisabled]),
    ).toEqual([
      [lise.id, false],
      [per.id, true],
    ]);
    expect(
      (await get('?includeDisabled=true', otherStaff)).json<TContactPerson[]>().map((c) => c.email),
    ).toEqual(['elsewhere@partner.test']);
    expect((await get('?includeDisabled=sometimes')).statusCode).toBe(400);
    expect((await get('', { ...staff, companyName: undefined })).statusCode).toBe(400);
    expect((await get('', staff, { 'x-company': other.companyName })).statusCode).toBe(403);
  });
});
