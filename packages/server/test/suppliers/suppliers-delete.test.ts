/**
 * A store's own suppliers (/v2/api/suppliers), deleted: one no case names is deleted, one in use is
 * disabled instead, its contact persons listed as disabled and no longer signing in.
 */
import type { TContactPerson, TSupplier } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { createCase } from '../helpers/factories';
import { admin, agent, base, checkUser, create, setUpSuppliers, store, t } from './suppliers-setup';

setUpSuppliers();

describe('a store’s own suppliers', () => {
  it('deletes a supplier no case names; one in use is disabled instead, never deleted', async () => {
    const unused = (await create(admin, { name: 'Unused' })).json<TSupplier>();
    const used = (
      await create(admin, { name: 'Used', contactPersons: [{ fullName: 'U', email: 'u@used.test' }] })
    ).json<TSupplier>();
    await createCase(t.db, store.tenantId, { supplierId: used.id });
    expect((await call(t.app, agent, { method: 'DELETE', url: `${base}/${unused.id}` })).statusCode).toBe(
      403,
    );

    const deleted = await call(t.app, admin, { method: 'DELETE', url: `${base}/${unused.id}` });
    expect(deleted.json()).toEqual({ outcome: 'deleted' });
    expect((await call(t.app, admin, { url: `${base}/${unused.id}` })).statusCode).toBe(404);

    const disabled = await call(t.app, admin, { method: 'DELETE', url: `${base}/${used.id}` });
    expect(disabled.json()).toEqual({ outcome: 'disabled' });
    const kept = (await call(t.app, admin, { url: `${base}/${used.id}` })).json<TSupplier>();
    expect(kept).toMatchObject({ isDisabled: true, caseCount: 1 });
    const names = async (query: string) =>
      (await call(t.app, agent, { url: `${base}${query}` })).json<TSupplier[]>().map((s) => s.name);
    expect(await names('')).not.toContain('Used');
    expect(await names('?includeDisabled=true')).toContain('Used');
    // A disabled supplier's contact persons are listed as disabled.
    const persons = async (query: string) =>
      (await call(t.app, agent, { url: `/v2/shared/suppliers/contact-persons${query}` })).json<
        TContactPerson[]
      >();
    expect((await persons('?includeDisabled=false')).map((p) => p.email)).not.toContain('u@used.test');
    expect(await persons('?includeDisabled=true')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'u@used.test', isDisabled: true, supplierName: 'Used' }),
      ]),
    );
    // ... and no longer sign in with a code.
    expect((await checkUser('u@used.test')).statusCode).toBe(404);
  });
});
