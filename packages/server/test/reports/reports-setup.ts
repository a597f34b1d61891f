/**
 * The set-up the reports-*.test.ts files share (the /reports figures through HTTP): a store with an
 * administrator, a manager and two agents, another store, and data whose figures are worked out by
 * hand in the tests: two suppliers, cases created and closed across the first quarter of 2026,
 * costs, credit notes and supplier answers through the Costs tab's own calls, and mail in and out
 * in two mailboxes. Each file calls setUpReports() for its own app.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { mailboxes, mailLogs, supplierAnswers } from '../../src/db/schema';
import { call, signIn, type Session } from '../helpers/api';
import { createCase, createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

export let t: TestApp;
export let store: StoreFixture;
export let admin: Session;
export let manager: Session;
export let agent: Session;
export let other: Session;
export const ids = { c1: 0, c2: 0, c3: 0, c4: 0, c5: 0, c7: 0, x: 0, y: 0, m1: 0, m2: 0 };
export let agentOne = '';
let agentTwo = '';

const at = (iso: string) => new Date(iso);
export const get = async <T>(url: string, session = admin): Promise<T> => {
  const res = await call(t.app, session, { url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

async function supplier(name: string, session = admin): Promise<number> {
  const res = await call(t.app, session, { method: 'POST', url: '/v2/api/suppliers', body: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function post(url: string, body: unknown, method: 'POST' | 'PUT' = 'POST') {
  const res = await call(t.app, admin, { method, url, body });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const line = (amountMinor: number, vatRate: number, paidBy: string) => ({
  costType: 'shipping',
  amountMinor,
  currency: 'NOK',
  vatRate,
  costDate: '2026-02-01',
  paidBy,
});

/** Registers the file's beforeAll and afterAll (its own app, as each file had before the split). */
export function setUpReports(): void {
  beforeAll(async () => {
    t = await createTestApp();
    store = await createStore(t.db);
    admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
    manager = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['MANAGER_USER'] }));
    const one = await createUser(t.db, store.tenantId, { firstName: 'Ola', lastName: 'Nordmann' });
    const two = await createUser(t.db, store.tenantId, { firstName: 'Kari', lastName: 'Holm' });
    agentOne = one.username;
    agentTwo = two.username;
    agent = await signIn(t.app, one);
    const otherStore = await createStore(t.db);
    other = await signIn(t.app, await createUser(t.db, otherStore.tenantId, { roles: ['ADMIN_USER'] }));

    ids.x = await supplier('Xenon AS');
    ids.y = await supplier('Ypsilon GmbH');
    const claim = (values: Parameters<typeof createCase>[2]) => createCase(t.db, store.tenantId, values);
    ids.c1 = (
      await claim({
        createdAt: at('2026-01-05T10:00:00Z'),
        closedAt: at('2026-01-06T10:00:00Z'),
        status: 'resolved',
        supplierId: ids.x,
        supplierName: 'Xenon AS',
        assignee: agentOne,
      })
    ).id;
    ids.c2 = (
      await claim({
        createdAt: at('2026-01-20T00:00:00Z'),
        closedAt: at('2026-01-22T00:00:00Z'),
        status: 'resolved',
        supplierId: ids.x,
        supplierName: 'Xenon AS',
        assignee: agentOne,
      })
    ).id;
    ids.c3 = (
      await claim({
        createdAt: at('2026-02-10T12:00:00Z'),
        status: 'in-progress',
        supplierId: ids.y,
        supplierName: 'Ypsilon GmbH',
        assignee: agentTwo,
      })
    ).id;
    ids.c4 = (
      await claim({
        workFlow: 'support',
        createdAt: at('2026-03-01T00:00:00Z'),
        closedAt: at('2026-03-01T06:00:00Z'),
        status: 'resolved',
      })
    ).id;
    // Created before the period, closed in it: counted by its closing date only.
    ids.c5 = (
      await claim({
        createdAt: at('2025-12-31T23:00:00Z'),
        closedAt: at('2026-01-02T00:00:00Z'),
        status: 'resolved',
        supplierId: ids.x,
        supplierName: 'Xenon AS',
      })
    ).id;
    // Deleted: counted nowhere.
    await claim({ createdAt: at('2026-01-10T00:00:00Z'), deletedAt: at('2026-01-11T00:00:00Z') });
    ids.c7 = (
      await claim({
        createdAt: at('2026-02-15T00:00:00Z'),
        status: 'new',
        supplierId: ids.x,
        supplierName: 'Xenon AS',
        purchaseDate: '2025-06-01',
      })
    ).id;

    // Costs and credit notes through the Costs tab's own calls.
    const claims = (id: number) => `/v2/api/claims/${String(id)}`;
    await post(`${claims(ids.c1)}/costs`, line(10_000, 25, 'supplier'));
    await post(`${claims(ids.c1)}/credit-notes`, {
      number: 'K-1',
      noteDate: '2026-02-02',
      amountMinor: 5_000,
      currency: 'NOK',
    });
    await post(`${claims(ids.c2)}/costs`, line(20_000, 25, 'store'));
    await post(`${claims(ids.c2)}/recovery`, { expectedCreditMinor: 10_000, isWrittenOff: false }, 'PUT');
    await post(`${claims(ids.c2)}/credit-notes`, {
      number: 'K-2',
      noteDate: '2026-02-03',
      amountMinor: 12_000,
      currency: 'NOK',
    });
    await post(`${claims(ids.c3)}/costs`, line(8_000, 0, 'supplier'));
    const answer = (caseId: number, outcome: string, createdAt: string) => ({
      tenantId: store.tenantId,
      caseId,
      outcome,
      answeredBy: 'contact@supplier.test',
      createdAt: at(createdAt),
    });
    await t.db
      .insert(supplierAnswers)
      .values([
        answer(ids.c1, 'accepted', '2026-01-06T00:00:00Z'),
        answer(ids.c2, 'declined', '2026-01-21T00:00:00Z'),
        answer(ids.c2, 'partly', '2026-01-21T12:00:00Z'),
        answer(ids.c3, 'declined', '2026-02-11T00:00:00Z'),
      ]);

    const [m1, m2] = await t.db
      .insert(mailboxes)
      .values([
        { tenantId: store.tenantId, address: `support@${store.tenantId}.test`, kind: 'forward' },
        { tenantId: store.tenantId, address: `claims@${store.tenantId}.test`, kind: 'forward' },
      ])
      .returning();
    ids.m1 = m1?.id ?? 0;
    ids.m2 = m2?.id ?? 0;
    let n = 0;
    const mail = (values: {
      caseId: number | null;
      mailboxId: number;
      direction: 'in' | 'out';
      createdAt: string;
      sendState?: string;
      isDeleted?: boolean;
    }) => ({
      tenantId: store.tenantId,
      messageId: `<r${String((n += 1))}@reports.test>`,
      ...values,
      createdAt: at(values.createdAt),
      sentAt: values.sendState === 'sent' ? at(values.createdAt) : null,
    });
    await t.db.insert(mailLogs).values([
      mail({ caseId: ids.c1, mailboxId: ids.m1, direction: 'in', createdAt: '2026-01-05T10:00:00Z' }),
      mail({
        caseId: ids.c1,
        mailboxId: ids.m1,
        direction: 'out',
        createdAt: '2026-01-05T12:00:00Z',
        sendState: 'sent',
      }),
      mail({ caseId: ids.c2, mailboxId: ids.m1, direction: 'in', createdAt: '2026-01-20T00:00:00Z' }),
      mail({
        caseId: ids.c2,
        mailboxId: ids.m1,
        direction: 'out',
        createdAt: '2026-01-21T00:00:00Z',
        sendState: 'sent',
      }),
      mail({ caseId: ids.c2, mailboxId: ids.m1, direction: 'in', createdAt: '2026-01-21T06:00:00Z' }),
      mail({ caseId: ids.c3, mailboxId: ids.m2, direction: 'in', createdAt: '2026-01-13T00:00:00Z' }),
      mail({
        caseId: ids.c3,
        mailboxId: ids.m2,
        direction: 'out',
        createdAt: '2026-01-13T01:00:00Z',
        sendState: 'draft',
      }),
      mail({
        caseId: ids.c3,
        mailboxId: ids.m2,
        direction: 'out',
        createdAt: '2026-01-13T02:00:00Z',
        sendState: 'pending',
      }),
      mail({
        caseId: ids.c3,
        mailboxId: ids.m2,
        direction: 'in',
        createdAt: '2026-01-13T03:00:00Z',
        isDeleted: true,
      }),
      mail({ caseId: null, mailboxId: ids.m2, direction: 'in', createdAt: '2026-01-14T00:00:00Z' }),
      mail({ caseId: ids.c5, mailboxId: ids.m1, direction: 'in', createdAt: '2025-12-31T23:30:00Z' }),
    ]);
  });
  afterAll(() => t.close());
}
