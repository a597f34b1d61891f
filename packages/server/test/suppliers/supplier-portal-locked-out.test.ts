/**
 * The supplier portal, who is kept out (issue 24, point 5): a contact person of another store's
 * supplier reads none of this store's cases; a disabled contact person cannot sign in and reads
 * nothing with a session it had.
 */
import type { TListPortalCasesResponse, TSupplier } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp } from '../helpers/api';
import { createStore, createUser } from '../helpers/factories';
import { admin, beta, ids, portal, setUpSupplierPortal, t } from './supplier-portal-setup';

setUpSupplierPortal();

describe('[PORTAL] another store', () => {
  it('never shows a contact person of another store’s supplier this store’s cases', async () => {
    const other = await createStore(t.db);
    const otherAdmin = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
    const made = await call(t.app, otherAdmin, {
      method: 'POST',
      url: '/v2/api/suppliers',
      body: { name: 'Gamma AS', contactPersons: [{ fullName: 'Gunn', email: 'gunn@gamma.test' }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const gunn = await signInWithOtp(t.app, t.dataDir, 'gunn@gamma.test');
    expect((await portal(gunn, '/cases')).json()).toEqual([]);
    expect((await portal(gunn, `/cases/${String(ids.sentToA)}`)).statusCode).toBe(404);
  });
});

describe('[PORTAL] a disabled contact person', () => {
  it('cannot sign in, and a session it had reads none of its supplier’s cases', async () => {
    const per = await signInWithOtp(t.app, t.dataDir, 'per@beta.test');
    expect((await portal(per, `/cases/${String(ids.sentToB)}`)).statusCode).toBe(200);
    const current = (
      await call(t.app, admin, { url: `/v2/api/suppliers/${String(beta.id)}` })
    ).json<TSupplier>();
    const disabled = await call(t.app, admin, {
      method: 'PUT',
      url: `/v2/api/suppliers/${String(beta.id)}`,
      body: {
        name: current.name,
        organisationNumber: current.organisationNumber,
        compensationModes: current.compensationModes,
        version: current.version,
        contactPersons: current.contactPersons.map((p) => ({ ...p, isDisabled: true })),
      },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await expect(signInWithOtp(t.app, t.dataDir, 'per@beta.test')).rejects.toThrow();
    const after = await portal(per, `/cases/${String(ids.sentToB)}`);
    expect([401, 404]).toContain(after.statusCode);
    // Its supplier's cases are gone from any list it could still read.
    const list = await portal(per, '/cases');
    if (list.statusCode === 200) expect(list.json<TListPortalCasesResponse>()).toEqual([]);
    else expect(list.statusCode).toBe(401);
  });
});
