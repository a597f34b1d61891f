import { i18n } from '../../../lib/i18n';

/** The contracts' mailbox field messages, mapped to this screen's texts. */
const KEYS: Record<string, string> = {
  'A host name such as imap.example.com': 'form.hostHint',
  'The code has letters and digits only': 'form.codeLetters',
  'The code has 8 characters': 'form.codeLength',
};

/**
 * A mailbox field's message in the user's language; any other is shown as it came (the server's
 * field errors arrive translated from their codes, lib/notify.ts's applyServerErrors).
 */
export const fieldText = (message: string | undefined): string | undefined => {
  if (message === undefined) return undefined;
  const key = KEYS[message];
  return key ? i18n.t(`mailConfig:${key}`) : message;
};
