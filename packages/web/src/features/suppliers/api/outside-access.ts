import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZOutsideAccessResponse, ZRemoveParticipantResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** The cases feature's query keys start with this (features do not import each other). */
const CASES_KEY = ['cases'] as const;

export const outsideAccessKey = (caseId: number) => [...CASES_KEY, 'outside-access', caseId] as const;

/** Who outside the store reads the case; read again whenever the case's version changes. */
export const useOutsideAccess = (caseId: number, version: number, enabled: boolean) =>
  useQuery({
    queryKey: [...outsideAccessKey(caseId), version],
    queryFn: () => http(`/v2/api/claims/${String(caseId)}/outside-access`, {}, ZOutsideAccessResponse),
    enabled,
  });

/** Takes a one-time-code participant off the case; the list and the timeline are read again. */
export const useRemoveParticipant = (caseId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      http(
        `/v2/api/claims/${String(caseId)}/participants/${encodeURIComponent(email)}`,
        { method: 'DELETE' },
        ZRemoveParticipantResponse,
      ),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: outsideAccessKey(caseId) }),
        client.invalidateQueries({ queryKey: [...CASES_KEY, 'timeline', caseId] }),
      ]);
    },
  });
};
