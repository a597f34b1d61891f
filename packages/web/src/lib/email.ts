/**
 * The email check of the sign-in step, the same pattern zod's z.email() uses (contracts' ZEmail),
 * kept free of zod so that /login stays small.
 */
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const normalizeEmail = (value: string): string => value.trim().toLowerCase();
export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(normalizeEmail(value));
