import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZListCaseMailsResponse, type TMailLogType } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { getSession } from '../../../lib/session';
import { MAILS_KEY } from './get-mail';

export const CASE_MAILS_KEY = [...MAILS_KEY, 'case'] as const;

export const caseMailsKey = (caseId: number, mailLogType: TMailLogType | null = null) =>
  [...CASE_MAILS_KEY, caseId, mailLogType ?? 'all'] as const;

/**
 * GET /v2/api/claims/mails/{caseId}/mail-logs?storeCode=&mailLogType=: the case's mails, oldest
 * first. Without a type (an empty value) all of them come, so one call fills every tab's count.
 */
export const listCaseMails = (caseId: number, mailLogType: TMailLogType | null = null) => {
  const params = new URLSearchParams({
    storeCode: getSession().storeName ?? '',
    mailLogType: mailLogType ?? '',
  });
  return http(`/v2/api/claims/mails/${caseId}/mail-logs?${params.toString()}`, {}, ZListCaseMailsResponse);
};

export const caseMailsQuery = (caseId: number, mailLogType: TMailLogType | null = null) =>
  queryOptions({
    queryKey: caseMailsKey(caseId, mailLogType),
    queryFn: () => listCaseMails(caseId, mailLogType),
    enabled: Number.isInteger(caseId) && caseId > 0,
    meta: { silent: true },
  });

export const useCaseMails = (caseId: number, mailLogType: TMailLogType | null = null) =>
  useQuery(caseMailsQuery(caseId, mailLogType));
