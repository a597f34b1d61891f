import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZListItemTypesResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** The same key as the item-types screen uses, so a change there refreshes the case forms. */
export const ITEM_TYPES_KEY = ['item-types', 'list'] as const;

export const listItemTypeOptions = () => http('/v2/api/claim-item-types', {}, ZListItemTypesResponse);

export const itemTypeOptionsQuery = () =>
  queryOptions({ queryKey: ITEM_TYPES_KEY, queryFn: listItemTypeOptions, staleTime: 60_000 });

export const useItemTypeOptions = () => useQuery(itemTypeOptionsQuery());
