import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { isUniqueViolation } from '../../../lib/pg-error';
import { releaseUnprovenClaimOfOtherStore } from './mailbox.system';
import { PROOF_TTL_MS } from './mailbox-proof';

/**
 * An address is held by one mailbox across all stores (the unique index mailboxes_address_key
 * decides, so two claims at once cannot both win). The answer does not say which store holds
 * it: a store must not learn another's addresses from it.
 */
export const addressTaken = (address: string): AppError =>
  new AppError('CONFLICT', `${address} already has a mailbox in Claimdesk; an address can have only one`, {
    address: 'This address already has a mailbox',
  });

export interface Claim {
  db: Db;
  address: string;
  /** The store that claims the address. */
  tenantId: string;
  /** True when the claimant proved the address itself (its provider named it). */
  isProven?: boolean;
}

/**
 * Runs a write that claims an address; a unique violation becomes the 409 above. A claim held
 * by another store that never proved it does not block for good: it gives way once its code
 * lapsed, or at once to a claimant that proved the address, and the write is tried again.
 */
export async function claimingAddress<T>(claim: Claim, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const lapsedBefore = claim.isProven ? null : new Date(Date.now() - PROOF_TTL_MS);
  if (!(await releaseUnprovenClaimOfOtherStore(claim.db, claim.address, claim.tenantId, lapsedBefore))) {
    throw addressTaken(claim.address);
  }
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw addressTaken(claim.address);
    throw error;
  }
}
