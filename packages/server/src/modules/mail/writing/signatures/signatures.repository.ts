import type { TSignatures } from '@claimdesk/contracts';
import { asc, eq } from 'drizzle-orm';
import { mailboxes, users } from '../../../../db/schema';
import type { TenantDb } from '../../../../db/tenant-db';

export interface MailboxSignaturesRow {
  mailboxId: number;
  address: string;
  signatures: TSignatures;
}

const mailboxColumns = {
  mailboxId: mailboxes.id,
  address: mailboxes.address,
  signatures: mailboxes.signatures,
};

/** The person's own signatures; undefined when there is no such user in the store. */
export async function findUserSignatures(db: TenantDb, username: string): Promise<TSignatures | undefined> {
  const [row] = await db
    .select({ signatures: users.signatures })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  return row?.signatures;
}

export async function updateUserSignatures(
  db: TenantDb,
  username: string,
  signatures: TSignatures,
): Promise<TSignatures | undefined> {
  const [row] = await db
    .update(users)
    .set({ signatures, updatedAt: new Date() })
    .where(eq(users.username, username))
    .returning({ signatures: users.signatures });
  return row?.signatures;
}

/** The store's mailboxes with their signatures, oldest first. */
export function listMailboxSignatures(db: TenantDb): Promise<MailboxSignaturesRow[]> {
  return db.select(mailboxColumns).from(mailboxes).orderBy(asc(mailboxes.id));
}

export async function findMailboxSignatures(
  db: TenantDb,
  mailboxId: number,
): Promise<TSignatures | undefined> {
  const [row] = await db
    .select({ signatures: mailboxes.signatures })
    .from(mailboxes)
    .where(eq(mailboxes.id, mailboxId))
    .limit(1);
  return row?.signatures;
}

export async function updateMailboxSignatures(
  db: TenantDb,
  mailboxId: number,
  signatures: TSignatures,
): Promise<MailboxSignaturesRow | undefined> {
  const [row] = await db
    .update(mailboxes)
    .set({ signatures, updatedAt: new Date() })
    .where(eq(mailboxes.id, mailboxId))
    .returning(mailboxColumns);
  return row;
}
