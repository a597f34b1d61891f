import { z } from 'zod';

/**
 * POST /v2/api/claims/mails/attachments, multipart with one `file` part: stores a file to attach
 * to an outgoing mail and answers its receipt. `uploadId` names the stored file for this store
 * only and is good for 24 hours: pass it in a send or draft call's `attachments`. A file over the
 * attachment limit is a 413.
 */
export const ZUploadAttachmentResponse = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  size: z.number().int(),
});
export type TUploadAttachmentResponse = z.infer<typeof ZUploadAttachmentResponse>;
