/**
 * The SQLSTATE behind a database error that satisfies `matches`, or null. node-postgres and
 * PGlite put it on the error; drizzle wraps theirs in `cause`, so the chain is followed.
 */
export function sqlState(error: unknown, matches: (code: string) => boolean): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && matches(code)) return code;
    current = cause;
  }
  return null;
}

/** PostgreSQL's unique_violation: a unique index refused the write. */
export const isUniqueViolation = (error: unknown): boolean =>
  sqlState(error, (code) => code === '23505') !== null;

/**
 * SQLSTATEs that say the connection to the database is gone or cannot be had right now: class 08
 * (connection exception: 08000, 08003 no connection, 08006 connection failure, 08001 and 08004
 * refused), 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, in recovery), 57P05 idle_session_timeout and 53300
 * too_many_connections.
 */
const CONNECTION_LOST_STATE = /^(08[0-9A-Z]{3}|57P0[1235]|53300)$/;

/** The socket errors node-postgres passes on when the server or the network drops it. */
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * node-postgres's own errors for a connection it lost or could not get, which carry no code: the
 * server closed the socket, a query on a client that had already lost it, the pool's connection
 * timeout, a pool that is being ended (the process is shutting down).
 */
const LOST_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
];

/**
 * Whether `error` (or an error it wraps as `cause`, as drizzle does) says that the database
 * connection was lost or could not be had: the request may well succeed when tried again in a
 * moment, so it is a 503 with Retry-After, not a 500.
 */
export function isConnectionLost(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { code, cause, message } = current as { code?: unknown; cause?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_LOST_STATE.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && LOST_MESSAGES.some((m) => m.test(message))) return true;
    current = cause;
  }
  return false;
}
