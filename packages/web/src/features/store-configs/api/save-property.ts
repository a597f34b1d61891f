import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreatePropertyResponse, ZUpdatePropertyResponse, type TStoredProperty } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { PROPERTY_BASE, STORE_CONFIGS_KEY, type TPropertyLevel } from './list-properties';

export interface TSavePropertyInput {
  level: TPropertyLevel;
  name: string;
  value: unknown;
  /** The stored document the edit started from; none creates it. */
  stored: Pick<TStoredProperty, 'id' | 'version'> | null;
}

/** POST for a document the level has not stored yet, else PUT /{id} at the version read (409 when stale). */
export const saveProperty = ({ level, name, value, stored }: TSavePropertyInput) =>
  stored
    ? http(
        `${PROPERTY_BASE[level]}/${stored.id}`,
        { method: 'PUT', body: { value, version: stored.version } },
        ZUpdatePropertyResponse,
      )
    : http(PROPERTY_BASE[level], { method: 'POST', body: { name, value } }, ZCreatePropertyResponse);

export const useSaveProperty = ({ mutationConfig }: TMutationHookOptions<typeof saveProperty> = {}) => {
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
    mutationFn: saveProperty,
  });
};
