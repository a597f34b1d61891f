import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCaseCosts } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export const CASE_COSTS_KEY = ['case-costs'] as const;
export const caseCostsKey = (caseId: number) => [...CASE_COSTS_KEY, caseId] as const;

/** GET /v2/api/claims/{id}/costs: the case's lines, credit notes, totals and recovery. */
export const getCaseCosts = (caseId: number) => http(`/v2/api/claims/${caseId}/costs`, {}, ZCaseCosts);

export const caseCostsQuery = (caseId: number) =>
  queryOptions({ queryKey: caseCostsKey(caseId), queryFn: () => getCaseCosts(caseId) });

export const useCaseCosts = (caseId: number) => useQuery(caseCostsQuery(caseId));
