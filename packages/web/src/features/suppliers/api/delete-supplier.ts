import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDeleteSupplierResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { SUPPLIERS_KEY } from './supplier-source';

/** Deletes a supplier no case names; the server disables one in use instead (`outcome`). */
export const deleteSupplier = ({ base, id }: { base: string; id: number }) =>
  http(`${base}/${id}`, { method: 'DELETE' }, ZDeleteSupplierResponse);

export const useDeleteSupplier = ({ mutationConfig }: TMutationHookOptions<typeof deleteSupplier> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: SUPPLIERS_KEY });
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: deleteSupplier,
  });
};
