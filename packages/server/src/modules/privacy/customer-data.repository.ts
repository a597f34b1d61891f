import { asc, count, inArray, sql, type SQL } from 'drizzle-orm';
import {
  caseCosts,
  caseCreditNotes,
  caseItems,
  caseParticipants,
  caseRecovery,
  cases,
  caseTimeline,
  mailAttachments,
  mailLogs,
  supplierAnswers,
} from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';

/** Whom the request is about: the address (lower case) and the last 8 digits of the phone. */
export interface Customer {
  email: string;
  phoneTail: string | null;
}

export function customerOf(query: { email: string; phone?: string | undefined }): Customer {
  const digits = query.phone?.replace(/[^0-9]/g, '') ?? '';
  return { email: query.email.toLowerCase(), phoneTail: digits.length > 0 ? digits.slice(-8) : null };
}

/**
 * The customer's cases: the customer email, or the phone by its last 8 digits (with or without
 * a country code, as the case search reads it). Deleted cases too: their data is still stored.
 */
function isCustomersCase(customer: Customer): SQL {
  const byEmail = sql`lower(${cases.customerEmail}) = ${customer.email}`;
  if (customer.phoneTail === null) return byEmail;
  return sql`(${byEmail} OR right(regexp_replace(coalesce(${cases.customerPhone}, ''), '[^0-9]', '', 'g'), 8) = ${customer.phoneTail})`;
}

/**
 * The customer's mails: sender, any recipient (to, cc, bcc, reply-to), or the address named in
 * the subject or the body, which is what the mail search finds the address by.
 */
function isCustomersMail(customer: Customer): SQL {
  const { email } = customer;
  return sql`(lower(${mailLogs.fromAddress}) = ${email}
    OR EXISTS (SELECT 1 FROM jsonb_array_elements(${mailLogs.to} || ${mailLogs.cc} || ${mailLogs.bcc} || ${mailLogs.replyTo}) a
      WHERE lower(a->>'address') = ${email})
    OR strpos(lower(${mailLogs.subject}), ${email}) > 0
    OR strpos(lower(coalesce(${mailLogs.text}, '')), ${email}) > 0
    OR strpos(lower(coalesce(${mailLogs.html}, '')), ${email}) > 0)`;
}

export type CustomerCaseRow = typeof cases.$inferSelect;

export async function customerCases(db: TenantDb, customer: Customer): Promise<CustomerCaseRow[]> {
  return db.select().from(cases).where(isCustomersCase(customer)).orderBy(asc(cases.caseNumber));
}

/** The ids of the customer's mails (the bin included: a binned mail is still stored). */
export async function customerMailIds(db: TenantDb, customer: Customer): Promise<number[]> {
  const rows = await db
    .select({ id: mailLogs.id })
    .from(mailLogs)
    .where(isCustomersMail(customer))
    .orderBy(asc(mailLogs.id));
  return rows.map((r) => r.id);
}

export type CustomerMailRow = typeof mailLogs.$inferSelect;
export type CustomerAttachmentRow = typeof mailAttachments.$inferSelect;

export async function mailsByIds(db: TenantDb, ids: number[]): Promise<CustomerMailRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(mailLogs).where(inArray(mailLogs.id, ids)).orderBy(asc(mailLogs.id));
}

export async function attachmentsOfMails(db: TenantDb, ids: number[]): Promise<CustomerAttachmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(mailAttachments)
    .where(inArray(mailAttachments.mailLogId, ids))
    .orderBy(asc(mailAttachments.mailLogId), asc(mailAttachments.position));
}

/** What hangs off the customer's cases: items, timeline, costs, credit notes, recovery, supplier answers. */
export async function caseDetails(db: TenantDb, caseIds: number[]) {
  if (caseIds.length === 0)
    return {
      items: [],
      timeline: [],
      costs: [],
      creditNotes: [],
      recovery: [],
      supplierAnswers: [],
      participants: [],
    };
  const [items, timeline, costs, creditNotes, recovery, answers, participants] = await Promise.all([
    db
      .select()
      .from(caseItems)
      .where(inArray(caseItems.caseId, caseIds))
      .orderBy(asc(caseItems.caseId), asc(caseItems.position)),
    db
      .select()
      .from(caseTimeline)
      .where(inArray(caseTimeline.caseId, caseIds))
      .orderBy(asc(caseTimeline.at), asc(caseTimeline.id)),
    db.select().from(caseCosts).where(inArray(caseCosts.caseId, caseIds)).orderBy(asc(caseCosts.id)),
    db
      .select()
      .from(caseCreditNotes)
      .where(inArray(caseCreditNotes.caseId, caseIds))
      .orderBy(asc(caseCreditNotes.id)),
    db.select().from(caseRecovery).where(inArray(caseRecovery.caseId, caseIds)),
    db.select().from(supplierAnswers).where(inArray(supplierAnswers.caseId, caseIds)),
    db.select().from(caseParticipants).where(inArray(caseParticipants.caseId, caseIds)),
  ]);
  return { items, timeline, costs, creditNotes, recovery, supplierAnswers: answers, participants };
}

/** The counts an administrator sees before exporting or erasing. */
export async function customerCounts(db: TenantDb, customer: Customer) {
  const caseRows = await db
    .select({ id: cases.id, caseNumber: cases.caseNumber })
    .from(cases)
    .where(isCustomersCase(customer))
    .orderBy(asc(cases.caseNumber));
  const caseIds = caseRows.map((c) => c.id);
  const mailIds = await customerMailIds(db, customer);
  const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const none = Promise.resolve([{ n: 0 }]);
  const [items, timelineEntries, costLines, attachments] = await Promise.all([
    caseIds.length === 0
      ? countOf(none)
      : countOf(db.select({ n: count() }).from(caseItems).where(inArray(caseItems.caseId, caseIds))),
    caseIds.length === 0
      ? countOf(none)
      : countOf(db.select({ n: count() }).from(caseTimeline).where(inArray(caseTimeline.caseId, caseIds))),
    caseIds.length === 0
      ? countOf(none)
      : countOf(db.select({ n: count() }).from(caseCosts).where(inArray(caseCosts.caseId, caseIds))),
    mailIds.length === 0
      ? countOf(none)
      : countOf(
          db.select({ n: count() }).from(mailAttachments).where(inArray(mailAttachments.mailLogId, mailIds)),
        ),
  ]);
  return {
    cases: caseRows.length,
    caseNumbers: caseRows.map((c) => c.caseNumber),
    caseIds,
    mailIds,
    items,
    mails: mailIds.length,
    attachments,
    timelineEntries,
    costLines,
  };
}
