import { queryOptions } from '@tanstack/react-query';
import {
  ZGetForwardComposeResponse,
  ZGetMailComposeResponse,
  ZGetNewMailComposeResponse,
  type TComposeSendType,
  type TLanguage,
} from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { MAILS_KEY } from './get-mail';

export interface TComposeTarget {
  /** The case's workflow and id; both null for a mail without a case (new, or a reply to an unmapped mail). */
  workFlow: string | null;
  caseId: number | null;
  sendType: TComposeSendType;
  /** The mail answered or forwarded. */
  mailLogId?: number | null;
  templateKey?: string | null;
  language?: TLanguage | null;
}

const queryOf = (target: TComposeTarget) => {
  const params = new URLSearchParams({ sendType: target.sendType });
  if (target.mailLogId) params.set('mailLogId', String(target.mailLogId));
  if (target.templateKey) params.set('templateKey', target.templateKey);
  if (target.language) params.set('language', target.language);
  return params.toString();
};

/**
 * GET /v2/api/claims/mails/{x}/mail-compose/{id}?sendType=&mailLogId=&templateKey=&language=
 * (a reply or a new mail, with a template's text when asked), or for a forward
 * GET /v2/api/claims/mails/{x}/forward-mail-compose/{id}?mailLogId=: the prefilled form. Without a
 * case, GET /v2/api/unmapped-mails/compose-mail/new?mailLogId= (a new mail, or the reply to an
 * unmapped mail).
 */
export const getMailCompose = (target: TComposeTarget) => {
  if (target.caseId === null || target.workFlow === null) {
    const answered = target.mailLogId ? `?mailLogId=${String(target.mailLogId)}` : '';
    return http(`/v2/api/unmapped-mails/compose-mail/new${answered}`, {}, ZGetNewMailComposeResponse);
  }
  return target.sendType === 'forward'
    ? http(
        `/v2/api/claims/mails/${target.workFlow}/forward-mail-compose/${String(target.caseId)}?mailLogId=${String(target.mailLogId ?? '')}`,
        {},
        ZGetForwardComposeResponse,
      )
    : http(
        `/v2/api/claims/mails/${target.workFlow}/mail-compose/${String(target.caseId)}?${queryOf(target)}`,
        {},
        ZGetMailComposeResponse,
      );
};

/** Read once per opening: a compose form is a snapshot, never refetched under the person's typing. */
export const mailComposeQuery = (target: TComposeTarget) =>
  queryOptions({
    queryKey: [...MAILS_KEY, 'compose', target] as const,
    queryFn: () => getMailCompose(target),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });
