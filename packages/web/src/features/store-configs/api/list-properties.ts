import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_ALL_PROPERTIES, ZListPropertiesResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** Whose documents: the store's own (/v2/api) or its company's (/v2/shared). */
export type TPropertyLevel = 'store' | 'company';

export const PROPERTY_BASE: Record<TPropertyLevel, string> = {
  store: '/v2/api/settings/initial-properties',
  company: '/v2/shared/initial-properties',
};

export const STORE_CONFIGS_KEY = ['store-configs'] as const;

export const listProperties = (level: TPropertyLevel) =>
  http(`${PROPERTY_BASE[level]}/${LIST_ALL_PROPERTIES}`, {}, ZListPropertiesResponse);

/** Every stored document of one level. */
export const propertiesQuery = (level: TPropertyLevel, enabled: boolean) =>
  queryOptions({ queryKey: [...STORE_CONFIGS_KEY, level], queryFn: () => listProperties(level), enabled });

export const useProperties = (level: TPropertyLevel, enabled: boolean) =>
  useQuery(propertiesQuery(level, enabled));
