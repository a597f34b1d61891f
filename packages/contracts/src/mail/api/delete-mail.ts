import { z } from 'zod';

/**
 * DELETE /v2/api/claims/mails/{id}?isDelete=: `isDelete=false` (the default) hides the mail;
 * `isDelete=true` removes it for good and leaves a tombstone of its Message-ID, so fetching
 * never brings it back. An unread inbound mail no longer counts on its case. A mail still
 * waiting in the outbox cannot be deleted (409). Answers 204.
 */
export const ZDeleteMailQuery = z.object({
  isDelete: z.stringbool().default(false),
});
export type TDeleteMailQuery = z.infer<typeof ZDeleteMailQuery>;
