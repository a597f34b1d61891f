import { describe, expect, it } from 'vitest';
import { parseAddressList } from '../mail/address-list';

describe('parseAddressList', () => {
  it('keeps a quoted name with a comma whole, and the names given', () => {
    expect(parseAddressList('Ola Nordmann <ola@example.no>, "Berg, Kari" <kari@example.no>')).toEqual([
      { name: 'Ola Nordmann', address: 'ola@example.no' },
      { name: 'Berg, Kari', address: 'kari@example.no' },
    ]);
  });

  it('takes lists pasted one per line, or with spaces or semicolons between', () => {
    expect(parseAddressList('a@b.no c@d.no\ne@f.no; g@h.no\r\n\n<i@j.no>').map((a) => a.address)).toEqual([
      'a@b.no',
      'c@d.no',
      'e@f.no',
      'g@h.no',
      'i@j.no',
    ]);
  });

  it('flattens a group, and keeps text that names no address as one entry', () => {
    expect(parseAddressList('Team: a@b.no, c@d.no;').map((a) => a.address)).toEqual(['a@b.no', 'c@d.no']);
    expect(parseAddressList('not an address')).toEqual([{ name: '', address: 'not an address' }]);
    expect(parseAddressList('  ')).toEqual([]);
  });
});
