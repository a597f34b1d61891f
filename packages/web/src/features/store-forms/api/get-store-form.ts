import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZStoreFormResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const STORE_FORMS_BASE = '/v2/api/settings/store-forms';
export const storeFormKey = (name: string) => ['store-forms', name] as const;

/** GET /store-forms/{name}: the store's document as it applies now, with the version a save names. */
export const getStoreForm = (name: string) =>
  http(`${STORE_FORMS_BASE}/${encodeURIComponent(name)}`, {}, ZStoreFormResponse);

export const storeFormQuery = (name: string) =>
  queryOptions({ queryKey: storeFormKey(name), queryFn: () => getStoreForm(name) });

export const useStoreForm = (name: string) => useQuery(storeFormQuery(name));
