import { describe, expect, it } from 'vitest';
import { parseAddress } from '../compose-context.service';

describe('parseAddress (MAIL_FROM)', () => {
  it('reads a name with a quoted comma, a bare address, and an address in brackets', () => {
    expect(parseAddress('"Berg, Kari" <kari@example.no>')).toEqual({
      name: 'Berg, Kari',
      address: 'kari@example.no',
    });
    expect(parseAddress('Claimdesk <no-reply@claimdesk.test>')).toEqual({
      name: 'Claimdesk',
      address: 'no-reply@claimdesk.test',
    });
    expect(parseAddress(' no-reply@claimdesk.test ')).toEqual({ address: 'no-reply@claimdesk.test' });
    expect(parseAddress('<no-reply@claimdesk.test>')).toEqual({ address: 'no-reply@claimdesk.test' });
  });
});
