import { z } from 'zod';
import { ZText } from '../text';
import { CUSTOM_FIELD_KEY } from '../cases/case-fields';
import { ZFeatureRef, ZLabel, uniqueBy } from './config-common';

/** Columns a case list can show; the sortable ones have an index behind them. */
export const LIST_COLUMNS = [
  'caseNumber',
  'customerName',
  'customerEmail',
  'orderReference',
  'status',
  'assignee',
  'itemsSummary',
  'supplierName',
  'statusClaim',
  'statusCreditNote',
  'statusCustomer',
  'statusWareHouse',
  'mailCounts',
  'createdAt',
  'updatedAt',
] as const;
export type TListColumn = (typeof LIST_COLUMNS)[number];
export const SORTABLE_COLUMNS = ['caseNumber', 'createdAt', 'updatedAt'] as const;
export type TSortableColumn = (typeof SORTABLE_COLUMNS)[number];

export const ZListColumn = z.object({
  /** A built-in column, or a custom field (`custom.<name>`). */
  key: z.union([z.enum(LIST_COLUMNS), ZText.regex(CUSTOM_FIELD_KEY, 'A list column or custom.<name>')]),
  label: ZLabel,
  width: z.number().int().min(40).max(800).optional(),
  feature: ZFeatureRef.optional(),
});
export type TListColumnConfig = z.infer<typeof ZListColumn>;

/** json-config `list-columns.{workflow}`: the columns of the open and archive lists, in order. */
export const ZListColumnsConfig = z
  .array(ZListColumn)
  .min(1)
  .max(20)
  .superRefine(uniqueBy((c) => c.key, 'column'));
export type TListColumnsConfig = z.infer<typeof ZListColumnsConfig>;

// Unread and unsent mail come right after the case number: the one thing staff scan a list for,
// so it stays in sight however narrow the screen (the columns after it may scroll sideways).
export const DEFAULT_CLAIM_LIST_COLUMNS: TListColumnsConfig = [
  { key: 'caseNumber', label: 'case.column.caseNumber', width: 90 },
  { key: 'mailCounts', label: 'case.column.mail', width: 90 },
  { key: 'customerName', label: 'case.column.customerName' },
  { key: 'orderReference', label: 'case.column.orderReference' },
  { key: 'itemsSummary', label: 'case.column.items' },
  { key: 'status', label: 'case.column.status' },
  { key: 'statusClaim', label: 'case.column.statusClaim', feature: 'statusClaim' },
  { key: 'assignee', label: 'case.column.assignee' },
  { key: 'updatedAt', label: 'case.column.updatedAt' },
];

/**
 * One-time-code users' lists (the supplier portal): a supplier's contact person never reads the
 * customer's name or email (the server leaves them empty), so the lists have no customer columns.
 */
export const LITE_LIST_COLUMNS: TListColumnsConfig = [
  { key: 'caseNumber', label: 'case.column.caseNumber', width: 90 },
  { key: 'mailCounts', label: 'case.column.mail', width: 90 },
  { key: 'orderReference', label: 'case.column.orderReference' },
  { key: 'itemsSummary', label: 'case.column.items' },
  { key: 'status', label: 'case.column.status' },
  { key: 'statusClaim', label: 'case.column.statusClaim', feature: 'statusClaim' },
  { key: 'assignee', label: 'case.column.assignee' },
  { key: 'updatedAt', label: 'case.column.updatedAt' },
];

export const DEFAULT_SUPPORT_LIST_COLUMNS: TListColumnsConfig = [
  { key: 'caseNumber', label: 'case.column.caseNumber', width: 90 },
  { key: 'mailCounts', label: 'case.column.mail', width: 90 },
  { key: 'customerName', label: 'case.column.customerName' },
  { key: 'customerEmail', label: 'case.column.customerEmail' },
  { key: 'status', label: 'case.column.status' },
  { key: 'assignee', label: 'case.column.assignee' },
  { key: 'updatedAt', label: 'case.column.updatedAt' },
];
