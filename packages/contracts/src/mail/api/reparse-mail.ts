import type { z } from 'zod';
import { ZMailLog } from '../mail-log';

/**
 * POST /v2/api/unmapped-mails/{id}/reparse: parses an unparseable mail again from its raw
 * message. Answers the mail: `parseState` ok with its fields when it worked, still unparseable
 * with the new `parseError` when not. A mail that is not unparseable is 409.
 */
export const ZReparseMailResponse = ZMailLog;
export type TReparseMailResponse = z.infer<typeof ZReparseMailResponse>;
