import { z } from 'zod';
import { ZId, ZIdText } from '../../common';
import { ZWorkFlow } from '../../cases/case';
import { ZMailLog } from '../mail-log';
import { ZComposeFields, ZComposeSendType, ZSendAtText, ZSendTiming } from './compose-common';

/** What a draft keeps besides its fields: who it is for, and the mail it answers or forwards. */
const ZDraftContext = z.object({
  sendType: ZComposeSendType.default('customer'),
  mailLogId: ZId.nullable().optional(),
});

/**
 * POST /v2/api/claims/mails/{x}/mail-logs: saves a draft (send_state `draft`) on case `caseId`
 * of workflow {x} (the draft pop-up's "keep"). A draft is not sent; its recipients may be empty
 * but must be addresses. Answers the draft's mail log (201). A draft is deleted with
 * DELETE /v2/api/claims/mails/{id}.
 */
export const ZSaveDraftRequest = ZComposeFields.extend(ZDraftContext.shape).extend({
  caseId: ZId,
});
export type TSaveDraftRequest = z.infer<typeof ZSaveDraftRequest>;

export const ZSaveDraftResponse = ZMailLog;
export type TSaveDraftResponse = z.infer<typeof ZSaveDraftResponse>;

/** {x} the workflow, {id} the draft's mail log id. */
export const ZDraftParams = z.object({
  workFlow: ZWorkFlow,
  id: ZIdText,
});
export type TDraftParams = z.infer<typeof ZDraftParams>;

/**
 * PUT /v2/api/claims/mails/{x}/mail-logs/{id}: replaces the draft's fields (the whole form; its
 * recipients, subject, body and attachments: a draft's own attachments are named by filePath).
 * With `send: true` the draft is sent instead: checked like POST …/mail-compose (a recipient and
 * a subject required), queued, and answered as the pending mail. Only a draft can be changed
 * (409 otherwise).
 */
export const ZUpdateDraftRequest = ZComposeFields.extend({
  /** Left out: the draft keeps who it is for. */
  sendType: ZComposeSendType.optional(),
  /** Left out: the draft keeps the thread it answers; null: it answers nothing. */
  mailLogId: ZId.nullable().optional(),
  send: z.boolean().default(false),
  /**
   * With `send: true`: when it leaves, see ZSendTiming (sendAt's range is checked when it is
   * sent; a plain save ignores the three).
   */
  delaySeconds: ZSendTiming.shape.delaySeconds.unwrap().optional(),
  sendAt: ZSendAtText.optional(),
  seenMailId: ZSendTiming.shape.seenMailId,
});
export type TUpdateDraftRequest = z.infer<typeof ZUpdateDraftRequest>;

export const ZUpdateDraftResponse = ZMailLog;
export type TUpdateDraftResponse = z.infer<typeof ZUpdateDraftResponse>;
