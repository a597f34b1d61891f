import type { z } from 'zod';
import { ZCustomerDataCounts, ZCustomerDataQuery } from './customer-data-query';

/**
 * POST /v2/api/privacy/customer-data/search (administrators): what is stored about a customer,
 * as counts and the case numbers, so that an administrator sees what an export or an erasure
 * touches before doing it. A POST so that the address never lands in an access log's URL.
 */
export const ZSearchCustomerDataRequest = ZCustomerDataQuery;
export type TSearchCustomerDataRequest = z.input<typeof ZSearchCustomerDataRequest>;
export const ZSearchCustomerDataResponse = ZCustomerDataCounts;
export type TSearchCustomerDataResponse = z.infer<typeof ZSearchCustomerDataResponse>;
