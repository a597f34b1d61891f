import type { TMailboxKind } from '@claimdesk/contracts';
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../cases/case-search';
import { mailboxes, mailLogs, mailOutbox } from '../../db/mail-schema';
import type { SecretBox } from './mail-crypto';

export type Mailbox = typeof mailboxes.$inferSelect;

export interface NewMailbox {
  tenantId: string;
  address: string;
  kind: TMailboxKind;
  imapHost?: string | null;
  imapPort?: number | null;
  imapSecure?: boolean;
  imapUser?: string | null;
  imapFolder?: string;
  smtpHost?: string | null;
  smtpPort?: number | null;
  smtpSecure?: boolean;
  smtpUser?: string | null;
  /** The password (imap-password) or the OAuth token set as JSON; sealed before it is stored. None for forward. */
  secret?: string | null;
  isEnabled?: boolean;
  /** When the address was proven (an OAuth sign-in that named it); left out: unproven. */
  verifiedAt?: Date | null;
}

export async function insertMailbox(db: Db, secrets: SecretBox, input: NewMailbox): Promise<Mailbox> {
  const { secret, ...fields } = input;
  const [row] = await db
    .insert(mailboxes)
    .values({ ...fields, secretEncrypted: secret == null ? null : secrets.seal(input.tenantId, secret) })
    .returning();
  if (!row) throw new Error('mailbox not inserted');
  return row;
}

/** Every enabled IMAP mailbox of every store: the fetcher runs one job per row. */
export const listEnabledMailboxes = (db: Db): Promise<Mailbox[]> =>
  db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.isEnabled, true), ne(mailboxes.kind, 'forward')))
    .orderBy(asc(mailboxes.tenantId), asc(mailboxes.id));

export async function getMailbox(db: Db, tenantId: string, id: number): Promise<Mailbox | null> {
  const [row] = await db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.tenantId, tenantId), eq(mailboxes.id, id)));
  return row ?? null;
}

const one = (tenantId: string, id: number) => and(eq(mailboxes.tenantId, tenantId), eq(mailboxes.id, id));

/** A new UIDVALIDITY: the folder's UIDs mean something else now, so the cursor starts over. */
export async function resetCursor(db: Db, tenantId: string, id: number, uidValidity: number): Promise<void> {
  await db.update(mailboxes).set({ uidValidity, lastUid: 0, updatedAt: new Date() }).where(one(tenantId, id));
}

/** Moves the cursor past a committed mail; never backwards. */
export async function advanceCursor(db: Db, tenantId: string, id: number, uid: number): Promise<void> {
  await db
    .update(mailboxes)
    .set({ lastUid: uid })
    .where(and(one(tenantId, id), lt(mailboxes.lastUid, uid)));
}

export async function markMailboxOk(db: Db, tenantId: string, id: number): Promise<void> {
  await db
    .update(mailboxes)
    .set({ state: 'ok', lastError: null, lastErrorAt: null, lastFetchAt: sql`now()` })
    .where(one(tenantId, id));
}

export async function markMailboxFailing(db: Db, tenantId: string, id: number, error: string): Promise<void> {
  await db
    .update(mailboxes)
    .set({ state: 'failing', lastError: error.slice(0, 2000), lastErrorAt: sql`now()` })
    .where(one(tenantId, id));
}

/** A store's mailboxes, oldest first. */
export const listMailboxes = (db: Db, tenantId: string): Promise<Mailbox[]> =>
  db.select().from(mailboxes).where(eq(mailboxes.tenantId, tenantId)).orderBy(asc(mailboxes.id));

export async function findMailboxByAddress(
  db: Db,
  tenantId: string,
  address: string,
): Promise<Mailbox | null> {
  const [row] = await db
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.tenantId, tenantId), eq(mailboxes.address, address)));
  return row ?? null;
}

/**
 * The mailbox of any store that holds this address (at most one: the address is unique across
 * stores). The inbound SMTP receiver learns from the recipient which store a mail is for, so
 * this is the one lookup by address across stores; the caller decides whether the mailbox may
 * receive (enabled and proven) or is waiting for its confirmation mail.
 */
export async function findMailboxHoldingAddress(db: Db, address: string): Promise<Mailbox | null> {
  const [row] = await db.select().from(mailboxes).where(eq(mailboxes.address, address.toLowerCase()));
  return row ?? null;
}

export type MailboxPatch = Partial<
  Omit<typeof mailboxes.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'lastFetchAt'>
>;

/** Changes a mailbox's columns; answers the row, or null when the store has no such mailbox. */
export async function updateMailbox(
  db: Tx,
  tenantId: string,
  id: number,
  patch: MailboxPatch,
): Promise<Mailbox | null> {
  const [row] = await db.update(mailboxes).set(patch).where(one(tenantId, id)).returning();
  return row ?? null;
}

/** Saves a newly sealed secret (a refreshed OAuth token set) without counting as a settings change. */
export async function saveMailboxSecret(
  db: Db,
  tenantId: string,
  id: number,
  secretEncrypted: string,
): Promise<Mailbox | null> {
  return updateMailbox(db, tenantId, id, { secretEncrypted });
}

/**
 * True when the store has an enabled mailbox whose address it proved (one that receives and
 * sends) and none of its mailboxes is failing.
 */
export async function isMailSetupComplete(db: Db, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({
      hasEnabled: sql<boolean>`coalesce(bool_or(${mailboxes.isEnabled} AND ${mailboxes.verifiedAt} IS NOT NULL), false)`,
      hasFailing: sql<boolean>`coalesce(bool_or(${mailboxes.state} = 'failing'), false)`,
    })
    .from(mailboxes)
    .where(eq(mailboxes.tenantId, tenantId));
  return row !== undefined && row.hasEnabled && !row.hasFailing;
}

/** How many of the store's mailboxes wait for the proof of their address. */
export async function countUnprovenMailboxes(db: Db, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailboxes)
    .where(and(eq(mailboxes.tenantId, tenantId), sql`${mailboxes.verifiedAt} IS NULL`));
  return row?.count ?? 0;
}

/** How many mails of the mailbox still wait in the outbox. */
export async function countPendingSends(db: Tx, tenantId: string, id: number): Promise<number> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .innerJoin(
      mailLogs,
      and(eq(mailLogs.tenantId, mailOutbox.tenantId), eq(mailLogs.id, mailOutbox.mailLogId)),
    )
    .where(
      and(eq(mailOutbox.tenantId, tenantId), eq(mailLogs.tenantId, tenantId), eq(mailLogs.mailboxId, id)),
    );
  return rows.length;
}

/**
 * Locks the mailbox's row until the transaction ends: a mail being queued through it holds a
 * key share lock (assertOwnSender), so what this transaction counts next is complete.
 */
export async function lockMailbox(tx: Tx, tenantId: string, id: number): Promise<boolean> {
  const rows = await tx.select({ id: mailboxes.id }).from(mailboxes).where(one(tenantId, id)).for('update');
  return rows.length > 0;
}

/** Deletes the mailbox; its mails stay, no longer naming it. */
export async function deleteMailboxKeepingMail(db: Db, tenantId: string, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .update(mailLogs)
      .set({ mailboxId: null })
      .where(and(eq(mailLogs.tenantId, tenantId), eq(mailLogs.mailboxId, id)));
    const rows = await tx.delete(mailboxes).where(one(tenantId, id)).returning({ id: mailboxes.id });
    return rows.length > 0;
  });
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
export async function releaseUnprovenClaim(
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
