import { isIPv6 } from 'node:net';

/**
 * The part of a client address that one client controls: an IPv4 address whole, an IPv6 address
 * by its /64 network (one home or host is handed a whole /64, so counting single IPv6 addresses
 * would give one guesser 2^64 fresh starts). An IPv4 address mapped into IPv6 counts as IPv4.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]?.split('::') ?? [''];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros: string[] = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0');
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((group) =>
    group.toLowerCase().replace(/^0+(?=.)/, ''),
  );
}
