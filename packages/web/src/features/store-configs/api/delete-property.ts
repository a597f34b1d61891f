import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { PROPERTY_BASE, STORE_CONFIGS_KEY, type TPropertyLevel } from './list-properties';

/** Removes a stored document, so its fallback applies again. */
export const deleteProperty = ({ level, id }: { level: TPropertyLevel; id: number; name: string }) =>
  http(`${PROPERTY_BASE[level]}/${id}`, { method: 'DELETE', responseType: 'none' });

export const useDeleteProperty = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProperty,
    meta: { silent: true },
    onSettled: (_data, _error, input) => {
      void client.invalidateQueries({ queryKey: [...STORE_CONFIGS_KEY, input.level] });
      void client.invalidateQueries({ queryKey: ['json-config', input.name] });
    },
  });
};
