import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPortalCase } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { portalCaseKey } from './portal-keys';

/** GET /v2/api/supplier-portal/cases/{id}: the claim as its supplier sees it (the read counts as a view). */
export const getPortalCase = (caseId: number) =>
  http(`/v2/api/supplier-portal/cases/${caseId}`, {}, ZPortalCase);

export const portalCaseQuery = (caseId: number) =>
  queryOptions({
    queryKey: portalCaseKey(caseId),
    queryFn: () => getPortalCase(caseId),
    // Each read is a recorded view: read once per opening of the case, not on every focus.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const usePortalCase = (caseId: number) => useQuery(portalCaseQuery(caseId));
