import { AppError } from './app-error';

/** What a client is told when a write found the disk full. */
export const STORAGE_FULL_MESSAGE = "The server's storage is full";

/**
 * The error codes of a write that found no room: ENOSPC (no space left on the device) and EDQUOT
 * (the user's disk quota is used up). Either is the disk's state, not the request's fault, and
 * passes once room is made.
 */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Whether `error` (or an error it wraps as `cause`, as the file store's callers may) is a write
 * that found the disk full.
 */
export function isStorageFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && NO_ROOM.has(code)) return true;
    current = cause;
  }
  return false;
}

/** The 507 a request that could not be stored for want of room answers. */
export const storageFull = (): AppError => new AppError('STORAGE_FULL', STORAGE_FULL_MESSAGE);
