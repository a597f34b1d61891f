/*
 * The sign-in constants without zod, so the browser's sign-in page can use them without loading
 * zod; auth/check-user.ts and auth/issue-token.ts add the schemas.
 */

/** The answer of POST /v2/api/stores/check-user for a one-time-code contact. */
export const OTP_ANSWER = 'otp';
/**
 * Headers of the `otp` answer (its body stays the bound word): whether a code went out now or one
 * sent moments ago is still the one to use (`now` | `earlier`), and in how many seconds a new code
 * can be asked for.
 */
export const OTP_SENT_HEADER = 'X-Code-Sent';
export const OTP_NEW_CODE_IN_HEADER = 'X-New-Code-In';
export const PASSWORD_GRANT = 'password';
export const OTP_GRANT = 'otp';
/** The token answer's description when the password must be changed before going on. */
export const RESET_REQUIRED_DESCRIPTION = 'Required to reset password';
/** The token answer's description when the password is right but an administrator disabled the user. */
export const ACCOUNT_DISABLED_DESCRIPTION = 'User is disabled';
/** The neutral answer of POST /v2/api/users/forgot-password, the same whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this address, we sent a link to set a new password';
