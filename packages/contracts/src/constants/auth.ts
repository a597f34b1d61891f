/*
 * The sign-in constants without zod, so the browser's sign-in page can use them without loading
 * zod; auth/check-user.ts and auth/issue-token.ts add the schemas.
 */

/** The answer of POST /v2/api/stores/check-user for a one-time-code contact. */
export const OTP_ANSWER = 'otp';
export const PASSWORD_GRANT = 'password';
export const OTP_GRANT = 'otp';
/** The token answer's description when the password must be changed before going on. */
export const RESET_REQUIRED_DESCRIPTION = 'Required to reset password';
