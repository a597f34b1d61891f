import { FEATURE_FLAGS } from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { auditActor } from '../audit/audit-actor';
import { recordAudit } from '../audit/audit.repository';
import type { PropertyOwner } from './properties.repository';

/** The flags whose value differs between two feature documents (null: none stored, the fallback). */
function changedFlags(before: unknown, after: unknown): string[] {
  const of = (value: unknown) => (value ?? {}) as Record<string, unknown>;
  return FEATURE_FLAGS.filter((flag) => of(before)[flag] !== of(after)[flag]);
}

/**
 * Records a change of a configuration document in the store's audit log, in the change's
 * transaction: the feature flags (`feature`) as `flag.changed` with the flags that changed, any
 * other document as `config.changed`. A value of null is "no stored document" (the fallback
 * applies). A company document changed from this store is recorded in this store's log.
 */
export function recordConfigChange(
  tx: TenantDb,
  auth: { username: string; address: string },
  owner: PropertyOwner,
  change: { name: string; before: unknown; after: unknown },
): Promise<void> {
  const isFlags = change.name === 'feature';
  return recordAudit(tx, auditActor(auth), {
    action: isFlags ? 'flag.changed' : 'config.changed',
    targetType: 'tenantId' in owner ? 'config' : 'company-config',
    targetId: change.name,
    changes: {
      before: change.before,
      after: change.after,
      ...(isFlags && { detail: { flags: changedFlags(change.before, change.after) } }),
    },
  });
}
