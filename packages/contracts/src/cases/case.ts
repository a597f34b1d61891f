import { z } from 'zod';
import { ZEmail, ZId, ZIdText, ZText } from '../common';
import { codedIssue } from '../field-issues';
import { WORKFLOW_KEY } from './case-fields';
import {
  CASE_ITEMS_MAX,
  CUSTOMER_ADDRESS_MAX_LENGTH,
  CUSTOMER_NAME_MAX_LENGTH,
  CUSTOMER_PHONE_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  FAULT_DESCRIPTION_MAX_LENGTH,
  ITEM_QUANTITY_MAX,
  ITEM_QUANTITY_MIN,
  ORDER_REFERENCE_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  SERIAL_NUMBER_MAX_LENGTH,
  SKU_MAX_LENGTH,
  STATUS_MAX_LENGTH,
  SUPPLIER_NAME_MAX_LENGTH,
} from './case-limits';

export const ZWorkFlow = ZText.regex(WORKFLOW_KEY, 'Lower-case letters, digits and -');
/** A date without time, as `YYYY-MM-DD`. */
export const ZDateOnly = z.iso.date({ message: 'A date as YYYY-MM-DD' });

export const PURCHASE_DATE_IN_FUTURE = 'A purchase date cannot be in the future';
/** The latest date anywhere on earth now (UTC+14): a purchase made today somewhere is never refused. */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
/** A purchase date as create and update take it: not after today. */
export const ZPurchaseDate = ZDateOnly.refine((date) => date <= latestToday(), {
  message: PURCHASE_DATE_IN_FUTURE,
  // The field issue code the server answers beside the text (see FIELD_ISSUE_CODES).
  ...codedIssue('future_date'),
});
const ZOptionalText = (max: number) => ZText.trim().max(max).nullable().optional();

export const ZCustomer = z.object({
  name: ZText.trim().min(1, 'Required').max(CUSTOMER_NAME_MAX_LENGTH),
  email: ZEmail.nullable().optional(),
  phone: ZOptionalText(CUSTOMER_PHONE_MAX_LENGTH),
  address: ZOptionalText(CUSTOMER_ADDRESS_MAX_LENGTH),
});
export type TCustomer = z.infer<typeof ZCustomer>;

/** One item of a case: what the customer brought back. */
export const ZCaseItemInput = z.object({
  /** Present for an item the case has already; absent for a new one. */
  id: ZId.optional(),
  itemTypeId: ZId.nullable().optional(),
  productName: ZText.trim().min(1, 'Required').max(PRODUCT_NAME_MAX_LENGTH),
  sku: ZOptionalText(SKU_MAX_LENGTH),
  quantity: z.number().int().min(ITEM_QUANTITY_MIN).max(ITEM_QUANTITY_MAX),
  faultDescription: ZOptionalText(FAULT_DESCRIPTION_MAX_LENGTH),
  /** The item's serial number: evidence some suppliers require (see missingEvidence). */
  serialNumber: ZOptionalText(SERIAL_NUMBER_MAX_LENGTH),
});
export type TCaseItemInput = z.infer<typeof ZCaseItemInput>;
export const ZCaseItem = ZCaseItemInput.required({ id: true }).extend({
  itemTypeName: z.string().nullable(),
});
export type TCaseItem = z.infer<typeof ZCaseItem>;

/** Custom fields: values of the `custom.<name>` fields of the store's form, by name (without `custom.`). */
export const ZCustomFields = z.record(
  ZText,
  z.union([ZText, z.number(), z.boolean(), z.array(ZText), z.null()]),
);
export type TCustomFields = z.infer<typeof ZCustomFields>;

/** The editable fields of a case, as create and update take them. */
export const ZCaseFields = z.object({
  status: ZText.min(1).max(STATUS_MAX_LENGTH),
  assignee: ZText.nullable(),
  customer: ZCustomer,
  orderReference: ZOptionalText(ORDER_REFERENCE_MAX_LENGTH),
  purchaseDate: ZDateOnly.nullable().optional(),
  supplierName: ZOptionalText(SUPPLIER_NAME_MAX_LENGTH),
  /** One of the suppliers the store uses (its supplierSource); the case then takes its name. */
  supplierId: ZId.nullable().optional(),
  description: ZOptionalText(DESCRIPTION_MAX_LENGTH),
  statusClaim: ZText.max(STATUS_MAX_LENGTH).nullable().optional(),
  statusCreditNote: ZText.max(STATUS_MAX_LENGTH).nullable().optional(),
  statusCustomer: ZText.max(STATUS_MAX_LENGTH).nullable().optional(),
  statusWareHouse: ZText.max(STATUS_MAX_LENGTH).nullable().optional(),
  customFields: ZCustomFields,
  items: z.array(ZCaseItemInput).max(CASE_ITEMS_MAX),
});
export type TCaseFields = z.infer<typeof ZCaseFields>;

/** A case as the detail screen reads it. */
export const ZCase = ZCaseFields.extend({
  /** The name reads empty, and the rest null, for a reader who may not see them (a supplier's contact person). */
  customer: ZCustomer.extend({ name: z.string() }),
  id: z.number().int(),
  caseNumber: z.number().int(),
  workFlow: z.string(),
  isArchived: z.boolean(),
  items: z.array(ZCaseItem),
  /** Optimistic version: an update must name the version it was made from. */
  version: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
  unreadMailCount: z.number().int(),
  sendPendingMailCount: z.number().int(),
});
export type TCase = z.infer<typeof ZCase>;

export const ZCaseIdParams = z.object({ id: ZIdText });
export type TCaseIdParams = z.infer<typeof ZCaseIdParams>;

/**
 * GET /v2/api/claims/number/{caseNumber}: a case by the number people see (unique in a store,
 * from FIRST_CASE_NUMBER on); answers ZCase, 404 when the store has no such case for the reader.
 */
export const ZCaseNumberParams = z.object({ caseNumber: ZIdText });
export type TCaseNumberParams = z.infer<typeof ZCaseNumberParams>;
