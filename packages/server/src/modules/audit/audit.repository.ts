import type { TAuditAction } from '@claimdesk/contracts';
import { auditLog, type AuditChanges } from '../../db/schema';
import type { TenantDb } from '../../db/tenant-db';
import { maskSecrets } from './mask-secrets';

/** Who acted: a staff user with the address the request came from, or the operator's command line. */
export interface AuditActor {
  username: string;
  address: string | null;
}

export interface AuditEntry {
  action: TAuditAction;
  targetType?: string;
  targetId?: string | number;
  changes?: AuditChanges;
}

/**
 * Appends one entry to the store's audit log. Call it with the transaction of the change it
 * records, so that the entry and the change are kept or lost together. Secrets in `before`,
 * `after` and `detail` are masked here, whoever calls.
 */
export async function recordAudit(db: TenantDb, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: db.tenantId,
    actor: actor.username,
    actorAddress: actor.address,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    changes: maskSecrets(entry.changes ?? {}) as AuditChanges,
  });
}
