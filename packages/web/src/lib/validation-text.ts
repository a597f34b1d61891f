import { i18n } from './i18n';

/** The contracts' English validation messages, mapped to translation keys. */
const KEYS: Record<string, string> = {
  Required: 'required',
  'Must be a valid email address': 'email',
  'At most 100 characters': 'max100',
  'At least 8 characters': 'min8',
  'At most 128 characters': 'max128',
  'Must contain a letter': 'letter',
  'Must contain a digit': 'digit',
  'Choose at least one role': 'role',
  'The new password must differ from the old one': 'differ',
};

/** A field message in the user's language; an unknown message is shown as it came. */
export const validationText = (message: string | undefined): string | undefined => {
  if (message === undefined) return undefined;
  const key = KEYS[message];
  return key ? i18n.t(`common:validation.${key}`) : message;
};
