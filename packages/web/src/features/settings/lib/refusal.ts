import { isHttpError } from '../../../lib/http-error';
import { i18n } from '../../../lib/i18n';
import { errorText, notifyFailure } from '../../../lib/notify';

/**
 * The text of a refused mailbox action. A conflict (409) says in the server's words what is in
 * the way (mails still waiting in the outbox, a removed authorization, an expired code), which a
 * generic "conflicts with a change" would hide; anything else has its translated text.
 */
export const refusalText = (error: unknown, statuses: readonly number[] = [409]): string =>
  isHttpError(error) && statuses.includes(error.status) && error.message
    ? i18n.t('mailConfig:refused', { message: error.message })
    : errorText(error);

/** One toast for a refused mailbox action (401 is the HTTP layer's). */
export const notifyRefusal = (error: unknown): void => {
  if (isHttpError(error) && error.status === 401) return;
  notifyFailure(refusalText(error));
};
