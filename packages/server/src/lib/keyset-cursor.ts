import { AppError } from './app-error';

/** The opaque cursor of a list newest first (mails, the audit log): the last row's time (ms, exact) and id. */
export type Cursor = [createdAt: string, id: number];

export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** Reads a cursor back; anything else is a 400 on `cursor`, never a database error. */
export function decodeCursor(raw: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      if (
        typeof at === 'string' &&
        !Number.isNaN(Date.parse(at)) &&
        Number.isSafeInteger(id) &&
        (id as number) > 0
      ) {
        return [at, id as number];
      }
    }
  } catch {
    // falls through to the refusal below
  }
  throw new AppError('VALIDATION_FAILED', 'This page cursor is not valid; start from the first page', {
    cursor: 'Not a cursor of this list',
  });
}
