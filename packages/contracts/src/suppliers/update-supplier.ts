import type { z } from 'zod';
import { ZVersion } from '../common';
import { ZSupplier, ZSupplierFields } from './supplier';

/**
 * PUT /v2/api/suppliers/{id} and PUT /v2/shared/suppliers/{id} (administrators): every field,
 * contact persons included (a person left out is removed, or disabled when it has signed in or
 * takes part in a case). `version` is the one read; a stale one is 409.
 */
export const ZUpdateSupplierRequest = ZSupplierFields.extend({ version: ZVersion });
export type TUpdateSupplierRequest = z.input<typeof ZUpdateSupplierRequest>;
export const ZUpdateSupplierResponse = ZSupplier;
