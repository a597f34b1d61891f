import { z } from 'zod';
import { ZComposeAttachment, ZMailCompose, ZSendFields } from '../mail/compose/compose-common';
import { ZMailLog } from '../mail/mail-log';
import { ZSupplierEvidence } from './supplier';

/** The supplier a case names, as the case page shows it. */
export const ZCaseSupplier = z.object({
  id: z.number().int(),
  source: z.enum(['internal', 'external']),
  name: z.string(),
  /** Where claims go: its claim address, else its email; null when it has neither. */
  claimAddress: z.string().nullable(),
  requiredEvidence: z.array(ZSupplierEvidence),
  /** Its promised answer time in days; null when it promised none. */
  answerDays: z.number().int().nullable(),
  isDisabled: z.boolean(),
});
export type TCaseSupplier = z.infer<typeof ZCaseSupplier>;

/**
 * GET /v2/api/claims/{id}/supplier: the case's supplier and where the claim stands with it.
 * `sentAt` is when it was first sent ("Send to supplier"); `answeredAt` the supplier's first
 * answer since (a supplier mail in, or an answer in the portal); `overdueDays` the whole days
 * past the promised answer time of an open case that is sent and not answered, else null.
 * 403 when the store's `supplier` feature is off, 404 for a case not in the store.
 */
export const ZCaseSupplierStatus = z.object({
  supplier: ZCaseSupplier.nullable(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** When the promised answer time runs out (sentAt + answerDays); null when not sent or none promised. */
  answerDueAt: z.string().nullable(),
  overdueDays: z.number().int().nullable(),
});
export type TCaseSupplierStatus = z.infer<typeof ZCaseSupplierStatus>;

/** A file of the case's mails offered to go with the claim. */
export const ZSupplierComposeFile = ZComposeAttachment.extend({
  kind: z.enum(['photo', 'document', 'other']),
  /** Photos are chosen to begin with; a person may leave any file out. */
  isChosen: z.boolean(),
});
export type TSupplierComposeFile = z.infer<typeof ZSupplierComposeFile>;

/**
 * GET /v2/api/claims/{id}/supplier-compose: the claim mail to the case's supplier, prefilled:
 * to its claim address, a subject with the case number, a body with the case's items (product,
 * SKU, quantity, serial number, fault), purchase date, order reference and description, and never
 * the customer's name, email, phone or address. `files` are the case mails' attachments (photos
 * chosen); `requiredEvidence` what the supplier requires (missingEvidence checks it). 400 on
 * `supplierId` when the case names none of the store's suppliers; 403 with the feature off.
 */
export const ZSupplierComposeResponse = ZMailCompose.extend({
  supplier: ZCaseSupplier,
  files: z.array(ZSupplierComposeFile),
  requiredEvidence: z.array(ZSupplierEvidence),
  sentAt: z.string().nullable(),
});
export type TSupplierComposeResponse = z.infer<typeof ZSupplierComposeResponse>;

/**
 * POST /v2/api/claims/{id}/send-to-supplier: sends the claim mail (mail log type supplier) at
 * once, sets the case's sent_to_supplier_at the first time and adds a `supplier-sent` timeline
 * entry, in one transaction. When evidence the supplier requires is missing (missingEvidence over
 * the case and the chosen attachments) it is a 400 VALIDATION_FAILED with one field error per
 * missing kind (`evidence.photos`, `evidence.receipt`, `evidence.serialNumber`) and nothing is
 * sent or saved. Answers the queued mail (201).
 */
export const ZSendToSupplierRequest = ZSendFields.omit({ sendAt: true, delaySeconds: true });
export type TSendToSupplierRequest = z.infer<typeof ZSendToSupplierRequest>;
export const ZSendToSupplierResponse = ZMailLog;
