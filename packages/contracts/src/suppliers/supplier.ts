import { z } from 'zod';
import { ZId, ZText } from '../common';

/** Limits of a supplier's fields, shared by the server's schemas and the web's form. */
export const SUPPLIER_LIMITS = {
  name: 200,
  organisationNumber: 40,
  email: 254,
  phone: 40,
  address: 500,
  compensationModes: 20,
  compensationMode: 60,
  answerDaysMax: 365,
  contactPersons: 50,
  search: 200,
} as const;

/** What a claim sent to the supplier must carry. */
export const SUPPLIER_EVIDENCE = ['photos', 'receipt', 'serialNumber'] as const;
export const ZSupplierEvidence = z.enum(SUPPLIER_EVIDENCE);
export type TSupplierEvidence = z.infer<typeof ZSupplierEvidence>;

const ZOptionalText = (max: number) =>
  ZText.trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => value || null);

/** An email address as a supplier form takes it: bounded, trimmed, lower case. */
export const ZSupplierEmail = ZText.trim()
  .toLowerCase()
  .max(SUPPLIER_LIMITS.email)
  .pipe(z.email({ message: 'Must be a valid email address' }));

const ZOptionalEmail = z
  .union([z.literal(''), ZSupplierEmail])
  .nullable()
  .optional()
  .transform((value) => value || null);

/** An organisation number: digits, letters, spaces, dots and dashes; kept without spaces. */
export const ZOrganisationNumber = ZText.trim()
  .max(SUPPLIER_LIMITS.organisationNumber)
  .regex(/^[\p{L}\p{N} .-]*$/u, 'Letters, digits, spaces, dots and dashes')
  .transform((value) => value.replace(/\s+/g, ''));

/** One contact person as the form sends it: `id` for a person the supplier has already. */
export const ZContactPersonInput = z.object({
  id: ZId.optional(),
  fullName: ZText.trim().min(1, 'Required').max(SUPPLIER_LIMITS.name),
  email: ZSupplierEmail,
  phone: ZOptionalText(SUPPLIER_LIMITS.phone),
  isDisabled: z.boolean().default(false),
});
export type TContactPersonInput = z.input<typeof ZContactPersonInput>;

/** The fields of a supplier, as create and update take them. */
export const ZSupplierFields = z.object({
  name: ZText.trim().min(1, 'Required').max(SUPPLIER_LIMITS.name),
  organisationNumber: ZOrganisationNumber.nullable()
    .optional()
    .transform((value) => value || null),
  email: ZOptionalEmail,
  phone: ZOptionalText(SUPPLIER_LIMITS.phone),
  address: ZOptionalText(SUPPLIER_LIMITS.address),
  claimAddress: ZOptionalEmail,
  /** Values of the store's (or company's) compensation-modes document. */
  compensationModes: z
    .array(ZText.trim().min(1).max(SUPPLIER_LIMITS.compensationMode))
    .max(SUPPLIER_LIMITS.compensationModes)
    .default([]),
  requiredEvidence: z.array(ZSupplierEvidence).max(SUPPLIER_EVIDENCE.length).default([]),
  answerDays: z
    .number()
    .int('Must be a whole number')
    .min(1, 'Must be 1 or more')
    .max(SUPPLIER_LIMITS.answerDaysMax)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  isDisabled: z.boolean().default(false),
  contactPersons: z.array(ZContactPersonInput).max(SUPPLIER_LIMITS.contactPersons).default([]),
});
export type TSupplierFields = z.output<typeof ZSupplierFields>;

/** A contact person as answered. */
export const ZSupplierContact = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isDisabled: z.boolean(),
});
export type TSupplierContact = z.infer<typeof ZSupplierContact>;

/**
 * A supplier's figures over the cases that name it. Days are medians; null where there is no
 * case to measure yet (or, for the acceptance rate, no supplier answer recorded yet).
 */
export const ZSupplierFigures = z.object({
  /** Cases naming the supplier with a mail sent to it. */
  casesSent: z.number().int(),
  /** Share (0 to 1) of answered cases the supplier accepted; null until answers are recorded. */
  acceptanceRate: z.number().nullable(),
  medianDaysToFirstAnswer: z.number().nullable(),
  medianDaysToResolution: z.number().nullable(),
  /** Open cases sent to it longer ago than its promised answer time, without an answer since. */
  openPastAnswerTime: z.number().int(),
});
export type TSupplierFigures = z.infer<typeof ZSupplierFigures>;

/** A supplier as the list and its page read it. */
export const ZSupplier = z.object({
  id: z.number().int(),
  /** internal: the store's own; external: the company's (shared path). */
  source: z.enum(['internal', 'external']),
  name: z.string(),
  organisationNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  claimAddress: z.string().nullable(),
  compensationModes: z.array(z.string()),
  requiredEvidence: z.array(ZSupplierEvidence),
  answerDays: z.number().int().nullable(),
  isDisabled: z.boolean(),
  /** Optimistic version: an update names the version it was made from. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  contactPersons: z.array(ZSupplierContact),
  /** Cases (of the calling store) that name the supplier: such a supplier is disabled, never deleted. */
  caseCount: z.number().int(),
  figures: ZSupplierFigures,
});
export type TSupplier = z.infer<typeof ZSupplier>;
