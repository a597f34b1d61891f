import { z } from 'zod';
import { ZText } from '../text';

/** A phone as typed: digits with spaces, +, -, ( ); at least 6 digits so it names one person. */
export const ZCustomerPhone = ZText.trim()
  .max(40, 'At most 40 characters')
  .regex(/^\+?[0-9 ()\-.]*$/, 'Digits, spaces, +, -, ( ) only')
  .refine((value) => value.replace(/[^0-9]/g, '').length >= 6, 'At least 6 digits');

/**
 * Whose data: the customer's email address and, optionally, their phone. Cases match by the
 * customer email or the phone (its last 8 digits: with or without a country code); mails by the
 * address as sender or recipient, or named in the subject or text.
 */
export const ZCustomerDataQuery = z.object({
  email: ZText.trim()
    .max(254, 'At most 254 characters')
    .toLowerCase()
    .pipe(z.email({ message: 'Must be a valid email address' })),
  phone: ZCustomerPhone.optional(),
});
export type TCustomerDataQuery = z.infer<typeof ZCustomerDataQuery>;
export type TCustomerDataQueryInput = z.input<typeof ZCustomerDataQuery>;

/** How many of each kind of item are stored about the customer. */
export const ZCustomerDataCounts = z.object({
  cases: z.number().int(),
  caseNumbers: z.array(z.number().int()),
  items: z.number().int(),
  mails: z.number().int(),
  attachments: z.number().int(),
  timelineEntries: z.number().int(),
  costLines: z.number().int(),
});
export type TCustomerDataCounts = z.infer<typeof ZCustomerDataCounts>;
