import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { PROPERTY_BASE, STORE_CONFIGS_KEY, type TPropertyLevel } from './list-properties';

/** Removes a stored document, so its fallback applies again. */
export const deleteProperty = ({ level, id }: { level: TPropertyLevel; id: number; name: string }) =>
  http(`${PROPERTY_BASE[level]}/${id}`, { method: 'DELETE', responseType: 'none' });

export const useDeleteProperty = ({ mutationConfig }: TMutationHookOptions<typeof deleteProperty> = {}) => {
  const client = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSettled: (...args) => {
      const input = args[2];
      void client.invalidateQueries({ queryKey: [...STORE_CONFIGS_KEY, input.level] });
      void client.invalidateQueries({ queryKey: ['json-config', input.name] });
      return onSettled?.(...args);
    },
    ...restConfig,
    mutationFn: deleteProperty,
  });
};
