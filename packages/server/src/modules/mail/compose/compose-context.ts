import type { TLanguage } from '@claimdesk/contracts';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { mailLogs, mailboxes, type StoredAddress } from '../../../db/mail-schema';
import { cases } from '../../../db/schema';
import { notFound } from '../../../lib/app-error';
import type { Tx } from '../../cases/case-search';

export type MailRow = typeof mailLogs.$inferSelect;

/** What composing needs of a case. */
export interface ComposeCase {
  id: number;
  caseNumber: number;
  workFlow: string;
  customerName: string;
  customerEmail: string | null;
  supplierName: string | null;
}

/** The live case {id} of workflow {x}; 404 when the store has no such case in that workflow. */
export async function findComposeCase(
  db: Db | Tx,
  tenantId: string,
  workFlow: string,
  id: number,
): Promise<ComposeCase> {
  const [row] = await db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      workFlow: cases.workFlow,
      customerName: cases.customerName,
      customerEmail: cases.customerEmail,
      supplierName: cases.supplierName,
    })
    .from(cases)
    .where(
      and(
        eq(cases.tenantId, tenantId),
        eq(cases.id, id),
        eq(cases.workFlow, workFlow),
        isNull(cases.deletedAt),
      ),
    );
  if (!row) throw notFound('Case');
  return row;
}

/** A mail of the case (not deleted, not a draft): the one answered or forwarded. 404 otherwise. */
export async function findCaseMail(
  db: Db | Tx,
  tenantId: string,
  caseId: number,
  mailLogId: number,
): Promise<MailRow> {
  const [row] = await db
    .select()
    .from(mailLogs)
    .where(
      and(
        eq(mailLogs.tenantId, tenantId),
        eq(mailLogs.id, mailLogId),
        eq(mailLogs.caseId, caseId),
        eq(mailLogs.isDeleted, false),
      ),
    );
  if (!row || row.sendState === 'draft') throw notFound('Mail');
  return row;
}

/** Who a store's mail comes from: its sending mailbox, or the system sender when it has none. */
export interface Sender {
  mailboxId: number | null;
  from: StoredAddress;
  /** false: the store has no mailbox (the compose form shows no from). */
  isMailbox: boolean;
}

/** "Name <address>" or a bare address, as in MAIL_FROM. */
export function parseAddress(value: string): StoredAddress {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(value);
  if (match?.[2]) return match[1] ? { name: match[1], address: match[2] } : { address: match[2] };
  return { address: value.trim() };
}

/**
 * The store's sending mailbox: its first enabled one by id whose address it proved (named after
 * the store). A store never sends as an address it has not proven to be its own.
 */
export async function storeSender(deps: AppDeps, tenantId: string): Promise<Sender> {
  const [mailbox] = await deps.db
    .select({ id: mailboxes.id, address: mailboxes.address })
    .from(mailboxes)
    .where(
      and(eq(mailboxes.tenantId, tenantId), eq(mailboxes.isEnabled, true), isNotNull(mailboxes.verifiedAt)),
    )
    .orderBy(asc(mailboxes.id))
    .limit(1);
  if (!mailbox) return { mailboxId: null, from: parseAddress(deps.config.MAIL_FROM), isMailbox: false };
  const store = await deps.stores.get(tenantId);
  return {
    mailboxId: mailbox.id,
    from: store?.displayName
      ? { name: store.displayName, address: mailbox.address }
      : { address: mailbox.address },
    isMailbox: true,
  };
}

/** The language for quote lines and templates: the asked one, else the store's, else English. */
export async function composeLanguage(
  deps: AppDeps,
  tenantId: string,
  asked?: TLanguage,
): Promise<TLanguage> {
  if (asked) return asked;
  return (await deps.stores.get(tenantId))?.language ?? 'en';
}
