import { z } from 'zod';
import { ZId, ZIdText } from '../../common';
import { ZMailLogType } from '../mail-enums';
import { ZMailLog } from '../mail-log';
import { ZMailCompose, ZSendFields, ZComposeFields } from './compose-common';
import { ZUpdateDraftRequest } from './save-draft';

/**
 * GET /v2/api/unmapped-mails/compose-mail/new?mailLogId=: the compose for a mail without a case
 * (from the store's sending mailbox, with the writer's signature); with `mailLogId`, the reply to
 * that unmapped mail: to its sender, "Re:" subject, its quote and thread headers, its type.
 * 404 for a mail on a case or deleted.
 */
export const ZGetNewMailComposeQuery = z.object({ mailLogId: ZIdText.optional() });
export type TGetNewMailComposeQuery = z.infer<typeof ZGetNewMailComposeQuery>;

export const ZGetNewMailComposeResponse = ZMailCompose;
export type TGetNewMailComposeResponse = z.infer<typeof ZGetNewMailComposeResponse>;

/**
 * POST /v2/api/unmapped-mails/compose-mail/new: queues a mail without a case (no case tag; it
 * shows in the unmapped "sent" list). Answers the pending mail log (201).
 */
export const ZSendNewMailRequest = ZSendFields.extend({
  mailLogType: ZMailLogType.default('customer'),
  /**
   * An unmapped mail this one answers: the reply carries its In-Reply-To and References (so the
   * customer's answer threads with it) and takes its type. 404 for a mail on a case or deleted.
   */
  mailLogId: ZId.optional(),
});
export type TSendNewMailRequest = z.infer<typeof ZSendNewMailRequest>;

export const ZSendNewMailResponse = ZMailLog;
export type TSendNewMailResponse = z.infer<typeof ZSendNewMailResponse>;

/**
 * POST /v2/api/unmapped-mails/compose-mail/drafts: keeps a mail without a case as a draft (the
 * draft types unmapped-compose, and unmapped-chat with `mailLogId`: the unmapped mail it answers).
 * Listed in GET /v2/api/unmapped-mails?type=drafts; deleted with DELETE /v2/api/claims/mails/{id}.
 * Answers the draft's mail log (201).
 */
export const ZSaveNewDraftRequest = ZComposeFields.extend({
  mailLogType: ZMailLogType.default('customer'),
  mailLogId: ZId.nullable().optional(),
});
export type TSaveNewDraftRequest = z.infer<typeof ZSaveNewDraftRequest>;
export const ZSaveNewDraftResponse = ZMailLog;

/** {id}: the draft's mail log id. */
export const ZNewDraftParams = z.object({ id: ZIdText });
export type TNewDraftParams = z.infer<typeof ZNewDraftParams>;

/**
 * PUT /v2/api/unmapped-mails/compose-mail/drafts/{id}: replaces the draft's fields, or with
 * `send: true` sends it (checked and queued as POST …/compose-mail/new). 404 for a draft on a
 * case (those are changed under /v2/api/claims/mails/{x}/mail-logs/{id}); 409 once it is no draft.
 */
export const ZUpdateNewDraftRequest = ZUpdateDraftRequest.omit({ sendType: true });
export type TUpdateNewDraftRequest = z.infer<typeof ZUpdateNewDraftRequest>;
export const ZUpdateNewDraftResponse = ZMailLog;
