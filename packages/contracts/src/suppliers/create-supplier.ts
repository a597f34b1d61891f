import type { z } from 'zod';
import { ZSupplier, ZSupplierFields } from './supplier';

/**
 * POST /v2/api/suppliers and POST /v2/shared/suppliers (administrators). A second supplier with
 * the same organisation number, or a contact person's email that is another contact's, is 409 on
 * that field; a compensation mode the store does not have is 400 on it. Nothing is saved then.
 */
export const ZCreateSupplierRequest = ZSupplierFields;
export type TCreateSupplierRequest = z.input<typeof ZCreateSupplierRequest>;
export const ZCreateSupplierResponse = ZSupplier;
