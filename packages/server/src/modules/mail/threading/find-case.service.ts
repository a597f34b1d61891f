import type { TenantDb } from '../../../db/tenant-db';
import { caseNumberOfOwnId } from '../common/message-id';
import {
  casesOfMessages,
  liveCaseByNumber,
  liveCasesByNumbers,
  openCasesOfCustomer,
  takesPart,
} from './threading.repository';

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
  tx: TenantDb,
  caseNumber: number,
  lookups?: ThreadLookups,
): Promise<number | null> {
  const known = lookups?.caseOfNumber.get(caseNumber);
  if (known !== undefined) return known;
  return liveCaseByNumber(tx, caseNumber);
}

/** The case of the nearest mail among these ids (the last id is the nearest ancestor). */
async function caseOfMails(tx: TenantDb, ids: string[], lookups?: ThreadLookups): Promise<number | null> {
  if (ids.length === 0) return null;
  const byId =
    lookups && ids.every((id) => lookups.caseOfMessage.has(id))
      ? lookups.caseOfMessage
      : await casesOfMessages(tx, ids);
  for (const id of [...ids].reverse()) {
    const caseId = byId.get(id);
    if (caseId) return caseId;
    // One of our Message-IDs names its case even when that mail row is gone.
    const number = caseNumberOfOwnId(id);
    const named = number === null ? null : await caseByNumber(tx, number, lookups);
    if (named) return named;
  }
  return null;
}

/**
 * Looks up, in two queries, every thread id (In-Reply-To, References) and every case number
 * (our own Message-IDs, subject tags) that these mails name.
 */
export async function prefetchThreadLookups(
  tx: TenantDb,
  mails: Pick<ThreadingInput, 'inReplyTo' | 'references' | 'subject'>[],
): Promise<ThreadLookups> {
  const ids = [...new Set(mails.flatMap((m) => [...(m.inReplyTo ? [m.inReplyTo] : []), ...m.references]))];
  const found = ids.length === 0 ? new Map<string, number | null>() : await casesOfMessages(tx, ids);
  const caseOfMessage = new Map<string, number | null>(ids.map((id) => [id, found.get(id) ?? null]));
  const numbers = [
    ...new Set([
      ...ids.flatMap((id) => caseNumberOfOwnId(id) ?? []),
      ...mails.flatMap((m) => [...m.subject.matchAll(SUBJECT_TAG)].map((match) => Number(match[1]))),
    ]),
  ].filter((n) => n <= 2_147_483_647);
  const byNumber = await liveCasesByNumbers(tx, numbers);
  return {
    caseOfMessage,
    caseOfNumber: new Map(numbers.map((n) => [n, byNumber.get(n) ?? null])),
    senders: new Set(),
  };
}

/**
 * The case an inbound mail belongs to, in PRODUCT.md's order: In-Reply-To, then every
 * References id, then a `[#number]` tag in the subject (only when the sender takes part in
 * that case: a number alone puts replies on the wrong case), then the store's optional
 * single-open-case rule. Null: the mail is unmapped.
 */
export async function findCaseForMail(
  tx: TenantDb,
  mail: ThreadingInput,
  options: ThreadingOptions = {},
  lookups?: ThreadLookups,
): Promise<ThreadMatch | null> {
  if (mail.inReplyTo) {
    const caseId = await caseOfMails(tx, [mail.inReplyTo], lookups);
    if (caseId) return { caseId, rule: 'in-reply-to' };
  }
  const caseId = await caseOfMails(tx, mail.references, lookups);
  if (caseId) return { caseId, rule: 'references' };
  if (!mail.fromAddress) return null;
  for (const match of mail.subject.matchAll(SUBJECT_TAG)) {
    const tagged = await caseByNumber(tx, Number(match[1]), lookups);
    const wroteInBatch =
      tagged !== null && lookups?.senders.has(`${String(tagged)} ${mail.fromAddress}`) === true;
    if (tagged && (wroteInBatch || (await takesPart(tx, tagged, mail.fromAddress))))
      return { caseId: tagged, rule: 'subject-tag' };
  }
  if (options.useSingleOpenCase) {
    const open = await openCasesOfCustomer(tx, mail.fromAddress);
    if (open.length === 1 && open[0] !== undefined) return { caseId: open[0], rule: 'single-open-case' };
  }
  return null;
}
