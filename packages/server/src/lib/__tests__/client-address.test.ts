import { describe, expect, it } from 'vitest';
import { addressKey } from '../client-address';

describe('addressKey', () => {
  it('keeps an IPv4 address whole, also when mapped into IPv6', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64 network, however it is written', () => {
    const key = addressKey('2001:db8:0:1::17');
    expect(key).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:db8:0:1:0:0:0:1%eth0')).toBe(key);
    expect(addressKey('2001:db8:0:2::17')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
