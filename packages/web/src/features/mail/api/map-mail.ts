import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMapMailResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { onMailsChanged } from './list-mails';

/** PUT /v2/api/unmapped-mails/{id}/map: the mail and its unmapped thread onto a case. */
export const mapMail = ({ mailId, caseId }: { mailId: number; caseId: number }) =>
  http(`/v2/api/unmapped-mails/${String(mailId)}/map`, { method: 'PUT', body: { caseId } }, ZMapMailResponse);

export const useMapMail = ({ mutationConfig }: TMutationHookOptions<typeof mapMail> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      onMailsChanged(client);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: mapMail,
  });
};
