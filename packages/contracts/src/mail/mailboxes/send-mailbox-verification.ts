import { z } from 'zod';

/**
 * POST /v2/api/settings/mailboxes/{id}/verification: mails a new confirmation code to the
 * mailbox's address (the code mailed before no longer works). At most once a minute per
 * mailbox (429 with Retry-After); a proven mailbox needs none (409).
 */
export const ZSendMailboxVerificationResponse = z.object({
  /** The address the code went to. */
  sentTo: z.string(),
  /** The code works until then. */
  expiresAt: z.string(),
  /** A new code can be asked for from then on. */
  canResendAt: z.string(),
});
export type TSendMailboxVerificationResponse = z.infer<typeof ZSendMailboxVerificationResponse>;
