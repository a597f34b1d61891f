import { ZSupplier } from './supplier';

/** GET /v2/api/suppliers/{id} and GET /v2/shared/suppliers/{id}: one supplier with its contact persons. */
export const ZGetSupplierResponse = ZSupplier;
