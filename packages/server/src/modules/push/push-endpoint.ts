import { isIPv6 } from 'node:net';
import type { Config } from '../../config';
import { nonPublicRange, resolveAll, type Resolve } from '../../lib/outbound-address';

/**
 * The hosts of the browsers' push services, as their subscriptions' endpoints name them: Chrome,
 * Edge's Chromium and Opera through Firebase Cloud Messaging, Firefox through Mozilla's autopush,
 * Safari through Apple's, and the Windows notification service (several regional hosts).
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
] as const;

/** Where the server may send a push: the hosts, and whether non-public addresses are allowed. */
export interface PushEndpointPolicy {
  /** Host names as a URL writes them (IPv6 in brackets); `*.example.com` for its subdomains. */
  hosts: readonly string[];
  allowPrivateAddresses: boolean;
  /** Resolves host names (the system's DNS; tests give their own). */
  resolve?: Resolve;
}

/** The push services' hosts and the operator's additions, from the configuration. */
export function pushEndpointPolicy(
  config: Pick<Config, 'PUSH_ALLOWED_HOSTS' | 'PUSH_ALLOW_PRIVATE_ADDRESSES'>,
  resolve?: Resolve,
): PushEndpointPolicy {
  const extra = config.PUSH_ALLOWED_HOSTS.map((host) =>
    isIPv6(host) ? new URL(`https://[${host}]`).hostname : host,
  );
  return {
    hosts: [...PUSH_SERVICE_HOSTS, ...extra],
    allowPrivateAddresses: config.PUSH_ALLOW_PRIVATE_ADDRESSES,
    ...(resolve && { resolve }),
  };
}

const hostMatches = (hostname: string, pattern: string): boolean =>
  pattern.startsWith('*.') ? hostname.endsWith(pattern.slice(1)) : hostname === pattern;

/**
 * What is wrong with an endpoint before any lookup, or null: not https, credentials or a
 * backslash (characters on which URL parsers disagree about the host, and no push service's
 * endpoint has), a host that is no push service's, or an IP address that is not public.
 */
export function endpointProblem(endpoint: string, policy: PushEndpointPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Must be an https address';
  }
  if (url.protocol !== 'https:') return 'Must be an https address';
  if (/[@\\\s]/.test(endpoint)) return 'Must not hold credentials, backslashes or spaces';
  const { hostname } = url;
  if (!policy.hosts.some((pattern) => hostMatches(hostname, pattern))) {
    return `${hostname} is not a push service this server sends to`;
  }
  if (policy.allowPrivateAddresses) return null;
  const range = nonPublicRange(hostname.replace(/^\[|\]$/g, ''));
  return range === null || range === 'invalid' ? null : `${hostname} is a ${range} address`;
}

/**
 * The check when a browser subscribes: `endpointProblem`, then every address the host resolves
 * to now must be public. A name that does not resolve now is let through: the sender's lookup
 * checks the address it connects to on every push anyway.
 */
export async function checkPushEndpoint(
  endpoint: string,
  policy: PushEndpointPolicy,
): Promise<string | null> {
  const problem = endpointProblem(endpoint, policy);
  if (problem !== null || policy.allowPrivateAddresses) return problem;
  const { hostname } = new URL(endpoint);
  const addresses = await resolveAll(hostname, policy.resolve).catch(() => []);
  for (const address of addresses) {
    const range = nonPublicRange(address);
    if (range !== null) return `${hostname} resolves to a ${range} address`;
  }
  return null;
}
