import { z } from 'zod';
import { ZMailbox } from './mailbox';

/**
 * PUT /v2/api/settings/mailboxes/{id}/enabled: turns fetching and sending through the mailbox
 * on or off. Enabling a Google or Microsoft mailbox whose authorization was removed is refused
 * (409: sign in with the provider again). Answers the mailbox.
 */
export const ZSetMailboxEnabledRequest = z.object({ isEnabled: z.boolean() });
export type TSetMailboxEnabledRequest = z.infer<typeof ZSetMailboxEnabledRequest>;
export const ZSetMailboxEnabledResponse = ZMailbox;
