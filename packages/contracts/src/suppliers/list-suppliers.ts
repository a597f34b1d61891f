import { z } from 'zod';
import { ZText } from '../common';
import { SUPPLIER_LIMITS, ZSupplier } from './supplier';

/**
 * GET /v2/api/suppliers (the store's own) and GET /v2/shared/suppliers (the company's, with
 * X-COMPANY): by name. `search` matches the name, organisation number, email or a contact
 * person's name or email; disabled suppliers only with `includeDisabled=true`.
 */
export const ZListSuppliersQuery = z.object({
  search: ZText.trim().max(SUPPLIER_LIMITS.search).optional(),
  includeDisabled: z.stringbool().default(false),
});
export type TListSuppliersQuery = z.infer<typeof ZListSuppliersQuery>;

export const ZListSuppliersResponse = z.array(ZSupplier);
export type TListSuppliersResponse = z.infer<typeof ZListSuppliersResponse>;
