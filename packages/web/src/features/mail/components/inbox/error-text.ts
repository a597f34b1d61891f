import type { TFunction } from 'i18next';
import { isHttpError } from '../../../../lib/http-error';
import { errorText } from '../../../../lib/notify';

/**
 * What a failed list or mail call tells the user, translated: a 404 says the mail is gone, a 400
 * names the parameter the server refused, anything else the shared text of its code.
 */
export const mailErrorText = (t: TFunction<'inbox'>, error: unknown): string => {
  if (isHttpError(error)) {
    if (error.status === 404) return t('errors.notFound');
    if (error.status === 400) {
      const param = Object.keys(error.fieldErrors)[0] ?? Object.keys(error.fieldIssues)[0];
      if (param) return t('errors.badParam', { param });
    }
  }
  return errorText(error);
};
