import { z } from 'zod';
import { ZFeatureRef, ZLabel, uniqueBy } from './config-common';

/** Filters a case list can offer next to the free-text search. */
export const SEARCH_FILTERS = [
  'status',
  'assignee',
  'itemType',
  'createdAt',
  'statusClaim',
  'statusCreditNote',
  'statusCustomer',
  'statusWareHouse',
  'hasUnread',
] as const;
export type TSearchFilter = (typeof SEARCH_FILTERS)[number];

export const ZSearchFilterConfig = z.object({
  key: z.enum(SEARCH_FILTERS),
  label: ZLabel,
  feature: ZFeatureRef.optional(),
});

/** json-config `search-filters.{workflow}`: the filters above a case list, in order. */
export const ZSearchFiltersConfig = z
  .array(ZSearchFilterConfig)
  .max(12)
  .superRefine(uniqueBy((f) => f.key, 'filter'));
export type TSearchFiltersConfig = z.infer<typeof ZSearchFiltersConfig>;

export const DEFAULT_SEARCH_FILTERS: TSearchFiltersConfig = [
  { key: 'status', label: 'case.filter.status' },
  { key: 'assignee', label: 'case.filter.assignee' },
  { key: 'itemType', label: 'case.filter.itemType' },
  { key: 'createdAt', label: 'case.filter.createdAt' },
  { key: 'hasUnread', label: 'case.filter.hasUnread' },
];

/** Support cases have no items, so their list offers no item-type filter. */
export const DEFAULT_SUPPORT_SEARCH_FILTERS: TSearchFiltersConfig = DEFAULT_SEARCH_FILTERS.filter(
  (f) => f.key !== 'itemType',
);
