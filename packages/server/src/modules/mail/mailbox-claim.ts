import { AppError } from '../../lib/app-error';

/** PostgreSQL's unique_violation, as node-postgres and PGlite (or drizzle around them) report it. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/**
 * An address is held by one mailbox across all stores (the unique index mailboxes_address_key
 * decides, so two claims at once cannot both win). The answer does not say which store holds
 * it: a store must not learn another's addresses from it.
 */
export const addressTaken = (address: string): AppError =>
  new AppError('CONFLICT', `${address} already has a mailbox in Claimdesk; an address can have only one`, {
    address: 'This address already has a mailbox',
  });

/** Runs a write that claims an address; a unique violation becomes the 409 above. */
export async function claimingAddress<T>(address: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw addressTaken(address);
    throw error;
  }
}
