/**
 * A store's own suppliers (/v2/api/suppliers), updated: with its version and its contact persons
 * replaced, two saves racing for one contact person's email, and a loose contact taken over.
 */
import type { TSupplier } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/api';
import { createContact } from '../helpers/factories';
import { admin, base, checkUser, create, setUpSuppliers, store, t } from './suppliers-setup';

setUpSuppliers();

describe('a store’s own suppliers', () => {
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
});
