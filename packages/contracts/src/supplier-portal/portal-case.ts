import { z } from 'zod';
import { ZSupplierAnswer } from './supplier-answer';

/**
 * GET /v2/api/supplier-portal/cases: the cases a supplier's contact person (signed in with a
 * one-time code) may read, newest sent first: its supplier's cases sent to it, and any case it
 * takes part in. Never the customer's personal data.
 */
export const ZPortalCaseRow = z.object({
  id: z.number().int(),
  caseNumber: z.number().int(),
  workFlow: z.string(),
  status: z.string(),
  supplierName: z.string().nullable(),
  itemsSummary: z.string(),
  createdAt: z.string(),
  /** When the store sent the claim to the supplier; null for a case the contact only takes part in. */
  sentToSupplierAt: z.string().nullable(),
  /** The outcome of the supplier's latest answer, null while unanswered. */
  latestOutcome: z.enum(['accepted', 'partly', 'declined']).nullable(),
});
export type TPortalCaseRow = z.infer<typeof ZPortalCaseRow>;

export const ZListPortalCasesResponse = z.array(ZPortalCaseRow);
export type TListPortalCasesResponse = z.infer<typeof ZListPortalCasesResponse>;

/** The most cases the portal's list answers. */
export const PORTAL_CASES_LIMIT = 500;

/** One item of a case as the supplier sees it. */
export const ZPortalCaseItem = z.object({
  productName: z.string(),
  sku: z.string().nullable(),
  serialNumber: z.string().nullable(),
  quantity: z.number().int(),
  faultDescription: z.string().nullable(),
  itemTypeName: z.string().nullable(),
});
export type TPortalCaseItem = z.infer<typeof ZPortalCaseItem>;

/**
 * GET /v2/api/supplier-portal/cases/{id}: what a supplier needs of a claim (items, fault, order
 * reference, dates), the compensation modes its answer may take, the store's currency and the
 * answers given so far (newest first). The customer's name, email, phone and address are not in
 * it. Each read is recorded as a view of the case.
 */
export const ZPortalCase = z.object({
  id: z.number().int(),
  caseNumber: z.number().int(),
  workFlow: z.string(),
  status: z.string(),
  supplierName: z.string().nullable(),
  orderReference: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  sentToSupplierAt: z.string().nullable(),
  items: z.array(ZPortalCaseItem),
  /** Whether the reader speaks for the case's supplier: only then may it answer and write here. */
  canAnswer: z.boolean(),
  compensationModes: z.array(z.string()),
  currency: z.string(),
  answers: z.array(ZSupplierAnswer),
});
export type TPortalCase = z.infer<typeof ZPortalCase>;

/** GET /v2/api/supplier-portal/me: who the signed-in contact person speaks for (null: no supplier). */
export const ZPortalMe = z.object({
  email: z.string(),
  fullName: z.string().nullable(),
  supplierName: z.string().nullable(),
});
export type TPortalMe = z.infer<typeof ZPortalMe>;
