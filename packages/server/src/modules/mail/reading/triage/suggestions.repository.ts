import type { TMailSuggestionsResponse } from '@claimdesk/contracts';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { caseParticipants, cases, mailLogs } from '../../../../db/schema';
import type { TenantDb } from '../../../../db/tenant-db';
import {
  caseNumbersIn,
  referenceTokensIn,
  suggestCases,
  type CandidateCase,
  type MailClues,
} from './suggestion-rules';

/** At most this many candidate cases are read for one page (a sender with hundreds of cases). */
const MAX_CANDIDATES = 1000;

/**
 * The suggested cases of the store's unmapped mails `ids` (suggestion-rules.ts), in four
 * statements whatever the page's size: the mails, the cases their References name, the cases
 * their senders take part in, and the candidate cases by number, sender, order reference or
 * reference. An id that is not an unmapped mail of the store answers an empty list.
 */
export async function suggestionsFor(db: TenantDb, ids: number[]): Promise<TMailSuggestionsResponse> {
  const rows = await db
    .select({
      id: mailLogs.id,
      sender: mailLogs.fromAddress,
      words: sql<string>`${mailLogs.subject} || ' ' || left(coalesce(${mailLogs.text}, ''), 4000)`,
      inReplyTo: mailLogs.inReplyTo,
      references: mailLogs.references,
    })
    .from(mailLogs)
    .where(and(inArray(mailLogs.id, ids), isNull(mailLogs.caseId), eq(mailLogs.isDeleted, false)));
  const mails: MailClues[] = rows.map((r) => ({
    id: r.id,
    sender: r.sender,
    words: r.words,
    references: [...(r.inReplyTo ? [r.inReplyTo] : []), ...r.references].slice(0, 100),
  }));
  const answer: TMailSuggestionsResponse = Object.fromEntries(ids.map((id) => [String(id), []]));
  if (mails.length === 0) return answer;

  const messageIds = [...new Set(mails.flatMap((m) => m.references))];
  const senders = [...new Set(mails.flatMap((m) => (m.sender ? [m.sender.toLowerCase()] : [])))];
  const numbers = [...new Set(mails.flatMap((m) => caseNumbersIn(m.words)))];
  const tokens = [...new Set(mails.flatMap((m) => referenceTokensIn(m.words)))];

  const referencedMails =
    messageIds.length === 0
      ? []
      : await db
          .select({ messageId: mailLogs.messageId, caseId: mailLogs.caseId })
          .from(mailLogs)
          .where(
            and(
              inArray(mailLogs.messageId, messageIds),
              sql`${mailLogs.caseId} IS NOT NULL`,
              eq(mailLogs.isDeleted, false),
            ),
          );
  const caseOfMessageId = new Map(
    referencedMails.flatMap((m) => (m.caseId === null ? [] : [[m.messageId, m.caseId]])),
  );

  const participants =
    senders.length === 0
      ? []
      : await db
          .select({ caseId: caseParticipants.caseId, email: caseParticipants.email })
          .from(caseParticipants)
          .where(inArray(caseParticipants.email, senders));
  const participantCases = new Map<string, Set<number>>();
  for (const p of participants) {
    const set = participantCases.get(p.email) ?? new Set<number>();
    set.add(p.caseId);
    participantCases.set(p.email, set);
  }

  const caseIds = [...new Set([...caseOfMessageId.values(), ...participants.map((p) => p.caseId)])];
  const any = <T>(values: T[], condition: (values: T[]) => SQL) =>
    values.length === 0 ? undefined : condition(values);
  const clue = or(
    any(caseIds, (v) => inArray(cases.id, v)),
    any(numbers, (v) => inArray(cases.caseNumber, v)),
    any(senders, (v) => sql`lower(${cases.customerEmail}) IN ${v}`),
    any(tokens, (v) => sql`lower(${cases.orderReference}) IN ${v}`),
  );
  if (!clue) return answer;
  const candidates: CandidateCase[] = await db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      workFlow: cases.workFlow,
      customerName: cases.customerName,
      customerEmail: cases.customerEmail,
      orderReference: cases.orderReference,
      status: cases.status,
      isArchived: cases.isArchived,
    })
    .from(cases)
    .where(and(isNull(cases.deletedAt), clue))
    .orderBy(desc(cases.updatedAt))
    .limit(MAX_CANDIDATES);

  for (const [id, suggestions] of suggestCases(mails, candidates, caseOfMessageId, participantCases)) {
    answer[String(id)] = suggestions;
  }
  return answer;
}
