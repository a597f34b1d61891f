import type { z } from 'zod';
import { ZMailLog } from '../mail-log';

/**
 * GET /v2/api/claims/mails/{id}: one mail of the store (a deleted one is 404). Reading does
 * not mark it read: PUT /{id}/mark-read-status does.
 */
export const ZGetMailResponse = ZMailLog;
export type TGetMailResponse = z.infer<typeof ZGetMailResponse>;
