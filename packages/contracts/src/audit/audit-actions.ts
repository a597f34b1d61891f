import { z } from 'zod';

/**
 * The administrative actions the audit log records, as `<subject>.<verb>`. Adding an action here
 * and recording it where it happens is one change; the audit screen translates each.
 */
export const AUDIT_ACTIONS = [
  'user.created',
  'user.updated',
  'user.roles_changed',
  'user.deleted',
  'user.disabled',
  'user.enabled',
  'user.password_set',
  'user.sessions_ended',
  'user.invited',
  'user.password_reset_requested',
  'user.password_reset',
  'mailbox.added',
  'mailbox.changed',
  'mailbox.removed',
  'oauth.connected',
  'shop.connected',
  'shop.disconnected',
  'flag.changed',
  'config.changed',
  'data.exported',
  'customer.exported',
  'customer.erased',
  'customer.data_requested',
] as const;
export const ZAuditAction = z.enum(AUDIT_ACTIONS);
export type TAuditAction = z.infer<typeof ZAuditAction>;
