import {
  ZSaveDraftResponse,
  ZSaveNewDraftResponse,
  ZUpdateDraftResponse,
  ZUpdateNewDraftResponse,
  type TComposeFields,
  type TComposeSendType,
} from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export interface TDraftVariables {
  /** Both null: a draft of a mail without a case. */
  workFlow: string | null;
  caseId: number | null;
  sendType: TComposeSendType;
  /** The mail answered or forwarded; undefined: a kept draft goes on answering the mail it answered. */
  mailLogId: number | null | undefined;
  /** null: a new draft. */
  draftId: number | null;
  fields: TComposeFields;
}

/**
 * Keeps a compose on the server as a draft: POST /v2/api/claims/mails/{x}/mail-logs the first
 * time, PUT /v2/api/claims/mails/{x}/mail-logs/{id} after. Answers the draft's mail log. The
 * compose saves without the loading bar: it runs while the person types.
 */
export const saveDraft = ({ workFlow, caseId, sendType, mailLogId, draftId, fields }: TDraftVariables) => {
  if (workFlow === null || caseId === null) return saveDraftWithoutCase(mailLogId, draftId, fields);
  return draftId === null
    ? http(
        `/v2/api/claims/mails/${workFlow}/mail-logs`,
        { method: 'POST', body: { ...fields, caseId, sendType, mailLogId }, ignoreLoadingBar: true },
        ZSaveDraftResponse,
      )
    : http(
        `/v2/api/claims/mails/${workFlow}/mail-logs/${String(draftId)}`,
        { method: 'PUT', body: { ...fields, sendType, mailLogId }, ignoreLoadingBar: true },
        ZUpdateDraftResponse,
      );
};

/**
 * A draft of a mail without a case: POST /v2/api/unmapped-mails/compose-mail/drafts, then PUT
 * …/drafts/{id}; listed by GET /v2/api/unmapped-mails?type=drafts.
 */
const saveDraftWithoutCase = (
  mailLogId: number | null | undefined,
  draftId: number | null,
  fields: TComposeFields,
) =>
  draftId === null
    ? http(
        '/v2/api/unmapped-mails/compose-mail/drafts',
        { method: 'POST', body: { ...fields, mailLogId }, ignoreLoadingBar: true },
        ZSaveNewDraftResponse,
      )
    : http(
        `/v2/api/unmapped-mails/compose-mail/drafts/${String(draftId)}`,
        { method: 'PUT', body: { ...fields, mailLogId }, ignoreLoadingBar: true },
        ZUpdateNewDraftResponse,
      );

/** DELETE /v2/api/claims/mails/{id}?isDelete=true: a discarded draft goes at once (it was never sent). */
export const discardDraft = (draftId: number) =>
  http<undefined>(`/v2/api/claims/mails/${String(draftId)}?isDelete=true`, {
    method: 'DELETE',
    responseType: 'none',
  });
