/**
 * Suppliers through HTTP: a store's own (/v2/api/suppliers) and its company's
 * (/v2/shared/suppliers with X-COMPANY), edited by administrators, with contact persons who are
 * the one-time-code contacts; bad input refused on its field with nothing half-saved.
 */
import type { TContactPerson, TSupplier } from '@claimdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInWithOtp, type Session } from '../helpers/api';
import {
  createCase,
  createContact,
  createStore,
  createUser,
  setStoreConfig,
  type StoreFixture,
} from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { stores } from '../../src/db/schema';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let agent: Session;
const base = '/v2/api/suppliers';

const checkUser = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/api/stores/check-user',
    headers: { 'content-type': 'text/plain' },
    payload: email,
  });

const acme = {
  name: 'Acme Kitchen AS',
  organisationNumber: '912 345 678',
  email: 'Claims@Acme.test',
  phone: '+47 22 00 00 00',
  address: 'Storgata 1, 0155 Oslo',
  claimAddress: 'reklamasjon@acme.test',
  compensationModes: ['credit-note', 'repair'],
  requiredEvidence: ['photos', 'receipt'],
  answerDays: 7,
  contactPersons: [{ fullName: 'Kari Nordmann', email: 'kari@acme.test', phone: '+47 900 00 000' }],
};

async function create(session: Session, body: unknown, url = base) {
  return call(t.app, session, { method: 'POST', url, body });
}

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db);
  admin = {
    ...(await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }))),
    companyName: store.companyName,
  };
  agent = {
    ...(await signIn(t.app, await createUser(t.db, store.tenantId))),
    companyName: store.companyName,
  };
});
afterAll(() => t.close());

describe('a store’s own suppliers', () => {
  it('are created by administrators with contact persons, and read and searched by all staff', async () => {
    const created = await create(admin, acme);
    expect(created.statusCode, created.body).toBe(201);
    const supplier = created.json<TSupplier>();
    expect(supplier).toMatchObject({
      source: 'internal',
      name: 'Acme Kitchen AS',
      organisationNumber: '912345678',
      email: 'claims@acme.test',
      compensationModes: ['credit-note', 'repair'],
      requiredEvidence: ['photos', 'receipt'],
      answerDays: 7,
      isDisabled: false,
      version: 1,
      caseCount: 0,
      contactPersons: [{ fullName: 'Kari Nordmann', email: 'kari@acme.test', isDisabled: false }],
      figures: { casesSent: 0, openPastAnswerTime: 0 },
    });
    expect((await create(agent, { ...acme, organisationNumber: null })).statusCode).toBe(403);

    const bySearch = async (search: string) =>
      (await call(t.app, agent, { url: `${base}?search=${encodeURIComponent(search)}` }))
        .json<TSupplier[]>()
        .map((s) => s.name);
    expect(await bySearch('acme kitchen')).toEqual(['Acme Kitchen AS']);
    expect(await bySearch('912345')).toEqual(['Acme Kitchen AS']);
    expect(await bySearch('kari@')).toEqual(['Acme Kitchen AS']);
    expect(await bySearch('nobody')).toEqual([]);
    const one = await call(t.app, agent, { url: `${base}/${supplier.id}` });
    expect(one.json<TSupplier>().contactPersons.map((p) => p.email)).toEqual(['kari@acme.test']);
  });

  it('makes its contact persons one-time-code users, listed as contact persons', async () => {
    expect((await checkUser('kari@acme.test')).body).toBe('otp');
    const persons = await call(t.app, agent, {
      url: '/v2/shared/suppliers/contact-persons?includeDisabled=false',
    });
    expect(persons.statusCode, persons.body).toBe(200);
    expect(persons.json<TContactPerson[]>()).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: 'kari@acme.test', isDisabled: false })]),
    );
  });

  it('refuses bad fields on the field, and saves nothing of a refused supplier', async () => {
    const before = (await call(t.app, admin, { url: `${base}?includeDisabled=true` })).json<TSupplier[]>();
    const badEmail = await create(admin, { ...acme, organisationNumber: null, email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ fieldErrors: { email: 'Must be a valid email address' } });
    const badPerson = await create(admin, {
      name: 'Other',
      contactPersons: [{ fullName: 'X', email: 'x@' }],
    });
    expect(badPerson.statusCode).toBe(400);
    expect(Object.keys(badPerson.json<{ fieldErrors: object }>().fieldErrors)).toEqual([
      'contactPersons.0.email',
    ]);
    const badMode = await create(admin, { name: 'Other', compensationModes: ['barter'] });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json()).toMatchObject({
      fieldIssues: { 'compensationModes.0': { code: 'not_an_option' } },
    });
    const badDays = await create(admin, { name: 'Other', answerDays: 0 });
    expect(badDays.statusCode).toBe(400);

    // The same organisation number as Acme's, written differently: 400 on the field, and the new
    // supplier's contact person is not created either.
    const duplicate = await create(admin, {
      name: 'Acme Again',
      organisationNumber: '912345678',
      contactPersons: [{ fullName: 'New Person', email: 'new.person@again.test' }],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({
      fieldErrors: { organisationNumber: 'Another supplier has this organisation number' },
      fieldIssues: { organisationNumber: { code: 'taken' } },
    });
    expect((await checkUser('new.person@again.test')).statusCode).toBe(404);

    // A contact person of Acme cannot be another supplier's too.
    const taken = await create(admin, {
      name: 'Rival',
      contactPersons: [{ fullName: 'Kari', email: 'KARI@acme.test' }],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ fieldIssues: { 'contactPersons.0.email': { code: 'taken' } } });
    expect(Object.keys(taken.json<{ fieldErrors: object }>().fieldErrors)).toEqual([
      'contactPersons.0.email',
    ]);
    const twice = await create(admin, {
      name: 'Twice',
      contactPersons: [
        { fullName: 'A', email: 'same@twice.test' },
        { fullName: 'B', email: 'same@twice.test' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json<{ fieldErrors: object }>().fieldErrors)).toEqual([
      'contactPersons.1.email',
    ]);

    const after = (await call(t.app, admin, { url: `${base}?includeDisabled=true` })).json<TSupplier[]>();
    expect(after).toEqual(before);
  });

  it('is updated with its version, its contact persons replaced; a stale version is 409', async () => {
    const made = (
      await create(admin, {
        name: 'Beta Tools',
        contactPersons: [
          { fullName: 'Per', email: 'per@beta.test' },
          { fullName: 'Pål', email: 'pal@beta.test' },
        ],
      })
    ).json<TSupplier>();
    const per = made.contactPersons.find((p) => p.email === 'per@beta.test');
    const updated = await call(t.app, admin, {
      method: 'PUT',
      url: `${base}/${made.id}`,
      body: {
        name: 'Beta Tools AS',
        version: made.version,
        contactPersons: [
          { id: per?.id, fullName: 'Per Hansen', email: 'per@beta.test' },
          { fullName: 'Espen', email: 'espen@beta.test' },
        ],
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<TSupplier>()).toMatchObject({ name: 'Beta Tools AS', version: 2 });
    expect(updated.json<TSupplier>().contactPersons.map((p) => [p.fullName, p.id === per?.id])).toEqual([
      ['Espen', false],
      ['Per Hansen', true],
    ]);
    expect((await checkUser('pal@beta.test')).statusCode).toBe(404);
    expect((await checkUser('espen@beta.test')).body).toBe('otp');

    const stale = await call(t.app, admin, {
      method: 'PUT',
      url: `${base}/${made.id}`,
      body: { name: 'Lost update', version: made.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ fieldErrors: { version: 'The stored version is 2' } });
  });

  it('gives one of two saves at once a contact person’s email, the other a 400 on the field', async () => {
    const body = (name: string, organisationNumber: string) => ({
      name,
      organisationNumber,
      contactPersons: [
        { fullName: 'Other', email: `other.${organisationNumber}@race.test` },
        { fullName: 'Raced', email: 'raced@race.test' },
      ],
    });
    const answers = await Promise.all([
      create(admin, body('Race One', '111111111')),
      create(admin, body('Race Two', '222222222')),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((r) => r.statusCode === 400);
    expect(Object.keys(refused?.json<{ fieldErrors: object }>().fieldErrors ?? {})).toEqual([
      'contactPersons.1.email',
    ]);
    // The refused supplier left nothing behind: not itself, not its other contact person.
    const names = (await call(t.app, admin, { url: `${base}?search=race` })).json<TSupplier[]>();
    expect(names).toHaveLength(1);
    const loser = names[0]?.name === 'Race One' ? '222222222' : '111111111';
    expect((await checkUser(`other.${loser}@race.test`)).statusCode).toBe(404);
  });

  it('takes over a contact of no supplier (a case participant) as a contact person', async () => {
    const loose = await createContact(t.db, store.tenantId, { email: 'loose@partner.test' });
    const made = await create(admin, {
      name: 'Partner',
      contactPersons: [{ fullName: 'Loose Contact', email: 'loose@partner.test' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<TSupplier>().contactPersons).toEqual([
      expect.objectContaining({ id: loose.id, fullName: 'Loose Contact' }),
    ]);
  });

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
