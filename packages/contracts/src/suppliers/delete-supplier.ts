import { z } from 'zod';

/**
 * DELETE /v2/api/suppliers/{id} and DELETE /v2/shared/suppliers/{id} (administrators): a supplier
 * no case names is deleted; one in use is disabled instead, never deleted.
 */
export const ZDeleteSupplierResponse = z.object({ outcome: z.enum(['deleted', 'disabled']) });
export type TDeleteSupplierResponse = z.infer<typeof ZDeleteSupplierResponse>;
