import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEraseCustomerDataResponse, type TEraseCustomerDataRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

/** POST /v2/api/privacy/customer-data/erase: erases the customer; `confirmEmail` repeats the address. */
export const eraseCustomerData = (body: TEraseCustomerDataRequest) =>
  http('/v2/api/privacy/customer-data/erase', { method: 'POST', body }, ZEraseCustomerDataResponse);

export const useEraseCustomerData = ({
  mutationConfig,
}: TMutationHookOptions<typeof eraseCustomerData> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    // Cases, mails and counts shown anywhere may have changed.
    onSuccess: async (...args) => {
      await client.invalidateQueries();
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: eraseCustomerData,
  });
};
