/** The suppliers CSV through HTTP: the import's columns, the list's filters, the formula guard, tenancy. */
import { DEFAULT_FEATURES, SUPPLIER_CSV_COLUMNS, type TSupplier } from '@claimdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unguardCell } from '../../src/lib/csv/csv-format';
import { call, signIn, type Session } from '../helpers/api';
import { createStore, createUser, type StoreFixture } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { csvRecords, readCsv } from './csv-read';

let t: TestApp;
let store: StoreFixture;
let admin: Session;
let agent: Session;

const exportSuppliers = (query: string, as: Session = agent) =>
  call(t.app, as, { url: `/v2/api/exports/suppliers?${query}` });

beforeAll(async () => {
  t = await createTestApp();
  store = await createStore(t.db, { language: 'da' });
  admin = await signIn(t.app, await createUser(t.db, store.tenantId, { roles: ['ADMIN_USER'] }));
  agent = await signIn(t.app, await createUser(t.db, store.tenantId));
  for (const body of [
    {
      name: 'Ærø Køkken; Import',
      organisationNumber: '912 345 678',
      email: 'claims@aero.test',
      phone: '+45 12 34 56 78',
      address: 'Havnegade 1\nÆrøskøbing',
      answerDays: 14,
      contactPersons: [
        { fullName: 'Åse "Boss" Berg', email: 'ase@aero.test' },
        { fullName: 'Per', email: 'per@aero.test' },
      ],
    },
    { name: 'Beta Elektro', email: 'beta@beta.test' },
    { name: '=Gamma', email: 'gamma@gamma.test' },
  ]) {
    const created = await call(t.app, admin, { method: 'POST', url: '/v2/api/suppliers', body });
    expect(created.statusCode, created.body).toBe(201);
  }
  const other = await createStore(t.db);
  const otherAdmin = await signIn(t.app, await createUser(t.db, other.tenantId, { roles: ['ADMIN_USER'] }));
  await call(t.app, otherAdmin, {
    method: 'POST',
    url: '/v2/api/suppliers',
    body: { name: 'Other qxother' },
  });
});
afterAll(() => t.close());

describe('GET /v2/api/exports/suppliers', () => {
  it('writes the import’s columns, ; in Danish, each supplier as the list shows it', async () => {
    const response = await exportSuppliers('');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="suppliers-[\d-]+\.csv"$/);
    expect(response.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf');
    const { rows } = readCsv(response.rawPayload, ';');
    expect(rows[0]).toEqual([...SUPPLIER_CSV_COLUMNS]);
    const records = csvRecords(rows).map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, unguardCell(v)])),
    );
    const listed = (await call(t.app, agent, { url: '/v2/api/suppliers' })).json<TSupplier[]>();
    expect(records.map((r) => r.name)).toEqual(listed.map((s) => s.name));
    expect(records.find((r) => r.name?.startsWith('Ærø'))).toEqual({
      name: 'Ærø Køkken; Import',
      organisationNumber: '912345678',
      email: 'claims@aero.test',
      phone: '+45 12 34 56 78',
      address: 'Havnegade 1\nÆrøskøbing',
      claimAddress: '',
      compensationModes: '',
      requiredEvidence: '',
      answerDays: '14',
      // Contact persons as the list orders them (by name).
      contactPersons: 'Per <per@aero.test>|Åse "Boss" Berg <ase@aero.test>',
    });
    // Formula-like text is guarded, so a spreadsheet shows it rather than running it.
    const text = response.rawPayload.toString('utf8');
    expect(text).toContain("\r\n'=Gamma;");
    expect(text).toContain(";'+45 12 34 56 78;");
    expect(text).not.toContain('qxother');
  });

  it('follows the list’s search and writes , in English', async () => {
    const response = await exportSuppliers('search=beta&language=en');
    const records = csvRecords(readCsv(response.rawPayload, ',').rows);
    expect(records.map((r) => r.name)).toEqual(['Beta Elektro']);
  });

  it('refuses a bad query on its field, and a store without suppliers', async () => {
    const bad = await exportSuppliers(`search=${'x'.repeat(300)}`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fieldErrors: object }>().fieldErrors)).toContain('search');
    const off = await createStore(t.db, { features: { ...DEFAULT_FEATURES, supplier: false } });
    const offAgent = await signIn(t.app, await createUser(t.db, off.tenantId));
    expect((await exportSuppliers('', offAgent)).statusCode).toBe(403);
  });
});
