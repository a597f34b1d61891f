import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZCaseSupplierStatus,
  ZSendToSupplierResponse,
  ZSupplierComposeResponse,
  type TSendToSupplierRequest,
} from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { SUPPLIERS_KEY } from './supplier-source';

/** A case's supplier: its status and its prefilled claim mail. */
export const caseSupplierKey = (caseId: number) => ['case-supplier', caseId] as const;

export const getCaseSupplierStatus = (caseId: number) =>
  http(`/v2/api/claims/${String(caseId)}/supplier`, {}, ZCaseSupplierStatus);

/** By the case's version too: a saved case (another supplier chosen) is read again. */
export const caseSupplierStatusQuery = (caseId: number, version: number, isEnabled = true) =>
  queryOptions({
    queryKey: [...caseSupplierKey(caseId), 'status', version],
    queryFn: () => getCaseSupplierStatus(caseId),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });

/** Staff only (`isEnabled`): the call is refused to a one-time-code contact. */
export const useCaseSupplierStatus = (caseId: number, version: number, isEnabled: boolean) =>
  useQuery(caseSupplierStatusQuery(caseId, version, isEnabled));

export const getSupplierCompose = (caseId: number) =>
  http(`/v2/api/claims/${String(caseId)}/supplier-compose`, {}, ZSupplierComposeResponse);

/** Read fresh each time the form opens: the case's items and mails may have changed. */
export const supplierComposeQuery = (caseId: number, isEnabled: boolean) =>
  queryOptions({
    queryKey: [...caseSupplierKey(caseId), 'compose'],
    queryFn: () => getSupplierCompose(caseId),
    enabled: isEnabled,
    staleTime: 0,
    gcTime: 0,
  });

export const sendToSupplier = ({ caseId, body }: { caseId: number; body: TSendToSupplierRequest }) =>
  http(
    `/v2/api/claims/${String(caseId)}/send-to-supplier`,
    { method: 'POST', body },
    ZSendToSupplierResponse,
  );

/** Sends the claim mail; the case's supplier status and the suppliers' figures change with it. */
export const useSendToSupplier = ({ mutationConfig }: TMutationHookOptions<typeof sendToSupplier> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (...args) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: caseSupplierKey(args[1].caseId) }),
        client.invalidateQueries({ queryKey: SUPPLIERS_KEY }),
      ]);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: sendToSupplier,
  });
};
