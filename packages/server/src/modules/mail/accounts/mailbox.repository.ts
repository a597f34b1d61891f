import type { TMailboxKind } from '@claimdesk/contracts';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { mailboxes, mailLogs, mailOutbox } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import type { SecretBox } from '../common/mail-crypto';

export type Mailbox = typeof mailboxes.$inferSelect;

/** Where a mailbox's mail is read and sent: its servers, ports, TLS, users and folder. */
export const MAILBOX_SERVER_FIELDS = [
  'imapHost',
  'imapPort',
  'imapSecure',
  'imapUser',
  'imapFolder',
  'smtpHost',
  'smtpPort',
  'smtpSecure',
  'smtpUser',
] as const;

/** A new mailbox of the store its TenantDb is bound to. */
export interface NewMailbox {
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

export async function insertMailbox(db: TenantDb, secrets: SecretBox, input: NewMailbox): Promise<Mailbox> {
  const { secret, ...fields } = input;
  const [row] = await db
    .insert(mailboxes)
    .values({
      tenantId: db.tenantId,
      ...fields,
      secretEncrypted: secret == null ? null : secrets.seal(db.tenantId, secret),
    })
    .returning();
  if (!row) throw new Error('mailbox not inserted');
  return row;
}

export async function getMailbox(db: TenantDb, id: number): Promise<Mailbox | null> {
  const [row] = await db.select().from(mailboxes).where(eq(mailboxes.id, id));
  return row ?? null;
}

const one = (id: number) => eq(mailboxes.id, id);

/** A new UIDVALIDITY: the folder's UIDs mean something else now, so the cursor starts over. */
export async function resetCursor(db: TenantDb, id: number, uidValidity: number): Promise<void> {
  await db.update(mailboxes).set({ uidValidity, lastUid: 0, updatedAt: new Date() }).where(one(id));
}

/** Moves the cursor past a committed mail; never backwards. */
export async function advanceCursor(db: TenantDb, id: number, uid: number): Promise<void> {
  await db
    .update(mailboxes)
    .set({ lastUid: uid })
    .where(and(one(id), lt(mailboxes.lastUid, uid)));
}

export async function markMailboxOk(db: TenantDb, id: number): Promise<void> {
  await db
    .update(mailboxes)
    .set({ state: 'ok', lastError: null, lastErrorAt: null, failingSince: null, lastFetchAt: sql`now()` })
    .where(one(id));
}

export async function markMailboxFailing(db: TenantDb, id: number, error: string): Promise<void> {
  await db
    .update(mailboxes)
    .set({
      state: 'failing',
      lastError: error.slice(0, 2000),
      lastErrorAt: sql`now()`,
      failingSince: sql`coalesce(${mailboxes.failingSince}, now())`,
    })
    .where(one(id));
}

/** A store's mailboxes, oldest first. */
export const listMailboxes = (db: TenantDb): Promise<Mailbox[]> =>
  db.select().from(mailboxes).orderBy(asc(mailboxes.id));

export async function findMailboxByAddress(db: TenantDb, address: string): Promise<Mailbox | null> {
  const [row] = await db.select().from(mailboxes).where(eq(mailboxes.address, address));
  return row ?? null;
}

export type MailboxPatch = Partial<
  Omit<typeof mailboxes.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'lastFetchAt'>
>;

/** Changes a mailbox's columns; answers the row, or null when the store has no such mailbox. */
export async function updateMailbox(db: TenantDb, id: number, patch: MailboxPatch): Promise<Mailbox | null> {
  const [row] = await db.update(mailboxes).set(patch).where(one(id)).returning();
  return row ?? null;
}

/** Saves a newly sealed secret (a refreshed OAuth token set) without counting as a settings change. */
export async function saveMailboxSecret(
  db: TenantDb,
  id: number,
  secretEncrypted: string,
): Promise<Mailbox | null> {
  return updateMailbox(db, id, { secretEncrypted });
}

/**
 * True when the store has an enabled mailbox whose address it proved (one that receives and
 * sends) and none of its mailboxes is failing.
 */
export async function isMailSetupComplete(db: TenantDb): Promise<boolean> {
  const [row] = await db
    .select({
      hasEnabled: sql<boolean>`coalesce(bool_or(${mailboxes.isEnabled} AND ${mailboxes.verifiedAt} IS NOT NULL), false)`,
      hasFailing: sql<boolean>`coalesce(bool_or(${mailboxes.state} = 'failing'), false)`,
    })
    .from(mailboxes);
  return row !== undefined && row.hasEnabled && !row.hasFailing;
}

/** How many of the store's mailboxes wait for the proof of their address. */
export async function countUnprovenMailboxes(db: TenantDb): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailboxes)
    .where(sql`${mailboxes.verifiedAt} IS NULL`);
  return row?.count ?? 0;
}

/** How many mails of the mailbox still wait in the outbox. */
export async function countPendingSends(db: TenantDb, id: number): Promise<number> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .innerJoin(mailLogs, eq(mailLogs.id, mailOutbox.mailLogId))
    .where(eq(mailLogs.mailboxId, id));
  return rows.length;
}

/**
 * Locks the mailbox's row until the transaction ends: a mail being queued through it holds a
 * key share lock (assertOwnSender), so what this transaction counts next is complete.
 */
export async function lockMailbox(tx: TenantDb, id: number): Promise<boolean> {
  const rows = await tx.select({ id: mailboxes.id }).from(mailboxes).where(one(id)).for('update');
  return rows.length > 0;
}

/** Deletes the mailbox; its mails stay, no longer naming it. */
export async function deleteMailboxKeepingMail(db: TenantDb, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.update(mailLogs).set({ mailboxId: null }).where(eq(mailLogs.mailboxId, id));
    const rows = await tx.delete(mailboxes).where(one(id)).returning({ id: mailboxes.id });
    return rows.length > 0;
  });
}
