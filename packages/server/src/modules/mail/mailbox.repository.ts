import type { TMailboxKind } from '@claimdesk/contracts';
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailboxes } from '../../db/mail-schema';
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
  /** The password (imap-password) or the OAuth token set as JSON; sealed before it is stored. */
  secret: string;
}

export async function insertMailbox(db: Db, secrets: SecretBox, input: NewMailbox): Promise<Mailbox> {
  const { secret, ...fields } = input;
  const [row] = await db
    .insert(mailboxes)
    .values({ ...fields, secretEncrypted: secrets.seal(input.tenantId, secret) })
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
