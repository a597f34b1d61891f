import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { caseParticipants, cases } from '../../../db/schema';
import { mailLogs } from '../../../db/mail-schema';
import type { Tx } from '../../cases/case-search';
import { caseNumberOfOwnId } from '../message-id';

export interface ThreadingInput {
  inReplyTo: string | null;
  references: string[];
  subject: string;
  fromAddress: string | null;
}

export type ThreadingRule = 'in-reply-to' | 'references' | 'subject-tag' | 'single-open-case';

export interface ThreadMatch {
  caseId: number;
  rule: ThreadingRule;
}

export interface ThreadingOptions {
  /** The store's optional rule: a sender with exactly one open case gets the mail on that case. */
  useSingleOpenCase?: boolean;
}

const SUBJECT_TAG = /\[#(\d{1,9})\]/g;

/** A live case of the store by its number (not deleted). */
async function caseByNumber(tx: Tx, tenantId: string, caseNumber: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.tenantId, tenantId), eq(cases.caseNumber, caseNumber), isNull(cases.deletedAt)));
  return row?.id ?? null;
}

/** The case of the nearest mail among these ids (the last id is the nearest ancestor). */
async function caseOfMails(tx: Tx, tenantId: string, ids: string[]): Promise<number | null> {
  if (ids.length === 0) return null;
  const rows = await tx
    .select({ messageId: mailLogs.messageId, caseId: mailLogs.caseId })
    .from(mailLogs)
    .innerJoin(cases, and(eq(cases.tenantId, mailLogs.tenantId), eq(cases.id, mailLogs.caseId)))
    .where(
      and(
        eq(mailLogs.tenantId, tenantId),
        inArray(mailLogs.messageId, ids),
        isNotNull(mailLogs.caseId),
        isNull(cases.deletedAt),
      ),
    );
  const byId = new Map(rows.map((r) => [r.messageId, r.caseId]));
  for (const id of [...ids].reverse()) {
    const caseId = byId.get(id);
    if (caseId) return caseId;
    // One of our Message-IDs names its case even when that mail row is gone.
    const number = caseNumberOfOwnId(id);
    const named = number === null ? null : await caseByNumber(tx, tenantId, number);
    if (named) return named;
  }
  return null;
}

/**
 * Whether an address takes part in a case: the customer, a participant, or someone who wrote
 * to or was written to on the case before.
 */
export async function takesPart(tx: Tx, tenantId: string, caseId: number, address: string): Promise<boolean> {
  const email = address.toLowerCase();
  const addressJson = JSON.stringify([{ address: email }]);
  const [row] = await tx
    .select({
      found: sql<boolean>`lower(${cases.customerEmail}) = ${email} OR EXISTS (
        SELECT 1 FROM ${caseParticipants} WHERE ${caseParticipants.tenantId} = ${tenantId}
          AND ${caseParticipants.caseId} = ${caseId} AND lower(${caseParticipants.email}) = ${email}
      ) OR EXISTS (
        SELECT 1 FROM ${mailLogs} WHERE ${mailLogs.tenantId} = ${tenantId} AND ${mailLogs.caseId} = ${caseId}
          AND (${mailLogs.fromAddress} = ${email} OR ${mailLogs.to} @> ${addressJson}::jsonb
            OR ${mailLogs.cc} @> ${addressJson}::jsonb)
      )`,
    })
    .from(cases)
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)));
  return row?.found === true;
}

/**
 * The case an inbound mail belongs to, in PRODUCT.md's order: In-Reply-To, then every
 * References id, then a `[#number]` tag in the subject (only when the sender takes part in
 * that case: a number alone puts replies on the wrong case), then the store's optional
 * single-open-case rule. Null: the mail is unmapped.
 */
export async function findCaseForMail(
  tx: Tx,
  tenantId: string,
  mail: ThreadingInput,
  options: ThreadingOptions = {},
): Promise<ThreadMatch | null> {
  if (mail.inReplyTo) {
    const caseId = await caseOfMails(tx, tenantId, [mail.inReplyTo]);
    if (caseId) return { caseId, rule: 'in-reply-to' };
  }
  const caseId = await caseOfMails(tx, tenantId, mail.references);
  if (caseId) return { caseId, rule: 'references' };
  if (!mail.fromAddress) return null;
  for (const match of mail.subject.matchAll(SUBJECT_TAG)) {
    const tagged = await caseByNumber(tx, tenantId, Number(match[1]));
    if (tagged && (await takesPart(tx, tenantId, tagged, mail.fromAddress)))
      return { caseId: tagged, rule: 'subject-tag' };
  }
  if (options.useSingleOpenCase) {
    const open = await tx
      .select({ id: cases.id })
      .from(cases)
      .where(
        and(
          eq(cases.tenantId, tenantId),
          sql`lower(${cases.customerEmail}) = ${mail.fromAddress.toLowerCase()}`,
          eq(cases.isArchived, false),
          isNull(cases.deletedAt),
        ),
      )
      .limit(2);
    if (open.length === 1 && open[0]) return { caseId: open[0].id, rule: 'single-open-case' };
  }
  return null;
}
