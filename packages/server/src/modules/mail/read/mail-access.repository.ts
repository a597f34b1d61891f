import { eq, sql, type SQL } from 'drizzle-orm';
import { mailLogs } from '../../../db/schema';
import type { CaseReader } from '../../cases/case-access';

/**
 * Which of the store's mails a reader may open, as a condition on a statement of a TenantDb
 * (which keeps mail_logs to the store; `tenantId` binds the case subqueries, written as SQL).
 * Staff: every mail that is not deleted, unmapped or on a live case. A one-time-code user: the
 * mails of live cases they take part in, but never staff's internal mails nor unsent drafts.
 * A repository of its own: the case subqueries are SQL, which lives in repositories only.
 */
export function visibleMail(tenantId: string, reader: CaseReader): SQL {
  const notDeleted = eq(mailLogs.isDeleted, false);
  if (reader.kind === 'staff') {
    return sql`${notDeleted} AND (${mailLogs.caseId} IS NULL OR EXISTS (
      SELECT 1 FROM cases c WHERE c.tenant_id = ${tenantId} AND c.id = ${mailLogs.caseId}
        AND c.deleted_at IS NULL))`;
  }
  return sql`${notDeleted} AND ${mailLogs.mailLogType} <> 'internal'
    AND ${mailLogs.sendState} IS DISTINCT FROM 'draft'
    AND EXISTS (SELECT 1 FROM cases c JOIN case_participants p ON p.tenant_id = c.tenant_id AND p.case_id = c.id
      WHERE c.tenant_id = ${tenantId} AND c.id = ${mailLogs.caseId} AND c.deleted_at IS NULL
        AND p.email = ${reader.email})`;
}
