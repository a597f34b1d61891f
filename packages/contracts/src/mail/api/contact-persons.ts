import { z } from 'zod';

/**
 * GET /v2/shared/suppliers/contact-persons?includeDisabled=false: the people a mail can be sent
 * to besides the customer: the contact persons of the suppliers the store uses (its own, or its
 * company's when its supplierSource is external) and its one-time-code contacts of no supplier;
 * a person of a disabled supplier counts as disabled. Disabled ones only with
 * `includeDisabled=true`. Sorted by name.
 */
export const ZContactPersonsQuery = z.object({
  includeDisabled: z.stringbool().default(false),
});
export type TContactPersonsQuery = z.infer<typeof ZContactPersonsQuery>;

export const ZContactPerson = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  isDisabled: z.boolean(),
  /** The supplier the person speaks for; absent for a contact of no supplier. */
  supplierId: z.number().int().optional(),
  supplierName: z.string().nullable().optional(),
});
export type TContactPerson = z.infer<typeof ZContactPerson>;

export const ZContactPersonsResponse = z.array(ZContactPerson);
export type TContactPersonsResponse = z.infer<typeof ZContactPersonsResponse>;
