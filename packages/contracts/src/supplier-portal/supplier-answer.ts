import { z } from 'zod';
import { COST_LIMITS, ZAmountMinor, ZCurrency } from '../costs/cost-common';
import { codedIssue } from '../field-issues';
import { ZText } from '../text';

/** What a supplier answers to a claim. */
export const SUPPLIER_OUTCOMES = ['accepted', 'partly', 'declined'] as const;
export const ZSupplierOutcome = z.enum(SUPPLIER_OUTCOMES);
export type TSupplierOutcome = z.infer<typeof ZSupplierOutcome>;

/** Limits of an answer's texts, shared by the server's schema and the portal's form. */
export const SUPPLIER_ANSWER_LIMITS = {
  compensationMode: 60,
  creditNoteNumber: COST_LIMITS.creditNoteNumber,
  note: 2000,
  message: 10_000,
  attachments: 20,
} as const;

const ZOptional = (max: number) =>
  ZText.trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => value || null);

/**
 * POST /v2/api/supplier-portal/cases/{id}/answers: a contact person's answer. A declined claim
 * takes no compensation, amount nor credit note; the others name a compensation mode among the
 * supplier's (else the store's) compensation modes (checked by the server, 400 `not_an_option`).
 * The amount is whole minor units (øre, cent) of `currency`, the store's when left out.
 */
export const ZAnswerCaseRequest = z
  .object({
    outcome: ZSupplierOutcome,
    compensationMode: ZOptional(SUPPLIER_ANSWER_LIMITS.compensationMode),
    amountMinor: ZAmountMinor({ allowZero: true }).nullable().optional(),
    currency: ZCurrency.nullable().optional(),
    creditNoteNumber: ZOptional(SUPPLIER_ANSWER_LIMITS.creditNoteNumber),
    note: ZOptional(SUPPLIER_ANSWER_LIMITS.note),
  })
  .superRefine((answer, ctx) => {
    if (answer.outcome === 'declined') {
      for (const field of ['compensationMode', 'amountMinor', 'creditNoteNumber'] as const) {
        if (answer[field] !== null && answer[field] !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: 'A declined claim takes none',
            ...codedIssue('invalid'),
          });
        }
      }
    } else if (!answer.compensationMode) {
      ctx.addIssue({
        code: 'custom',
        path: ['compensationMode'],
        message: 'Required',
        ...codedIssue('required'),
      });
    }
  });
export type TAnswerCaseRequest = z.input<typeof ZAnswerCaseRequest>;

/** One answer as stored: kept, never changed; a later one supersedes it. */
export const ZSupplierAnswer = z.object({
  id: z.number().int(),
  outcome: ZSupplierOutcome,
  compensationMode: z.string().nullable(),
  amountMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  note: z.string().nullable(),
  answeredBy: z.string(),
  /** The contact person's name (their email when no name is known). */
  answeredByName: z.string(),
  createdAt: z.string(),
});
export type TSupplierAnswer = z.infer<typeof ZSupplierAnswer>;

/**
 * POST /v2/api/supplier-portal/cases/{id}/messages: a contact person's message on the case, with
 * files uploaded first (POST /v2/api/supplier-portal/uploads answers each file's `uploadId`). It
 * lands on the case's mail thread as a supplier mail from the contact.
 */
export const ZPortalMessageRequest = z.object({
  text: ZText.trim().min(1, 'Required').max(SUPPLIER_ANSWER_LIMITS.message),
  uploadIds: z.array(ZText.max(2000)).max(SUPPLIER_ANSWER_LIMITS.attachments).default([]),
});
export type TPortalMessageRequest = z.input<typeof ZPortalMessageRequest>;

export const ZPortalMessageResponse = z.object({ mailLogId: z.number().int() });
export type TPortalMessageResponse = z.infer<typeof ZPortalMessageResponse>;

/**
 * GET /v2/api/claims/{id}/supplier-answers (staff): the supplier's answers to the case, newest
 * first, and its contact persons' views of the case (how many, and the last).
 */
export const ZCaseSupplierAnswers = z.object({
  answers: z.array(ZSupplierAnswer),
  views: z.object({
    count: z.number().int(),
    last: z.object({ viewer: z.string(), viewedAt: z.string() }).nullable(),
  }),
});
export type TCaseSupplierAnswers = z.infer<typeof ZCaseSupplierAnswers>;
