import { z } from 'zod';

/**
 * PUT /v2/api/users/{id}/disabled — answers the user. A disabled user keeps its cases, mail and
 * history; it is refused at sign-in and its sessions end at once. Not for oneself.
 */
export const ZSetUserDisabledRequest = z.object({ isDisabled: z.boolean() });
export type TSetUserDisabledRequest = z.infer<typeof ZSetUserDisabledRequest>;
