/** A case's supplier: one of the suppliers its store uses, by id; the case takes its name. */
import type { TCase, TSupplier, TTimelineEntry } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { cases, stores } from '../../src/db/schema';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let acme: TSupplier;
let beta: TSupplier;

const newCase = (session: Session, extra: Record<string, unknown>) =>
  call(t.app, session, {
    method: 'POST',
    url: '/v2/api/claims',
    body: { workFlow: 'claim', customer: { name: 'Kari' }, items: [], ...extra },
  });

const supplier = async (session: Session, name: string, url = '/v2/api/suppliers') => {
  const made = await call(t.app, session, { method: 'POST', url, body: { name } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<TSupplier>();
};

const caseCount = async (tenantId: string) =>
  (await t.db.select().from(cases).where(eq(cases.tenantId, tenantId))).length;

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  admin = {
    ...(await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }))),
    companyName: store.companyName,
  };
  acme = await supplier(admin, 'Acme AS');
  beta = await supplier(admin, 'Beta AS');
});
afterAll(() => t.close());

describe('a case’s supplier', () => {
  it('is chosen by id among the store’s suppliers; the case takes its name', async () => {
    const created = await newCase(admin, { supplierId: acme.id, supplierName: 'typed by hand' });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json<TCase>();
    expect(c).toMatchObject({ supplierId: acme.id, supplierName: 'Acme AS' });
    const read = await call(t.app, admin, { url: `/v2/api/claims/${c.id}` });
    expect(read.json()).toMatchObject({ supplierId: acme.id, supplierName: 'Acme AS' });

    const changed = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}`,
      body: { version: c.version, supplierId: beta.id },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ supplierId: beta.id, supplierName: 'Beta AS' });
    const timeline = (await call(t.app, admin, { url: `/v2/api/claims/${c.id}/timeline` })).json<
      TTimelineEntry[]
    >();
    expect(timeline.flatMap((e) => e.changes).filter((ch) => ch.field.startsWith('supplier'))).toEqual(
      expect.arrayContaining([
        { field: 'supplierName', from: 'Acme AS', to: 'Beta AS' },
        { field: 'supplierId', from: acme.id, to: beta.id },
      ]),
    );
    const counted = await call(t.app, admin, { url: `/v2/api/suppliers/${beta.id}` });
    expect(counted.json()).toMatchObject({ caseCount: 1 });
    // A supplier a case names is disabled, not deleted.
    const removed = await call(t.app, admin, { method: 'DELETE', url: `/v2/api/suppliers/${beta.id}` });
    expect(removed.json()).toEqual({ outcome: 'disabled' });
    // The case keeps its now disabled supplier through other changes.
    const kept = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}`,
      body: { version: changed.json<TCase>().version, description: 'Still Beta' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ supplierId: beta.id, supplierName: 'Beta AS' });
  });

  it('follows a supplier name typed without an id: the supplier of that name, else none', async () => {
    const created = await newCase(admin, { supplierName: 'acme as' });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json<TCase>();
    expect(c).toMatchObject({ supplierId: acme.id, supplierName: 'acme as' });
    const typed = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}`,
      body: { version: c.version, supplierName: 'Somebody Else AS' },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ supplierId: null, supplierName: 'Somebody Else AS' });
    const cleared = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}`,
      body: { version: typed.json<TCase>().version, supplierId: acme.id },
    });
    expect(cleared.json()).toMatchObject({ supplierId: acme.id, supplierName: 'Acme AS' });
    const emptied = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/claims/${c.id}`,
      body: { version: cleared.json<TCase>().version, supplierName: '' },
    });
    expect(emptied.json()).toMatchObject({ supplierId: null });
  });

  it('refuses another store’s, a disabled or an unknown supplier on the field, creating nothing', async () => {
    const sibling = await createStore(t.db, { companyId: store.companyId });
    const siblingAdmin = await signIn(
      t.app,
      await createUser(t.db, sibling.tenantId, { roles: ['ADMIN_USER'] }),
    );
    const theirs = await supplier(siblingAdmin, 'Theirs AS');
    const before = await caseCount(store.tenantId);
    for (const supplierId of [theirs.id, beta.id, 2_000_000_000]) {
      const refused = await newCase(admin, { supplierId });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        fieldErrors: { supplierId: 'Unknown or disabled supplier' },
        fieldIssues: { supplierId: { code: 'not_an_option' } },
      });
    }
    expect(await caseCount(store.tenantId)).toBe(before);
    expect((await newCase(admin, { supplierId: 0 })).statusCode).toBe(400);
  });

  it('is one of the company’s suppliers in a store whose supplierSource is external', async () => {
    const chain = await supplier(admin, 'Chain AS', '/v2/shared/suppliers');
    const external = await createStore(t.db, { companyId: store.companyId });
    await t.db
      .update(stores)
      .set({ supplierSource: 'external' })
      .where(eq(stores.tenantId, external.tenantId));
    const agent = await signIn(t.app, await createUser(t.db, external.tenantId));
    const created = await newCase(agent, { supplierId: chain.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ supplierId: chain.id, supplierName: 'Chain AS' });
    // The company's disabled supplier is refused to a new case.
    const old = await supplier(admin, 'Old Chain AS', '/v2/shared/suppliers');
    const disabled = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/shared/suppliers/${old.id}`,
      body: { name: old.name, version: old.version, isDisabled: true },
    });
    expect(disabled.json()).toMatchObject({ isDisabled: true });
    expect((await newCase(agent, { supplierId: old.id })).statusCode).toBe(400);
    const used = await call(t.app, admin, { method: 'DELETE', url: `/v2/shared/suppliers/${chain.id}` });
    expect(used.json()).toEqual({ outcome: 'disabled' });
  });
});
