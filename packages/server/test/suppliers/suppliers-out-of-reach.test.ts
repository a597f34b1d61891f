/**
 * A store's own suppliers (/v2/api/suppliers), out of reach: of another store (404), also in the
 * same company, and with the store's supplier feature off (403).
 */
import type { TSupplier } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../helpers/api';
import { createStore, createUser, setStoreConfig } from '../helpers/factories';
import { admin, base, create, setUpSuppliers, store, t } from './suppliers-setup';

setUpSuppliers();

describe('a store’s own suppliers', () => {
  it('keeps another store’s suppliers out of reach (404), also in the same company', async () => {
    const mine = (await create(admin, { name: 'Mine only' })).json<TSupplier>();
    const sibling = await createStore(t.db, { companyId: store.companyId });
    const siblingAdmin = await signIn(
      t.app,
      await createUser(t.db, sibling.tenantId, { roles: ['ADMIN_USER'] }),
    );
    expect((await call(t.app, siblingAdmin, { url: base })).json()).toEqual([]);
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await call(t.app, siblingAdmin, { method, url: `${base}/${mine.id}` })).statusCode).toBe(404);
    }
    const put = await call(t.app, siblingAdmin, {
      method: 'PUT',
      url: `${base}/${mine.id}`,
      body: { name: 'Taken', version: 1 },
    });
    expect(put.statusCode).toBe(404);
    expect((await call(t.app, admin, { url: `${base}/${mine.id}` })).json()).toMatchObject({
      name: 'Mine only',
    });
  });

  it('are off with the store’s supplier feature (403)', async () => {
    const off = await createStore(t.db);
    const offAdmin = await signIn(t.app, await createUser(t.db, off.tenantId, { roles: ['ADMIN_USER'] }));
    await setStoreConfig(t.db, off.tenantId, 'feature', {
      draftClaim: true,
      supportClaim: false,
      claim: true,
      costReg: true,
      supplier: false,
      customer: true,
      statusClaim: true,
      statusCreditNote: true,
      statusCustomer: true,
      statusWareHouse: true,
    });
    expect((await call(t.app, offAdmin, { url: base })).statusCode).toBe(403);
    expect((await create(offAdmin, { name: 'No' })).statusCode).toBe(403);
  });
});
