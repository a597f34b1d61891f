import { z } from 'zod';
import { ZIdText, ZText } from '../common';
import { SORTABLE_COLUMNS } from '../settings/list-columns-config';
import { ZCustomFields, ZDateOnly, ZWorkFlow } from './case';

export const CASE_LIST_TYPES = ['open', 'archive'] as const;
export type TCaseListType = (typeof CASE_LIST_TYPES)[number];
export const CASE_PAGE_SIZE = 50;
/** The longest search text a list takes; the search box stops there. */
export const CASE_SEARCH_MAX_LENGTH = 200;
/**
 * The `assignee` filter's value for cases nobody is assigned to. Assignees are usernames, which
 * are email addresses, so this word can never be one.
 */
export const UNASSIGNED_FILTER = 'unassigned';

/**
 * GET /v2/api/claims: one page of a workflow's open or archive list. `search` is full text
 * over case number, customer, order reference, items and the case's mails, with prefix
 * matches. Paging is by keyset: pass the answer's `nextCursor` as `cursor`.
 */
export const ZListCasesQuery = z.object({
  type: z.enum(CASE_LIST_TYPES),
  workFlow: ZWorkFlow,
  search: ZText.trim().max(CASE_SEARCH_MAX_LENGTH).optional(),
  status: ZText.max(60).optional(),
  /** A username, or UNASSIGNED_FILTER for the cases without an assignee. */
  assignee: ZText.max(200).optional(),
  itemType: ZIdText.optional(),
  createdFrom: ZDateOnly.optional(),
  createdTo: ZDateOnly.optional(),
  statusClaim: ZText.max(60).optional(),
  statusCreditNote: ZText.max(60).optional(),
  statusCustomer: ZText.max(60).optional(),
  statusWareHouse: ZText.max(60).optional(),
  hasUnread: z.stringbool().optional(),
  sort: z.enum(SORTABLE_COLUMNS).default('updatedAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(200).default(CASE_PAGE_SIZE),
  cursor: ZText.max(200).optional(),
});
export type TListCasesQuery = z.infer<typeof ZListCasesQuery>;

/** One row of a case list. */
export const ZCaseListRow = z.object({
  id: z.number().int(),
  caseNumber: z.number().int(),
  workFlow: z.string(),
  isArchived: z.boolean(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  orderReference: z.string().nullable(),
  status: z.string(),
  assignee: z.string().nullable(),
  /** Product names of the items, comma-separated. */
  itemsSummary: z.string(),
  supplierName: z.string().nullable(),
  statusClaim: z.string().nullable(),
  statusCreditNote: z.string().nullable(),
  statusCustomer: z.string().nullable(),
  statusWareHouse: z.string().nullable(),
  customFields: ZCustomFields,
  unreadMailCount: z.number().int(),
  sendPendingMailCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCaseListRow = z.infer<typeof ZCaseListRow>;

export const ZListCasesResponse = z.object({
  items: z.array(ZCaseListRow),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TListCasesResponse = z.infer<typeof ZListCasesResponse>;
