import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZListItemTypesResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** Shared with the case forms' item type choices (features/cases), so a change here refreshes them. */
export const ITEM_TYPES_KEY = ['item-types', 'list'] as const;

export const listItemTypes = () => http('/v2/api/claim-item-types', {}, ZListItemTypesResponse);

export const itemTypesQuery = (enabled = true) =>
  queryOptions({ queryKey: ITEM_TYPES_KEY, queryFn: listItemTypes, enabled });

export const useItemTypes = (enabled = true) => useQuery(itemTypesQuery(enabled));
