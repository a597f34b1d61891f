/** Store configuration documents: the fallback store -> company -> default, and names that are no document. */
import { DEFAULT_CLAIM_FORM, DEFAULT_CLAIM_STATUS_OPTIONS, type TStoredProperty } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { storeProperties } from '../../src/db/schema';
import { forgetAllStoreConfig, resolveStoreConfig } from '../../src/modules/settings/store-config.repository';
import { forTenant } from '../../src/db/tenant-db';
import {
  API,
  SHARED,
  agent,
  badForm,
  get,
  resolved,
  send,
  setUpStoreConfig,
  siblingAdmin,
  store,
  superAdmin,
  t,
} from './store-config-setup';

setUpStoreConfig();

describe('the fallback chain store -> company -> default, for any document name', () => {
  it('resolves fixed and per-workflow documents, also of workflows without defaults of their own', async () => {
    const name = 'status-options.anything';
    expect(await resolved(agent, name)).toEqual(DEFAULT_CLAIM_STATUS_OPTIONS);
    const companyValue = { ...DEFAULT_CLAIM_STATUS_OPTIONS, initial: 'in-progress' };
    const storeValue = { ...DEFAULT_CLAIM_STATUS_OPTIONS, statusClaim: [] };
    expect(DEFAULT_CLAIM_STATUS_OPTIONS.statuses.map((s) => s.value)).toContain('in-progress');

    const company = await send(siblingAdmin, 'POST', SHARED, { name, value: companyValue });
    expect(company.statusCode, company.body).toBe(201);
    expect(await resolved(agent, name)).toEqual(companyValue);
    expect(await resolved(siblingAdmin, name)).toEqual(companyValue);

    const own = (await send(superAdmin, 'POST', API, { name, value: storeValue })).json<TStoredProperty>();
    expect(await resolved(agent, name)).toEqual(storeValue);
    expect(await resolved(agent, name, SHARED)).toEqual(companyValue);
    expect(await resolved(siblingAdmin, name)).toEqual(companyValue);
    expect(await resolveStoreConfig(forTenant(t.db, store.tenantId), name)).toEqual(storeValue);

    expect((await send(superAdmin, 'DELETE', `${API}/${own.id}`)).statusCode).toBe(204);
    expect(await resolved(agent, name)).toEqual(companyValue);
    const companyId = company.json<TStoredProperty>().id;
    expect((await send(superAdmin, 'DELETE', `${SHARED}/${companyId}`)).statusCode).toBe(204);
    expect(await resolved(agent, name)).toEqual(DEFAULT_CLAIM_STATUS_OPTIONS);
    expect(await resolved(siblingAdmin, name)).toEqual(DEFAULT_CLAIM_STATUS_OPTIONS);
  });

  it('passes over a stored document that no longer fits its schema', async () => {
    await t.db
      .insert(storeProperties)
      .values({ tenantId: store.tenantId, name: 'form.legacy', value: badForm() });
    forgetAllStoreConfig(t.db);
    expect(await resolved(agent, 'form.legacy')).toEqual(DEFAULT_CLAIM_FORM);
    const listed = (await get(superAdmin, `${API}/findone/form.legacy`)).json<TStoredProperty>();
    expect(listed.value).toEqual(badForm());
  });

  it('answers 404 for a name that is no document, from json-config and resolveStoreConfig', async () => {
    for (const name of ['colours', 'form', 'form.Claim', 'widgets.claim', 'constructor']) {
      expect((await get(agent, `${API}/json-config/${name}`)).statusCode, name).toBe(404);
    }
    await expect(resolveStoreConfig(forTenant(t.db, store.tenantId), 'colours')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
