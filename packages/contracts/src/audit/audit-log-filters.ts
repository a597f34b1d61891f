import { z } from 'zod';
import { ZDateOnly } from '../cases/case';
import { ZCsvExportOptions } from '../exports/export-common';
import { ZText } from '../text';
import { ZAuditAction } from './audit-actions';

export const AUDIT_PERIOD_REVERSED = 'The period ends before it starts';

/**
 * The filters of the audit log, shared by its page and its CSV: one action; an actor or a target
 * containing the text (case-insensitive; a target matches its id or its kind); the days `from`
 * and `to`, both counted, as days in `timeZone` (UTC when left out), so that "today" on the screen
 * is the administrator's today.
 */
export const ZAuditLogFilters = z
  .object({
    action: ZAuditAction.optional(),
    actor: ZText.trim().max(200).optional(),
    target: ZText.trim().max(200).optional(),
    from: ZDateOnly.optional(),
    to: ZDateOnly.optional(),
    timeZone: ZCsvExportOptions.shape.timeZone,
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: AUDIT_PERIOD_REVERSED, input: q.to });
    }
  });
export type TAuditLogFilters = z.infer<typeof ZAuditLogFilters>;
