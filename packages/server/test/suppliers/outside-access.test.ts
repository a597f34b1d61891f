/**
 * Who outside the store reads a case (issue 35, point 2): staff see the supplier's contact persons
 * while the case is sent and the other one-time-code participants, and can take a participant
 * off; from then on that person gets 404 on the case, and the timeline says who did it.
 */
import type {
  TOutsideAccessResponse,
  TRemoveParticipantResponse,
  TSupplier,
  TTimelineEntry,
} from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import { createCase, createContact, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let store: StoreFixture;
let other: StoreFixture;
let admin: Session;
let adminName = '';
let agent: Session;
let kari: Session;
let lawyer: Session;
let sentCase = 0;
let unsentCase = 0;
const sentAt = new Date('2026-11-01T10:00:00Z');
const LAWYER = 'lawyer@outside.test';

const access = (session: Session, id: number) =>
  call(t.app, session, { url: `/v2/api/claims/${String(id)}/outside-access` });
const remove = (session: Session, id: number, email: string) =>
  call(t.app, session, {
    method: 'DELETE',
    url: `/v2/api/claims/${String(id)}/participants/${encodeURIComponent(email)}`,
  });

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  other = await createStore(t.db);
  const adminUser = await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] });
  admin = { ...(await signIn(t.app, adminUser)), companyName: store.companyName };
  adminName = adminUser.username;
  agent = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['STANDARD_USER'] }));
  const made = await call(t.app, admin, {
    method: 'POST',
    url: '/v2/api/suppliers',
    body: {
      name: 'Acme AS',
      organisationNumber: '111',
      compensationModes: ['credit-note'],
      contactPersons: [
        { fullName: 'Kari Acme', email: 'kari@acme.test' },
        { fullName: 'Per Acme', email: 'per@acme.test' },
      ],
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const acme = made.json<TSupplier>();
  await createContact(t.db, store.tenantId, { email: LAWYER });
  const base = {
    customerName: 'Ola Customer',
    items: [{ productName: 'Kettle K1' }],
    supplierId: acme.id,
    supplierName: 'Acme AS',
    // Kari's participant row gives her nothing beyond the supplier rule: not listed as a participant.
    participants: [LAWYER, 'kari@acme.test'],
  };
  sentCase = (await createCase(t.db, store.tenantId, { ...base, sentToSupplierAt: sentAt })).id;
  unsentCase = (await createCase(t.db, store.tenantId, base)).id;
  kari = await signInWithOtp(t.app, t.dataDir, 'kari@acme.test');
  lawyer = await signInWithOtp(t.app, t.dataDir, LAWYER);
});
afterAll(() => t.close());

describe('[OUTSIDE-ACCESS] who outside the store reads a case', () => {
  it('lists the supplier’s contact persons while the case is sent, and the other participants', async () => {
    const sent = await access(agent, sentCase);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<TOutsideAccessResponse>()).toEqual({
      supplier: {
        name: 'Acme AS',
        sentAt: sentAt.toISOString(),
        contacts: [
          { name: 'Kari Acme', email: 'kari@acme.test' },
          { name: 'Per Acme', email: 'per@acme.test' },
        ],
      },
      participants: [{ email: LAWYER, since: expect.any(String) as string }],
    });
    const unsent = await access(agent, unsentCase);
    expect(unsent.json<TOutsideAccessResponse>().supplier).toBeNull();
    expect(unsent.json<TOutsideAccessResponse>().participants.map((p) => p.email)).toEqual([LAWYER]);
  });

  it('is for staff only, in their own store, with a bounded email', async () => {
    expect((await access(kari, sentCase)).statusCode).toBe(403);
    expect((await remove(lawyer, sentCase, LAWYER)).statusCode).toBe(403);
    const stranger = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
    expect((await access(stranger, sentCase)).statusCode).toBe(404);
    expect((await remove(stranger, sentCase, LAWYER)).statusCode).toBe(404);
    const bad = await remove(admin, sentCase, 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('email');
    // Too long for an address: refused before the route (414), never a 500.
    expect((await remove(admin, sentCase, `${'a'.repeat(300)}@x.test`)).statusCode).toBe(414);
  });

  it('takes a participant off: the person reads the case no more, and the timeline says who did it', async () => {
    const url = `/v2/api/claims/${String(sentCase)}`;
    expect((await call(t.app, lawyer, { url })).statusCode).toBe(200);

    const done = await remove(admin, sentCase, LAWYER.toUpperCase());
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<TRemoveParticipantResponse>()).toEqual({ removed: true });
    expect((await call(t.app, lawyer, { url })).statusCode).toBe(404);
    // The other case keeps the person.
    expect((await call(t.app, lawyer, { url: `/v2/api/claims/${String(unsentCase)}` })).statusCode).toBe(200);
    expect((await access(admin, sentCase)).json<TOutsideAccessResponse>().participants).toEqual([]);

    const timeline = (await call(t.app, admin, { url: `${url}/timeline` })).json<TTimelineEntry[]>();
    expect(timeline.at(-1)).toMatchObject({
      kind: 'participant-removed',
      actor: adminName,
      changes: [{ field: 'participant', from: LAWYER, to: null }],
    });
    const again = await remove(admin, sentCase, LAWYER);
    expect(again.json<TRemoveParticipantResponse>()).toEqual({ removed: false });
  });

  it('no longer lists the supplier once the case is withdrawn', async () => {
    const done = await call(t.app, admin, {
      method: 'POST',
      url: `/v2/api/claims/${String(sentCase)}/withdraw-from-supplier`,
    });
    expect(done.statusCode).toBe(200);
    expect((await access(admin, sentCase)).json<TOutsideAccessResponse>().supplier).toBeNull();
  });
});
