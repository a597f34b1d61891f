import type { z } from 'zod';
import { ZListCasesQuery } from '../cases/list-cases';
import { ZCsvExportOptions } from './export-common';

/**
 * GET /v2/api/exports/cases: a workflow's open or archive list as CSV (text/csv, a download),
 * every page of it: the same filters, search and order as GET /v2/api/claims, whoever may read
 * that list. One row per case: number, status, customer, email, order reference, items,
 * supplier, assignee, the status fields, unread and unsent mails, created and updated.
 */
export const ZExportCasesQuery = ZListCasesQuery.omit({ limit: true, cursor: true }).extend(
  ZCsvExportOptions.shape,
);
export type TExportCasesQuery = z.infer<typeof ZExportCasesQuery>;
export type TExportCasesQueryInput = z.input<typeof ZExportCasesQuery>;
