import { describe, expect, it } from 'vitest';
import { SUPPLIER_CSV_COLUMNS } from '@claimdesk/contracts';
import { csvToSuppliers, parseCsv } from '../components/supplier-csv';

/**
 * A file as GET /v2/api/exports/suppliers writes it in Danish (test/exports/suppliers-export on
 * the server checks that it does): BOM, ";", RFC 4180 quotes, a phone guarded with an apostrophe.
 */
const exported =
  `\uFEFF${SUPPLIER_CSV_COLUMNS.join(';')}\r\n` +
  `"Acme; ""Kitchen"" AS";912345678;post@acme.test;'+47 22 00 00 00;"Storgata 1\n0155 Oslo";;` +
  `credit-note|repair;photos;7;Kari Nordmann <kari@acme.test>\r\n` +
  `'=Gamma;;;;;;;;;\r\n`;

describe('suppliers from CSV', () => {
  it('reads back what the export writes: quotes, separators, line breaks and the formula guard', () => {
    const rows = csvToSuppliers(exported);
    expect(rows).toEqual([
      {
        line: 2,
        name: 'Acme; "Kitchen" AS',
        problems: null,
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vitest's matcher
        body: expect.objectContaining({
          name: 'Acme; "Kitchen" AS',
          phone: '+47 22 00 00 00',
          address: 'Storgata 1\n0155 Oslo',
          compensationModes: ['credit-note', 'repair'],
          answerDays: 7,
          contactPersons: [{ fullName: 'Kari Nordmann', email: 'kari@acme.test' }],
        }),
      },
      expect.objectContaining({ line: 3, name: '=Gamma', problems: null }),
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
