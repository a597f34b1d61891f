import { z } from 'zod';
import { ZText } from '../text';
import { ZRole } from '../roles';

import { OTP_GRANT, PASSWORD_GRANT } from '../constants/auth';

export {
  ACCOUNT_DISABLED_DESCRIPTION,
  OTP_GRANT,
  PASSWORD_GRANT,
  RESET_REQUIRED_DESCRIPTION,
} from '../constants/auth';

/** POST /v2/oauth/token, form-encoded, with HTTP Basic client authentication and X-TENANT-ID. */
export const ZTokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal(PASSWORD_GRANT),
    username: ZText.trim().min(1, 'Required').max(320),
    password: ZText.min(1, 'Required').max(1000),
  }),
  z.object({
    grant_type: z.literal(OTP_GRANT),
    email: ZText.trim().min(1, 'Required').max(320),
    otp: ZText.trim().min(1, 'Required').max(100),
  }),
]);
export type TTokenRequest = z.infer<typeof ZTokenRequest>;

export const ZTokenResponse = z.object({
  token_type: z.literal('bearer'),
  access_token: z.string(),
  store_name: z.string(),
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

/** The claims of the access token (a signed JWT). `exp` is in seconds. */
export const ZAccessTokenClaims = z.object({
  user_name: z.string(),
  store_name: z.string(),
  exp: z.number(),
  authorities: z.array(z.union([ZRole, z.string()])),
  /** How the user signed in: `password` or `otp`. */
  grant_type: z.enum([PASSWORD_GRANT, OTP_GRANT]),
  company: z.string(),
});
export type TAccessTokenClaims = z.infer<typeof ZAccessTokenClaims>;
