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
