import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZSendMailResponse,
  ZSendNewMailResponse,
  ZUpdateNewDraftResponse,
  type TComposeSendType,
  type TSendMailRequest,
} from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { onMailsChanged } from './list-mails';

export interface TSendMailVariables {
  /** Both null: a mail without a case. */
  workFlow: string | null;
  caseId: number | null;
  sendType: TComposeSendType;
  /** The mail answered or forwarded; undefined: a kept draft goes on answering the mail it answered. */
  mailLogId: number | null | undefined;
  /** A draft of this mail: it is sent in its place (PUT …/mail-logs/{draftId} with send). */
  draftId: number | null;
  body: TSendMailRequest;
}

/**
 * A mail without a case: POST /v2/api/unmapped-mails/compose-mail/new (with the unmapped mail it
 * answers), or its kept draft sent: PUT /v2/api/unmapped-mails/compose-mail/drafts/{id} with send.
 */
const sendWithoutCase = (
  mailLogId: number | null | undefined,
  draftId: number | null,
  body: TSendMailRequest,
) =>
  draftId !== null
    ? http(
        `/v2/api/unmapped-mails/compose-mail/drafts/${String(draftId)}`,
        { method: 'PUT', body: { ...body, mailLogId, send: true } },
        ZUpdateNewDraftResponse,
      )
    : http(
        '/v2/api/unmapped-mails/compose-mail/new',
        { method: 'POST', body: { ...body, ...(typeof mailLogId === 'number' && { mailLogId }) } },
        ZSendNewMailResponse,
      );

/**
 * Sends a composed mail on a case: POST /v2/api/claims/mails/{x}/mail-compose/{id}?sendType=&mailLogId=,
 * or, when the compose has been kept as a draft, PUT /v2/api/claims/mails/{x}/mail-logs/{draftId}
 * with send: true (the draft row becomes the mail). Answers the queued mail.
 */
export const sendMail = ({ workFlow, caseId, sendType, mailLogId, draftId, body }: TSendMailVariables) => {
  if (workFlow === null || caseId === null) return sendWithoutCase(mailLogId, draftId, body);
  if (draftId !== null)
    return http(
      `/v2/api/claims/mails/${workFlow}/mail-logs/${String(draftId)}`,
      { method: 'PUT', body: { ...body, sendType, mailLogId, send: true } },
      ZSendMailResponse,
    );
  const params = new URLSearchParams({ sendType });
  if (typeof mailLogId === 'number') params.set('mailLogId', String(mailLogId));
  return http(
    `/v2/api/claims/mails/${workFlow}/mail-compose/${String(caseId)}?${params.toString()}`,
    { method: 'POST', body },
    ZSendMailResponse,
  );
};

export const useSendMail = ({ mutationConfig }: TMutationHookOptions<typeof sendMail> = {}) => {
  const client = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: (...args) => {
      onMailsChanged(client);
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: sendMail,
  });
};
