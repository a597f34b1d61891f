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

/**
 * Answers looked up in advance for a batch of mails (prefetchThreadLookups), so that threading a
 * batch costs two queries instead of a few per mail. A key that is present is final (null: no
 * live case); an absent key is looked up as usual. The batch adds each mail it writes.
 */
export interface ThreadLookups {
  caseOfMessage: Map<string, number | null>;
  caseOfNumber: Map<number, number | null>;
  /** `${caseId} ${address}` of the batch's mails already threaded: those senders take part. */
  senders: Set<string>;
}

const SUBJECT_TAG = /\[#(\d{1,9})\]/g;

/** A live case of the store by its number (not deleted). */
async function caseByNumber(
  tx: Tx,
  tenantId: string,
  caseNumber: number,
  lookups?: ThreadLookups,
): Promise<number | null> {
  const known = lookups?.caseOfNumber.get(caseNumber);
  if (known !== undefined) return known;
  const [row] = await tx
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.tenantId, tenantId), eq(cases.caseNumber, caseNumber), isNull(cases.deletedAt)));
  return row?.id ?? null;
}

/** The case of the nearest mail among these ids (the last id is the nearest ancestor). */
async function caseOfMails(
  tx: Tx,
  tenantId: string,
  ids: string[],
  lookups?: ThreadLookups,
): Promise<number | null> {
  if (ids.length === 0) return null;
  const byId =
    lookups && ids.every((id) => lookups.caseOfMessage.has(id))
      ? lookups.caseOfMessage
      : await casesOfMessages(tx, tenantId, ids);
  for (const id of [...ids].reverse()) {
    const caseId = byId.get(id);
    if (caseId) return caseId;
    // One of our Message-IDs names its case even when that mail row is gone.
    const number = caseNumberOfOwnId(id);
    const named = number === null ? null : await caseByNumber(tx, tenantId, number, lookups);
    if (named) return named;
  }
  return null;
}

/** The live case of each of these Message-IDs that is a mail on one. */
async function casesOfMessages(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, number | null>> {
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
  return new Map(rows.map((r) => [r.messageId, r.caseId]));
}

/**
 * Looks up, in two queries, every thread id (In-Reply-To, References) and every case number
 * (our own Message-IDs, subject tags) that these mails name.
 */
export async function prefetchThreadLookups(
  tx: Tx,
  tenantId: string,
  mails: Pick<ThreadingInput, 'inReplyTo' | 'references' | 'subject'>[],
): Promise<ThreadLookups> {
  const ids = [...new Set(mails.flatMap((m) => [...(m.inReplyTo ? [m.inReplyTo] : []), ...m.references]))];
  const found =
    ids.length === 0 ? new Map<string, number | null>() : await casesOfMessages(tx, tenantId, ids);
  const caseOfMessage = new Map<string, number | null>(ids.map((id) => [id, found.get(id) ?? null]));
  const numbers = [
    ...new Set([
      ...ids.flatMap((id) => caseNumberOfOwnId(id) ?? []),
      ...mails.flatMap((m) => [...m.subject.matchAll(SUBJECT_TAG)].map((match) => Number(match[1]))),
    ]),
  ].filter((n) => n <= 2_147_483_647);
  const rows =
    numbers.length === 0
      ? []
      : await tx
          .select({ id: cases.id, caseNumber: cases.caseNumber })
          .from(cases)
          .where(
            and(eq(cases.tenantId, tenantId), inArray(cases.caseNumber, numbers), isNull(cases.deletedAt)),
          );
  const byNumber = new Map(rows.map((r) => [r.caseNumber, r.id]));
  return {
    caseOfMessage,
    caseOfNumber: new Map(numbers.map((n) => [n, byNumber.get(n) ?? null])),
    senders: new Set(),
  };
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
  lookups?: ThreadLookups,
): Promise<ThreadMatch | null> {
  if (mail.inReplyTo) {
    const caseId = await caseOfMails(tx, tenantId, [mail.inReplyTo], lookups);
    if (caseId) return { caseId, rule: 'in-reply-to' };
  }
  const caseId = await caseOfMails(tx, tenantId, mail.references, lookups);
  if (caseId) return { caseId, rule: 'references' };
  if (!mail.fromAddress) return null;
  for (const match of mail.subject.matchAll(SUBJECT_TAG)) {
    const tagged = await caseByNumber(tx, tenantId, Number(match[1]), lookups);
    const wroteInBatch =
      tagged !== null && lookups?.senders.has(`${String(tagged)} ${mail.fromAddress}`) === true;
    if (tagged && (wroteInBatch || (await takesPart(tx, tenantId, tagged, mail.fromAddress))))
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
