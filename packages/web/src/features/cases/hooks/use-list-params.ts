import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  CASE_SEARCH_MAX_LENGTH,
  SORTABLE_COLUMNS,
  ZListCasesQuery,
  type TCaseListType,
  type TSortableColumn,
} from '@claimdesk/contracts';
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

/**
 * The page in the address: `cursor` is the shown page's keyset cursor, `back` the cursors of the
 * pages between the first and this one (dot-separated, cursors are base64url), so that a reload
 * or a shared link shows the same page and Previous still goes back one page.
 */
export const PAGE_PARAMS = ['cursor', 'back'] as const;
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;
const isCursor = (value: string) => CURSOR.test(value);

const isSortable = (v: string | null): v is TSortableColumn =>
  (SORTABLE_COLUMNS as readonly (string | null)[]).includes(v);

/**
 * The address's value of a filter as the contract takes it, or undefined where the contract would
 * refuse it (an item type "abc", a date 2026-13-45): the list is never asked for what is known
 * to fail. A search too long for the contract is cut to the longest it takes.
 */
export const parseFilter = (key: TFilterParam, raw: string): TCaseListParams[TFilterParam] => {
  if (key === 'hasUnread') return raw === 'true' ? true : raw === 'false' ? false : undefined;
  const value = key === 'search' ? raw.trim().slice(0, CASE_SEARCH_MAX_LENGTH).trim() : raw;
  if (value === '') return undefined;
  const parsed = ZListCasesQuery.shape[key].safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

export interface TListPage {
  /** 1 for the first page. */
  number: number;
  cursor: string | undefined;
  /** The cursors of the pages before this one, the first page's (none) left out. */
  back: string[];
}

export const useListParams = (type: TCaseListType, workFlow: string) => {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo((): TCaseListParams => {
    const out: TCaseListParams = { type, workFlow };
    for (const key of FILTER_PARAMS) {
      const raw = searchParams.get(key);
      const value = raw === null ? undefined : parseFilter(key, raw);
      if (value !== undefined) Object.assign(out, { [key]: value });
    }
    const sort = searchParams.get('sort');
    if (isSortable(sort)) out.sort = sort;
    const direction = searchParams.get('direction');
    if (direction === 'asc' || direction === 'desc') out.direction = direction;
    return out;
  }, [searchParams, type, workFlow]);

  const page = useMemo((): TListPage => {
    const cursor = searchParams.get('cursor') ?? '';
    if (!isCursor(cursor)) return { number: 1, cursor: undefined, back: [] };
    // A damaged way back still shows the page; Previous then starts again from the first one.
    const back = (searchParams.get('back') ?? '').split('.').filter(Boolean);
    const valid = back.every(isCursor) ? back : [];
    return { number: valid.length + 2, cursor, back: valid };
  }, [searchParams]);

  /**
   * Sets (or, with an empty value, removes) parameters, replacing the history entry. A changed
   * filter or sort starts again from the first page.
   */
  const setParams = useCallback(
    (changes: Record<string, string | null | undefined>) =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          for (const key of PAGE_PARAMS) next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  /** Goes to another page, as a new history entry: the browser's Back returns to the page before. */
  const setPage = useCallback(
    (cursor: string | undefined, back: string[]) =>
      setSearchParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const key of PAGE_PARAMS) next.delete(key);
        if (cursor) next.set('cursor', cursor);
        if (cursor && back.length > 0) next.set('back', back.join('.'));
        return next;
      }),
    [setSearchParams],
  );

  const activeFilters = FILTER_PARAMS.filter(
    (k) => k !== 'search' && (params as Record<string, unknown>)[k] !== undefined,
  ).length;
  return { params, setParams, page, setPage, activeFilters };
};
