/**
 * A store's own suppliers (/v2/api/suppliers), created: by administrators with contact persons who
 * become the one-time-code contacts, read and searched by all staff; bad input refused on its field
 * with nothing half-saved (these tests build on the first one's supplier).
 */
import type { TContactPerson, TSupplier } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { admin, agent, base, checkUser, create, setUpSuppliers, t } from './suppliers-setup';

setUpSuppliers();

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
});
