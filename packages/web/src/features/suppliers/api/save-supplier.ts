import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZCreateSupplierResponse,
  ZUpdateSupplierResponse,
  type TCreateSupplierRequest,
  type TUpdateSupplierRequest,
} from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { SUPPLIERS_KEY } from './supplier-source';

/** POST a new supplier, or PUT one's fields with the version read. */
export const saveSupplier = ({
  base,
  id,
  body,
}: {
  base: string;
  id: number | null;
  body: TCreateSupplierRequest | TUpdateSupplierRequest;
}) =>
  id === null
    ? http(base, { method: 'POST', body }, ZCreateSupplierResponse)
    : http(`${base}/${id}`, { method: 'PUT', body }, ZUpdateSupplierResponse);

export const useSaveSupplier = ({ mutationConfig }: TMutationHookOptions<typeof saveSupplier> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: SUPPLIERS_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: saveSupplier,
  });
};
