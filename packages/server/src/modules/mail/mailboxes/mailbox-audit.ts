import type { TAuditAction } from '@claimdesk/contracts';
import type { TenantDb } from '../../../db/tenant-db';
import { recordAudit, type AuditActor } from '../../audit/audit.repository';
import { MAILBOX_SERVER_FIELDS, type Mailbox } from '../accounts/mailbox.repository';

const AUDITED_FIELDS = ['address', 'kind', 'isEnabled', ...MAILBOX_SERVER_FIELDS] as const;
type AuditedField = (typeof AUDITED_FIELDS)[number];

/** A mailbox's settings as the audit log keeps them: never its sealed secret. */
export const mailboxSettings = (row: Mailbox): Pick<Mailbox, AuditedField> =>
  Object.fromEntries(AUDITED_FIELDS.map((field) => [field, row[field]])) as Pick<Mailbox, AuditedField>;

/** The settings that differ between two states of a mailbox, as before and after. */
export function mailboxDiff(before: Mailbox, after: Mailbox): { before: object; after: object } {
  const fields = AUDITED_FIELDS.filter((field) => before[field] !== after[field]);
  const pick = (row: Mailbox) => Object.fromEntries(fields.map((field) => [field, row[field]]));
  return { before: pick(before), after: pick(after) };
}

/**
 * Records a change of a mailbox in the store's log, in the change's transaction; the target is
 * the mailbox's address. A new password or token appears under its own name and is masked by
 * recordAudit.
 */
export function recordMailbox(
  tx: TenantDb,
  actor: AuditActor,
  action: Extract<TAuditAction, `mailbox.${string}` | 'oauth.connected'>,
  address: string,
  changes: { before?: unknown; after?: unknown; detail?: Record<string, unknown> },
): Promise<void> {
  return recordAudit(tx, actor, { action, targetType: 'mailbox', targetId: address, changes });
}
