import { ZText } from '../text';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A password a user chooses: 8 to 128 characters with a letter and a digit. */
export const ZPassword = ZText.min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/\p{L}/u, 'Must contain a letter')
  .regex(/\d/, 'Must contain a digit');
