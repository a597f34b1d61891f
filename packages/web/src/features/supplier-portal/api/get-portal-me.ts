import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPortalMe } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { portalMeKey } from './portal-keys';

/** GET /v2/api/supplier-portal/me: the contact person and the supplier it speaks for. */
export const getPortalMe = () => http('/v2/api/supplier-portal/me', {}, ZPortalMe);

export const portalMeQuery = () =>
  queryOptions({ queryKey: portalMeKey, queryFn: getPortalMe, staleTime: 5 * 60_000 });

export const usePortalMe = () => useQuery(portalMeQuery());
