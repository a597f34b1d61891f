import { inArray, sql } from 'drizzle-orm';
import { caseTimeline, cases } from '../../../db/schema';
import type { TenantDb } from '../../../db/tenant-db';
import { refreshCaseSearch } from '../../cases/case-search.repository';

/** A new inbound mail threaded onto a case. */
export interface InboundOnCase {
  caseId: number;
  mailLogId: number;
  sender: string | null;
}

/**
 * New inbound mails on cases: each case counts its new unread mails, gets a mail-in timeline
 * entry per mail, and its search words are rebuilt with the mails' text. One statement per kind
 * of change for the whole batch, in the transaction that stores the mails.
 */
export async function noteInboundMails(tx: TenantDb, mails: InboundOnCase[]): Promise<void> {
  if (mails.length === 0) return;
  const perCase = new Map<number, number>();
  for (const m of mails) perCase.set(m.caseId, (perCase.get(m.caseId) ?? 0) + 1);
  await tx.insert(caseTimeline).values(
    mails.map((m) => ({
      tenantId: tx.tenantId,
      caseId: m.caseId,
      kind: 'mail-in',
      actor: m.sender ?? 'mail',
      mailLogId: m.mailLogId,
    })),
  );
  const caseIds = [...perCase.keys()];
  const added = sql.join(
    [...perCase].map(([caseId, n]) => sql`WHEN ${caseId} THEN ${n}`),
    sql` `,
  );
  await tx
    .update(cases)
    .set({ unreadMailCount: sql`${cases.unreadMailCount} + (CASE ${cases.id} ${added} ELSE 0 END)` })
    .where(inArray(cases.id, caseIds));
  await refreshCaseSearch(tx, caseIds);
}
