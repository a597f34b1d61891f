import { z } from 'zod';
import { ZEmail } from '../common';

/**
 * POST /v2/api/stores/check-user. The body is the email itself, sent as a plain string
 * (text/plain, or a JSON string). The answer is text: the tenant id (store name) for a
 * password user, or `otp` for a one-time-code contact, to whom a code is then mailed.
 */
export const ZCheckUserRequest = ZEmail;
export type TCheckUserRequest = z.infer<typeof ZCheckUserRequest>;
export { OTP_ANSWER, OTP_NEW_CODE_IN_HEADER, OTP_SENT_HEADER } from '../constants/auth';
