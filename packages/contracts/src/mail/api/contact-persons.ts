import { z } from 'zod';

/**
 * GET /v2/shared/suppliers/contact-persons?includeDisabled=false: the people a mail can be sent
 * to besides the customer. Until suppliers have a table of their own these are the calling
 * store's one-time-code contacts; disabled ones only with `includeDisabled=true`. Sorted by name.
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
});
export type TContactPerson = z.infer<typeof ZContactPerson>;

export const ZContactPersonsResponse = z.array(ZContactPerson);
export type TContactPersonsResponse = z.infer<typeof ZContactPersonsResponse>;
