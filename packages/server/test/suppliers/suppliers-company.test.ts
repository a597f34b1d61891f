/**
 * A company's suppliers (/v2/shared/suppliers with X-COMPANY): shared by the company's stores and
 * out of reach of another company's, disabled rather than deleted when in use, and their contact
 * persons for a store whose supplierSource is external (these tests build on each other).
 */
import type { TContactPerson, TSupplier } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp } from '../helpers/api';
import { createCase, createStore, createUser } from '../helpers/factories';
import { stores } from '../../src/db/schema';
import { admin, base, checkUser, create, setUpSuppliers, store, t } from './suppliers-setup';

setUpSuppliers();

describe('a company’s suppliers (/v2/shared/suppliers)', () => {
  const shared = '/v2/shared/suppliers';

  it('are shared by the company’s stores, and out of reach of another company’s', async () => {
    const made = await create(
      admin,
      {
        name: 'Chain Supplier',
        organisationNumber: '998877665',
        contactPersons: [{ fullName: 'Chain Contact', email: 'contact@chain.test' }],
      },
      shared,
    );
    expect(made.statusCode, made.body).toBe(201);
    const supplier = made.json<TSupplier>();
    expect(supplier).toMatchObject({ source: 'external', name: 'Chain Supplier' });
    // No store of the company uses the company's suppliers yet: its contact person has no store to sign in to.
    expect((await checkUser('contact@chain.test')).statusCode).toBe(404);
    // A store's own list does not hold the company's.
    expect((await call(t.app, admin, { url: base })).json<TSupplier[]>().map((s) => s.name)).not.toContain(
      'Chain Supplier',
    );

    const sibling = await createStore(t.db, { companyId: store.companyId });
    const siblingAgent = {
      ...(await signIn(t.app, await createUser(t.db, sibling.tenantId))),
      companyName: store.companyName,
    };
    const seen = await call(t.app, siblingAgent, { url: shared });
    expect(seen.json<TSupplier[]>().map((s) => s.name)).toEqual(['Chain Supplier']);

    const other = await createStore(t.db);
    const otherAdmin = {
      ...(await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }))),
      companyName: other.companyName,
    };
    expect((await call(t.app, otherAdmin, { url: shared })).json()).toEqual([]);
    expect((await call(t.app, otherAdmin, { url: `${shared}/${supplier.id}` })).statusCode).toBe(404);
    const put = await call(t.app, otherAdmin, {
      method: 'PUT',
      url: `${shared}/${supplier.id}`,
      body: { name: 'Taken', version: 1 },
    });
    expect(put.statusCode).toBe(404);
    // X-COMPANY naming a company that is not the caller's: 403; none at all: 400.
    const foreign = await call(t.app, otherAdmin, {
      url: shared,
      headers: { 'x-company': store.companyName },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await call(t.app, { ...otherAdmin, companyName: undefined }, { url: shared })).statusCode).toBe(
      400,
    );

    // The same organisation number twice in the company: 400 on the field.
    const duplicate = await create(admin, { name: 'Again', organisationNumber: '998 877 665' }, shared);
    expect(duplicate.statusCode).toBe(400);
    expect(Object.keys(duplicate.json<{ fieldErrors: object }>().fieldErrors)).toEqual([
      'organisationNumber',
    ]);
  });

  it('is disabled, not deleted, when a case of any of the company’s stores names it', async () => {
    const made = (await create(admin, { name: 'Chain Used' }, shared)).json<TSupplier>();
    const sibling = await createStore(t.db, { companyId: store.companyId });
    await createCase(t.db, sibling.tenantId, { companySupplierId: made.id });
    const removed = await call(t.app, admin, { method: 'DELETE', url: `${shared}/${made.id}` });
    expect(removed.json()).toEqual({ outcome: 'disabled' });
    expect((await call(t.app, admin, { url: `${shared}/${made.id}` })).json()).toMatchObject({
      isDisabled: true,
    });
  });

  it('gives the contact persons of a store whose supplierSource is external', async () => {
    const chainStore = await createStore(t.db, { companyId: store.companyId });
    await t.db
      .update(stores)
      .set({ supplierSource: 'external' })
      .where(eq(stores.tenantId, chainStore.tenantId));
    const chainAgent = {
      ...(await signIn(t.app, await createUser(t.db, chainStore.tenantId))),
      companyName: store.companyName,
    };
    const persons = async () => {
      const response = await call(t.app, chainAgent, { url: '/v2/shared/suppliers/contact-persons' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TContactPerson[]>().map((p) => p.email);
    };
    expect(await persons()).toEqual(['contact@chain.test']);
    // The company's contact person signs in with a code to the store that uses the company's suppliers.
    const contact = await signInWithOtp(t.app, t.dataDir, 'contact@chain.test');
    expect(contact.tenantId).toBe(chainStore.tenantId);
    expect(await persons()).toEqual(['contact@chain.test']);
  });
});
