import type { z } from 'zod';
import { ZCsvExportOptions } from '../exports/export-common';
import { ZAuditLogFilters } from './audit-log-filters';

/**
 * GET /v2/api/exports/audit-log: the audit log as CSV, newest first, with the same filters as
 * GET /v2/api/audit-log (administrators only). Columns: time (in `timeZone`), actor, address,
 * action, target kind, target, before, after, detail (the last three as JSON, secrets masked).
 * The export is itself recorded as `data.exported`.
 */
export const ZExportAuditLogQuery = ZAuditLogFilters.safeExtend({
  language: ZCsvExportOptions.shape.language,
});
export type TExportAuditLogQuery = z.infer<typeof ZExportAuditLogQuery>;
export type TExportAuditLogQueryInput = z.input<typeof ZExportAuditLogQuery>;
