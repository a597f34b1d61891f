import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Which addresses the server may send requests to on a user's say-so (push endpoints): public
 * unicast only. A user-given URL that reaches loopback, the local network, a cloud's metadata
 * service (169.254.169.254) or a carrier's NAT would let a user make the server probe hosts only
 * it can reach (server-side request forgery). Ranges from the IANA special-purpose registries
 * (RFC 6890 and its updates).
 */
const V4_RANGES: readonly (readonly [string, number, string])[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** IPv6 outside 2000::/3 (global unicast) is reserved unless named here first. */
const V6_RANGES: readonly (readonly [string, number, string])[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fc00::', 7, 'private'],
  ['fec0::', 10, 'private'],
  ['fe80::', 10, 'link-local'],
  ['ff00::', 8, 'multicast'],
  ['64:ff9b:1::', 48, 'reserved'],
  ['100::', 64, 'reserved'],
  ['2001::', 23, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['3fff::', 20, 'reserved'],
];

const listsOf = (ranges: typeof V4_RANGES, family: 'ipv4' | 'ipv6') =>
  ranges.map(([network, prefix, label]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, label };
  });

const V4_LISTS = listsOf(V4_RANGES, 'ipv4');
const V6_LISTS = listsOf(V6_RANGES, 'ipv6');
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/** The 16 bytes of an IPv6 address as eight numbers (any spelling, a zone index dropped). */
function hextetsOf(address: string): number[] {
  // The URL parser writes any spelling (an embedded dotted quad too) as lower-case hex.
  const canonical = new URL(`http://[${address.split('%')[0] ?? ''}]`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}

const v4Of = (high: number, low: number): string => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/** An IPv4 address carried inside an IPv6 one: mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96), 6to4. */
function embeddedV4(hextets: number[]): string | null {
  const [h0, h1, h2, h3, h4, h5, h6 = 0, h7 = 0] = hextets;
  const upperZero = h0 === 0 && h1 === 0 && h2 === 0 && h3 === 0 && h4 === 0;
  if (upperZero && h5 === 0xffff) return v4Of(h6, h7);
  if (h0 === 0x64 && h1 === 0xff9b && h2 === 0 && h3 === 0 && h4 === 0 && h5 === 0) return v4Of(h6, h7);
  if (h0 === 0x2002) return v4Of(h1 ?? 0, h2 ?? 0);
  return null;
}

/**
 * The special range an address is in ('loopback', 'private', 'link-local', 'cgnat',
 * 'unspecified', 'multicast', 'reserved'), 'invalid' for no IP address, or null for a public
 * unicast address. An IPv4 address inside an IPv6 one counts as that IPv4 address.
 */
export function nonPublicRange(address: string): string | null {
  const version = isIP(address.split('%')[0] ?? '');
  if (version === 4) return V4_LISTS.find(({ list }) => list.check(address, 'ipv4'))?.label ?? null;
  if (version !== 6) return 'invalid';
  const hextets = hextetsOf(address);
  const v4 = embeddedV4(hextets);
  if (v4 !== null) return nonPublicRange(v4);
  const canonical = hextets.map((h) => h.toString(16)).join(':');
  const label = V6_LISTS.find(({ list }) => list.check(canonical, 'ipv6'))?.label;
  if (label) return label;
  return GLOBAL_UNICAST.check(canonical, 'ipv6') ? null : 'reserved';
}

/** Whether the server may send to this address on a user's say-so. */
export const isPublicAddress = (address: string): boolean => nonPublicRange(address) === null;

/** `dns.lookup` as the https agent calls it (tests give a resolver of their own). */
export type Resolve = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: Resolve = (hostname, options, callback) => {
  dnsLookup(hostname, options, callback);
};

/** The error of a connection refused because its host resolved to a non-public address. */
export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`${hostname} resolves to ${address} (${range}), which the server does not send to`);
    this.name = 'NonPublicAddressError';
  }
}

/** Every address a host name resolves to (an IP literal is its own), or the resolver's error. */
export async function resolveAll(hostname: string, resolve: Resolve = systemResolve): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  return new Promise((fulfil, reject) => {
    resolve(bare, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else fulfil(addresses.map((a) => a.address));
    });
  });
}

/**
 * A `lookup` for an http(s) agent that refuses to connect when the host resolves to any
 * non-public address. It runs on every new connection, so the check holds for the address that
 * is actually connected to, also when a name that resolved to a public address before now
 * resolves to an internal one (DNS rebinding). Node skips `lookup` for an IP literal host: check
 * those with `nonPublicRange` before sending.
 */
export function publicOnlyLookup(resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true }, (error, addresses) => {
      const wanted = addresses.filter((a) => !options.family || a.family === options.family);
      const refused = wanted
        .map((a) => ({ address: a.address, range: nonPublicRange(a.address) }))
        .find((a) => a.range !== null);
      const first = wanted[0];
      if (error || refused || !first) {
        const failure =
          error ??
          (refused
            ? new NonPublicAddressError(hostname, refused.address, refused.range ?? '')
            : Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
        callback(failure, '', 4);
      } else if (options.all) {
        callback(null, wanted);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}
