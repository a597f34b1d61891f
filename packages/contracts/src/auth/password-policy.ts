import { codedIssue } from '../field-issues';
import { ZText } from '../text';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A password a user chooses: 8 to 128 characters with a letter and a digit. */
export const ZPassword = ZText.min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((v) => /\p{L}/u.test(v), { message: 'Must contain a letter', ...codedIssue('needs_letter') })
  .refine((v) => /\d/.test(v), { message: 'Must contain a digit', ...codedIssue('needs_digit') });
