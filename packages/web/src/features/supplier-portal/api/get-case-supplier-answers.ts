import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCaseSupplierAnswers } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { supplierAnswersKey } from './portal-keys';

/** GET /v2/api/claims/{id}/supplier-answers (staff): the supplier's answers and views of the case. */
export const getCaseSupplierAnswers = (caseId: number) =>
  http(`/v2/api/claims/${caseId}/supplier-answers`, {}, ZCaseSupplierAnswers);

export const caseSupplierAnswersQuery = (caseId: number) =>
  queryOptions({ queryKey: supplierAnswersKey(caseId), queryFn: () => getCaseSupplierAnswers(caseId) });

export const useCaseSupplierAnswers = (caseId: number, isEnabled = true) =>
  useQuery({ ...caseSupplierAnswersQuery(caseId), enabled: isEnabled });
