import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TMailLog } from '@claimdesk/contracts';
import { notifySuccess } from '../../../../lib/notify';
import { onMailsChanged } from '../../api/list-mails';
import { cancelSend } from '../../api/send-timing';
import { formatMailTime } from '../../lib/mail-format';
import { useUndoToast } from '../inbox/undo-toast';

/**
 * What a compose's host shows once a mail is queued: the lists refresh, and a toast says it was
 * sent (or when it will be) with Undo while it waits, which takes it back to a draft and hands
 * that to `onUndone` to write on. A mail sent at once has nothing to take back. Render `element`.
 */
export function useSentUndo(onUndone: (draft: TMailLog) => void) {
  const { t, i18n } = useTranslation('compose');
  const client = useQueryClient();
  const undo = useUndoToast();
  const announce = (mail: TMailLog) => {
    onMailsChanged(client);
    if (!mail.sendAt) return notifySuccess(t('sent.toast'));
    const message = mail.isSendLater
      ? t('sent.scheduled', { time: formatMailTime(mail.sendAt, i18n.language, true) })
      : t('sent.toast');
    return undo.show(message, async () => {
      const draft = await cancelSend(mail.id);
      onMailsChanged(client);
      onUndone(draft);
    });
  };
  return { announce, element: undo.element };
}
