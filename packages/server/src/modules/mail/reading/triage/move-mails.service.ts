import type { TMoveMailsRequest, TMoveMailsResponse } from '@claimdesk/contracts';
import type { TenantDb } from '../../../../db/tenant-db';
import { AppError, notFound } from '../../../../lib/app-error';
import { refreshCaseSearch } from '../../../cases/case-search.repository';
import { notifyMailsChanged } from '../../../cases/live-notify.repository';
import {
  insertMoveEntries,
  lockLiveCaseNumbers,
  lockMailsById,
  setCaseOfMails,
  shiftUnreadCount,
  type MailRow,
  type MoveEntry,
} from './move-mails.repository';

const isUnreadInbound = (m: MailRow) => m.direction === 'in' && !m.isRead;

/** Refuses what may not move: a deleted mail (404), a draft or a mail in the outbox (409). */
function checkMovable(mails: MailRow[], ids: number[]): void {
  if (mails.length !== ids.length || mails.some((m) => m.isDeleted)) throw notFound('Mail');
  if (mails.some((m) => m.sendState === 'draft'))
    throw new AppError('CONFLICT', 'A draft stays with its composer; send it or delete it instead');
  if (mails.some((m) => m.sendState === 'pending'))
    throw new AppError('CONFLICT', 'This mail is waiting to be sent; move it once it is sent or failed');
}

/**
 * POST /v2/api/claims/mails/move: the named mails onto case `caseId`, or back to unmapped, in one
 * transaction (move-mails.ts). Mails are locked before cases, the order mapping and delete lock
 * in. Each moved mail writes a mail-moved entry on the case it left and the case it joined, the
 * unread counts move with unread inbound mails (a pending mail, which alone would move the
 * pending count, is refused), and the search vectors of both cases are rebuilt. Replies follow
 * by themselves: threading finds a case through the mail a reply names.
 */
export async function moveMails(
  db: TenantDb,
  request: TMoveMailsRequest,
  actor: string,
): Promise<TMoveMailsResponse> {
  const ids = [...new Set(request.mailIds)].sort((a, b) => a - b);
  const target = request.caseId;
  return db.transaction(async (tx) => {
    const mails = await lockMailsById(tx, ids);
    checkMovable(mails, ids);
    const caseIds = new Set(mails.flatMap((m) => (m.caseId === null ? [] : [m.caseId])));
    if (target !== null) caseIds.add(target);
    const numbers = await lockLiveCaseNumbers(tx, [...caseIds]);
    if (target !== null && !numbers.has(target)) throw notFound('Case');
    // A mail on a deleted case is as gone as the case for staff (mail-access.repository.ts).
    if (mails.some((m) => m.caseId !== null && !numbers.has(m.caseId))) throw notFound('Mail');

    const moving = mails.filter((m) => m.caseId !== target);
    if (moving.length === 0) return { moved: [] };
    await setCaseOfMails(
      tx,
      moving.map((m) => m.id),
      target,
    );
    const unreadDelta = new Map<number, number>();
    const entries: MoveEntry[] = [];
    const toNumber = target === null ? null : (numbers.get(target) ?? null);
    for (const mail of moving) {
      const fromNumber = mail.caseId === null ? null : (numbers.get(mail.caseId) ?? null);
      for (const [caseId, delta] of [
        [mail.caseId, -1],
        [target, 1],
      ] as const) {
        if (caseId === null) continue;
        entries.push({ caseId, mailLogId: mail.id, from: fromNumber, to: toNumber });
        if (isUnreadInbound(mail)) unreadDelta.set(caseId, (unreadDelta.get(caseId) ?? 0) + delta);
      }
    }
    for (const [caseId, delta] of unreadDelta) await shiftUnreadCount(tx, caseId, delta);
    await insertMoveEntries(tx, entries, actor);
    const touched = [...new Set(entries.map((e) => e.caseId))];
    if (touched.length > 0) await refreshCaseSearch(tx, touched);
    await notifyMailsChanged(tx, [...moving.map((m) => m.caseId), target]);
    return { moved: moving.map((m) => ({ id: m.id, fromCaseId: m.caseId, toCaseId: target })) };
  });
}
