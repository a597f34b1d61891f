import { useMutation } from '@tanstack/react-query';
import { ZSearchCustomerDataResponse, type TSearchCustomerDataRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

/** POST /v2/api/privacy/customer-data/search: what is stored about the customer (a POST: the address stays out of URLs). */
export const searchCustomerData = (body: TSearchCustomerDataRequest) =>
  http('/v2/api/privacy/customer-data/search', { method: 'POST', body }, ZSearchCustomerDataResponse);

export const useSearchCustomerData = ({
  mutationConfig,
}: TMutationHookOptions<typeof searchCustomerData> = {}) =>
  useMutation({ ...mutationConfig, mutationFn: searchCustomerData });
