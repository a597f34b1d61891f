import { z } from 'zod';
import { ZText } from '../text';
import { ZPassword } from '../auth/password-policy';

/**
 * PUT /v2/api/users/update-password/{id} — text answer.
 * For oneself, `oldPassword` is required. An administrator setting another user's password
 * leaves out `oldPassword`, and that user must choose a new one at the next sign-in.
 */
export const ZUpdatePasswordRequest = z.object({
  password: ZPassword,
  oldPassword: ZText.min(1).max(1000).optional(),
});
export type TUpdatePasswordRequest = z.infer<typeof ZUpdatePasswordRequest>;
export const UPDATE_PASSWORD_ANSWER = 'Password updated';
