import { z } from 'zod';
import { ZEmail } from '../common';
import { ZText } from '../text';
import { ZPassword } from './password-policy';

/**
 * POST /v2/api/users/forgot-password (before sign-in). Always answers 202 with the same neutral
 * message, whether or not the address has an account; a link is mailed when it has one.
 */
export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** The mailed link's token: 256 random bits, base64url (43 characters). */
export const ZPasswordToken = ZText.trim()
  .min(20, 'This link is not complete')
  .max(100, 'This link is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid');

/** GET /v2/api/users/password-link?token= with X-TENANT-ID: what the link is for, while it stands. */
export const ZPasswordLinkQuery = z.object({ token: ZPasswordToken });
export const ZPasswordLinkResponse = z.object({
  /** `reset` after "Forgot password?", `invite` for a new colleague. */
  kind: z.enum(['reset', 'invite']),
  username: z.string(),
  firstName: z.string(),
  storeName: z.string(),
});
export type TPasswordLinkResponse = z.infer<typeof ZPasswordLinkResponse>;

/**
 * POST /v2/api/users/set-password with X-TENANT-ID: chooses the password with a mailed link (used
 * once); every session of the user ends. Answers the username, to sign in with.
 */
export const ZSetPasswordRequest = z.object({ token: ZPasswordToken, password: ZPassword });
export type TSetPasswordRequest = z.infer<typeof ZSetPasswordRequest>;
export const ZSetPasswordResponse = z.object({ username: z.string() });
export type TSetPasswordResponse = z.infer<typeof ZSetPasswordResponse>;
export { FORGOT_PASSWORD_ANSWER } from '../constants/auth';
