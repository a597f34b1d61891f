import { z } from 'zod';

/** The mail badges of one workflow's open or archive list. */
export const ZWorkflowMailCount = z.object({
  unreadMailCount: z.number().int(),
  sendPendingMailCount: z.number().int(),
});
export type TWorkflowMailCount = z.infer<typeof ZWorkflowMailCount>;

/**
 * GET /v2/api/reports/mail-count (source, section 3 "Mail counts"): per open or archive list
 * and workflow, the unread inbound mails and the mails waiting to be sent, summed over the
 * store's live cases; every workflow of the store's menu is present, with zeros where it has
 * none (so `open.support` is there whenever the menu names support). `inbox` counts the unread
 * inbound unmapped mails (parsed, not deleted); `failed` the store's outgoing mails that could not
 * be sent (not deleted), for the menu's warning.
 */
export const ZMailCountResponse = z.object({
  open: z.record(z.string(), ZWorkflowMailCount),
  archive: z.record(z.string(), ZWorkflowMailCount),
  inbox: z.number().int(),
  failed: z.number().int(),
});
export type TMailCountResponse = z.infer<typeof ZMailCountResponse>;
