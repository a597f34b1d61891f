// The lookups of mailboxes that cross stores on purpose; each says why. Per-store work goes on
// through forTenant(db, mailbox.tenantId).
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailboxes, mailLogs } from '../../../db/schema';
import type { Mailbox } from './mailbox.repository';

/** Every enabled IMAP mailbox of every store: the fetcher (one for all stores) runs one job per row. */
export const listEnabledMailboxesOfAllStores = (db: Db): Promise<Mailbox[]> =>
  db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.isEnabled, true), ne(mailboxes.kind, 'forward')))
    .orderBy(asc(mailboxes.tenantId), asc(mailboxes.id));

/**
 * The mailbox of any store that holds this address (at most one: the address is unique across
 * stores). The inbound SMTP receiver learns from the recipient which store a mail is for, so
 * this is the one lookup by address across stores; the caller decides whether the mailbox may
 * receive (enabled and proven) or is waiting for its confirmation mail.
 */
export async function findMailboxOfAddressInAnyStore(db: Db, address: string): Promise<Mailbox | null> {
  const [row] = await db.select().from(mailboxes).where(eq(mailboxes.address, address.toLowerCase()));
  return row ?? null;
}

/**
 * Releases another store's unproven claim of an address so that a new claim can take it: one
 * deliberate write across stores, or a store could squat an address it cannot prove and lock
 * its owner out for good. `lapsedBefore` releases only a claim whose last code (or, with none,
 * its creation) is older than that; null releases any unproven claim (the claimant proved the
 * address itself, through its provider). The store's own claims are never released here. An
 * unproven mailbox sent nothing; mails it fetched stay, no longer naming it. Answers whether a
 * claim was released.
 */
export async function releaseUnprovenClaimOfOtherStore(
  db: Db,
  address: string,
  claimantTenantId: string,
  lapsedBefore: Date | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ tenantId: mailboxes.tenantId, id: mailboxes.id })
      .from(mailboxes)
      .where(
        and(
          eq(mailboxes.address, address),
          ne(mailboxes.tenantId, claimantTenantId),
          sql`${mailboxes.verifiedAt} IS NULL`,
          lapsedBefore === null
            ? undefined
            : lt(sql`coalesce(${mailboxes.verificationSentAt}, ${mailboxes.createdAt})`, lapsedBefore),
        ),
      )
      .for('update');
    if (!held) return false;
    await tx
      .update(mailLogs)
      .set({ mailboxId: null })
      .where(and(eq(mailLogs.tenantId, held.tenantId), eq(mailLogs.mailboxId, held.id)));
    await tx.delete(mailboxes).where(and(eq(mailboxes.tenantId, held.tenantId), eq(mailboxes.id, held.id)));
    return true;
  });
}
