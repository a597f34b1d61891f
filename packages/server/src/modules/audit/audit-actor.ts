import type { AuditActor } from './audit.repository';
import { recordAudit } from './audit.repository';
import type { TenantDb } from '../../db/tenant-db';

/** The signed-in caller as the audit log names them: username and the request's address. */
export const auditActor = (auth: { username: string; address: string }): AuditActor => ({
  username: auth.username,
  address: auth.address,
});

/** The admin command line: no person signed in, no address. */
export const OPERATOR: AuditActor = { username: 'operator', address: null };

/**
 * Records a download of the store's data: what (`cases`, `report.mails`, `audit-log`), in which
 * format and with which filters, so that who took which data out can be told afterwards.
 */
export function recordExport(
  auth: { db: TenantDb; username: string; address: string },
  what: string,
  format: 'csv' | 'pdf',
  filters: object,
): Promise<void> {
  return recordAudit(auth.db, auditActor(auth), {
    action: 'data.exported',
    targetType: 'export',
    targetId: what,
    changes: { detail: { format, filters } },
  });
}
