import type { TEraseCustomerDataResponse } from '@claimdesk/contracts';
import type { AppDeps } from '../../app-deps';
import { auditActor } from '../audit/audit-actor';
import { recordAudit } from '../audit/audit.repository';
import type { AuthContext } from '../../auth-context';
import { endSessions } from '../auth/sessions.repository';
import { refreshCaseSearch } from '../cases/case-search.repository';
import {
  attachmentsOfMails,
  caseDetails,
  customerCases,
  customerMailIds,
  mailsByIds,
  type Customer,
} from './customer-data.repository';
import {
  anonymiseCase,
  deleteMails,
  deleteParticipant,
  insertErasedMailKeys,
  lowerUnread,
  setCostNote,
  setCreditNoteNote,
  setItemFault,
  setSupplierAnswerNote,
  setTimelineEntry,
} from './customer-erase.repository';
import { erasedMailKey } from './erased-mail-key';
import { removeUnusedFiles } from './unused-files';
import { ERASED, scrubJson, scrubText } from './scrub-text';

/** Timeline fields whose values are the customer's own: blanked whatever they held. */
const PERSONAL_FIELDS = new Set(['customerName', 'customerEmail', 'customerPhone', 'customerAddress']);

/**
 * Erases a customer (GDPR article 17) in one transaction: the cases keep their numbers, items,
 * costs and figures, their personal fields blanked (the name as [erased]) and the customer's
 * identifiers taken out of their free texts; the mails the customer sent, received or is named
 * in are deleted with their attachments, each leaving a keyed tombstone so that no mailbox
 * brings it back; the address's one-time-code sessions end; the audit log records the counts.
 * After the commit, the files no row of any store names any more are deleted from the file store
 * (after, so that a rollback never leaves rows without their files).
 */
export async function eraseCustomer(
  deps: AppDeps,
  auth: AuthContext,
  customer: Customer,
  phoneAsTyped: string | undefined,
): Promise<TEraseCustomerDataResponse> {
  const outcome = await auth.db.transaction(async (tx) => {
    const caseRows = await customerCases(tx, customer);
    const caseIds = caseRows.map((c) => c.id);
    const mailIds = await customerMailIds(tx, customer);
    const mails = await mailsByIds(tx, mailIds);
    const attachments = await attachmentsOfMails(tx, mailIds);
    const details = await caseDetails(tx, caseIds);
    const needles = [
      customer.email,
      ...(phoneAsTyped ? [phoneAsTyped] : []),
      ...caseRows.flatMap((c) => [
        c.customerName,
        c.customerEmail ?? '',
        c.customerPhone ?? '',
        c.customerAddress ?? '',
      ]),
    ];
    const scrub = (text: string | null) => scrubText(text, needles);

    await insertErasedMailKeys(
      tx,
      mails.map((m) => erasedMailKey(tx.tenantId, m.messageId)),
    );
    await deleteMails(tx, mailIds);
    const unreadTaken = new Map<number, number>();
    for (const m of mails)
      if (m.caseId !== null && m.direction === 'in' && !m.isRead && !m.isDeleted)
        unreadTaken.set(m.caseId, (unreadTaken.get(m.caseId) ?? 0) + 1);
    for (const [caseId, by] of unreadTaken) await lowerUnread(tx, caseId, by);

    for (const c of caseRows)
      await anonymiseCase(tx, c.id, {
        customerName: ERASED,
        description: scrub(c.description),
        customFields: scrubJson(c.customFields, needles) as Record<string, unknown>,
      });
    for (const item of details.items) {
      const fault = scrub(item.faultDescription);
      if (fault !== item.faultDescription) await setItemFault(tx, item.id, fault);
    }
    for (const entry of details.timeline) {
      const changes = entry.changes.map((change) =>
        PERSONAL_FIELDS.has(change.field)
          ? {
              field: change.field,
              from: change.from === null ? null : ERASED,
              to: change.to === null ? null : ERASED,
            }
          : { field: change.field, from: scrubJson(change.from, needles), to: scrubJson(change.to, needles) },
      );
      // A mail's entry names its writer as the actor: the customer's address.
      const actor = entry.actor.toLowerCase() === customer.email ? ERASED : entry.actor;
      if (actor !== entry.actor || JSON.stringify(changes) !== JSON.stringify(entry.changes))
        await setTimelineEntry(tx, entry.id, { actor, changes });
    }
    for (const cost of details.costs) {
      const note = scrub(cost.note);
      if (note !== cost.note) await setCostNote(tx, cost.id, note);
    }
    for (const note of details.creditNotes) {
      const text = scrub(note.note);
      if (text !== note.note) await setCreditNoteNote(tx, note.id, text);
    }
    for (const answer of details.supplierAnswers) {
      const text = scrub(answer.note);
      if (text !== answer.note) await setSupplierAnswerNote(tx, answer.id, text);
    }
    await deleteParticipant(tx, customer.email);
    // The search words: the erased values and the deleted mails' words must no longer find a case.
    const touched = [
      ...new Set([...caseIds, ...mails.flatMap((m) => (m.caseId === null ? [] : [m.caseId]))]),
    ];
    if (touched.length > 0) await refreshCaseSearch(tx, touched);
    const sessionsEnded = await endSessions(tx, { username: customer.email, grantType: 'otp' });

    const counts = {
      cases: caseRows.length,
      caseNumbers: caseRows.map((c) => c.caseNumber),
      items: details.items.length,
      mails: mails.length,
      attachments: attachments.length,
      timelineEntries: details.timeline.length,
      costLines: details.costs.length,
    };
    // The audit entry names the cases by number and says how much; never the address itself.
    await recordAudit(tx, auditActor(auth), {
      action: 'customer.erased',
      targetType: 'customer',
      targetId: counts.caseNumbers.length > 0 ? `cases ${counts.caseNumbers.join(', ')}` : 'no case',
      changes: { detail: { ...counts, sessionsEnded } },
    });
    const fileKeys = [
      ...new Set([
        ...mails.flatMap((m) => (m.rawFileHash ? [m.rawFileHash] : [])),
        ...attachments.map((a) => a.fileHash),
      ]),
    ];
    return { counts, sessionsEnded, fileKeys };
  });

  const filesDeleted = await removeUnusedFiles(deps.db, deps.files, outcome.fileKeys);
  return { ...outcome.counts, sessionsEnded: outcome.sessionsEnded, filesDeleted };
}
