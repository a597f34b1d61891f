import { eq, sql, type SQL } from 'drizzle-orm';
import { mailLogs } from '../../../db/schema';
import type { StoreFilter } from '../../../db/tenant-db';
import type { CaseReader } from '../../cases/case-access';
import { participantFilter, supplierContactCondition } from '../../cases/cases.repository';

/**
 * Which of the store's mails a reader may open, as a condition on a statement of a TenantDb
 * (which keeps mail_logs to the store; `store` filters the case subqueries, written as SQL).
 * Staff: every mail that is not deleted, unmapped or on a live case. A one-time-code user: the
 * mails of live cases they may read, but never staff's internal mails nor unsent drafts.
 * A repository of its own: the case subqueries are SQL, which lives in repositories only.
 */
export function visibleMail(store: StoreFilter, reader: CaseReader): SQL {
  const notDeleted = eq(mailLogs.isDeleted, false);
  if (reader.kind === 'staff') {
    return sql`${notDeleted} AND (${mailLogs.caseId} IS NULL OR EXISTS (
      SELECT 1 FROM cases c WHERE ${store.owns('c')} AND c.id = ${mailLogs.caseId}
        AND c.deleted_at IS NULL))`;
  }
  // The cases are participantFilter's (one rule for every read of a one-time-code user); a
  // supplier's contact person reads only the supplier lane of their mail.
  return sql`${notDeleted} AND ${mailLogs.mailLogType} <> 'internal'
    AND ${mailLogs.sendState} IS DISTINCT FROM 'draft'
    AND EXISTS (SELECT 1 FROM cases WHERE ${store.owns('cases')} AND cases.id = ${mailLogs.caseId}
      AND cases.deleted_at IS NULL AND ${participantFilter(store, reader.email)})
    AND (${mailLogs.mailLogType} = 'supplier' OR NOT ${supplierContactCondition(store, reader.email)})`;
}
