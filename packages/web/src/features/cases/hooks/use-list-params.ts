import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SORTABLE_COLUMNS, type TCaseListType, type TSortableColumn } from '@claimdesk/contracts';
import type { TCaseListParams } from '../api/list-cases';

/** The list's query parameters kept in the address, so a search or filter can be shared and reloaded. */
export const FILTER_PARAMS = [
  'search',
  'status',
  'assignee',
  'itemType',
  'createdFrom',
  'createdTo',
  'statusClaim',
  'statusCreditNote',
  'statusCustomer',
  'statusWareHouse',
  'hasUnread',
] as const;
export type TFilterParam = (typeof FILTER_PARAMS)[number];

const isSortable = (v: string | null): v is TSortableColumn =>
  (SORTABLE_COLUMNS as readonly (string | null)[]).includes(v);

export const useListParams = (type: TCaseListType, workFlow: string) => {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo((): TCaseListParams => {
    const out: TCaseListParams = { type, workFlow };
    const get = (key: string) => searchParams.get(key) ?? undefined;
    for (const key of FILTER_PARAMS) {
      const value = get(key);
      if (value === undefined || value === '') continue;
      if (key === 'itemType') out.itemType = Number(value);
      else if (key === 'hasUnread') out.hasUnread = value === 'true';
      else out[key] = value;
    }
    const sort = searchParams.get('sort');
    if (isSortable(sort)) out.sort = sort;
    const direction = searchParams.get('direction');
    if (direction === 'asc' || direction === 'desc') out.direction = direction;
    return out;
  }, [searchParams, type, workFlow]);

  /** Sets (or, with an empty value, removes) parameters, replacing the history entry. */
  const setParams = useCallback(
    (changes: Record<string, string | null | undefined>) =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const activeFilters = FILTER_PARAMS.filter((k) => k !== 'search' && searchParams.has(k)).length;
  return { params, setParams, activeFilters };
};
