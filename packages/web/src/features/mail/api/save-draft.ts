import {
  ZSaveDraftResponse,
  ZUpdateDraftResponse,
  type TComposeFields,
  type TComposeSendType,
} from '@claimdesk/contracts';
import { http } from '../../../lib/http';

export interface TDraftVariables {
  workFlow: string;
  caseId: number;
  sendType: TComposeSendType;
  mailLogId: number | null;
  /** null: a new draft. */
  draftId: number | null;
  fields: TComposeFields;
}

/**
 * Keeps a compose on the server as a draft: POST /v2/api/claims/mails/{x}/mail-logs the first
 * time, PUT /v2/api/claims/mails/{x}/mail-logs/{id} after. Answers the draft's mail log. The
 * compose saves without the loading bar: it runs while the person types.
 */
export const saveDraft = ({ workFlow, caseId, sendType, mailLogId, draftId, fields }: TDraftVariables) =>
  draftId === null
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

/** DELETE /v2/api/claims/mails/{id}?isDelete=true: a discarded draft goes at once (it was never sent). */
export const discardDraft = (draftId: number) =>
  http<undefined>(`/v2/api/claims/mails/${String(draftId)}?isDelete=true`, {
    method: 'DELETE',
    responseType: 'none',
  });
