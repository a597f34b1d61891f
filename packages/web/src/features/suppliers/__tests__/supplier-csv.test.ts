import { describe, expect, it } from 'vitest';
import type { TSupplier } from '@claimdesk/contracts';
import { csvToSuppliers, parseCsv, suppliersToCsv } from '../components/supplier-csv';

const supplier: TSupplier = {
  id: 1,
  source: 'internal',
  name: 'Acme, "Kitchen" AS',
  organisationNumber: '912345678',
  email: 'post@acme.test',
  phone: null,
  address: 'Storgata 1\n0155 Oslo',
  claimAddress: null,
  compensationModes: ['credit-note', 'repair'],
  requiredEvidence: ['photos'],
  answerDays: 7,
  isDisabled: false,
  version: 1,
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: '2026-11-26T00:00:00.000Z',
  contactPersons: [
    { id: 3, fullName: 'Kari Nordmann', email: 'kari@acme.test', phone: null, isDisabled: false },
  ],
  caseCount: 0,
  figures: {
    casesSent: 0,
    acceptanceRate: null,
    medianDaysToFirstAnswer: null,
    medianDaysToResolution: null,
    openPastAnswerTime: 0,
  },
};

describe('suppliers as CSV', () => {
  it('reads back what it writes, quotes, commas and line breaks included', () => {
    const rows = csvToSuppliers(suppliersToCsv([supplier]));
    expect(rows).toEqual([
      {
        line: 2,
        name: 'Acme, "Kitchen" AS',
        problems: null,
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vitest's matcher
        body: expect.objectContaining({
          name: 'Acme, "Kitchen" AS',
          address: 'Storgata 1\n0155 Oslo',
          compensationModes: ['credit-note', 'repair'],
          answerDays: 7,
          contactPersons: [{ fullName: 'Kari Nordmann', email: 'kari@acme.test' }],
        }),
      },
    ]);
  });

  it('says which rows are bad and why, keeping the good ones', () => {
    const csv = 'name;email;answerDays\nGood AS;good@x.test;5\n;bad-email;0\n';
    const rows = csvToSuppliers(csv);
    if ('error' in rows) throw new Error('header refused');
    expect(rows.map((r) => [r.line, r.problems === null])).toEqual([
      [2, true],
      [3, false],
    ]);
    expect(Object.keys(rows[1]?.problems ?? {}).sort()).toEqual(['answerDays', 'email', 'name']);
  });

  it('refuses a file without a name column', () => {
    expect(csvToSuppliers('title,email\nX,y@z.test\n')).toEqual({ error: 'header', missing: ['name'] });
    expect(parseCsv('a,b\r\n\r\n"c ""d""",e')).toEqual([
      ['a', 'b'],
      ['c "d"', 'e'],
    ]);
  });
});
