import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Fastify's trustProxy from TRUST_PROXY. Fastify 5 trusts nothing for a bare hop count (a client
 * that reaches the server directly could forge the hops), so a count becomes a function that
 * trusts that many hops: it is for a server that only its proxy can reach (HOST=127.0.0.1 or a
 * private network); addresses are checked against the connection and are safe everywhere.
 */
export function trustProxyOption(config: Config): FastifyServerOptions['trustProxy'] {
  const trust = config.TRUST_PROXY;
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}
