import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailLog } from '@claimdesk/contracts';
import { isHttpError } from '../../../../lib/http-error';
import { errorText } from '../../../../lib/notify';
import type { TComposeTarget } from '../../api/get-mail-compose';
import { useSendMail } from '../../api/send-mail';
import { requestOf, sendProblem, type TFields } from './compose-fields';
import { crossedRecipients, type TRecipientKind } from './recipient-kinds';
import { useUndoSeconds } from './send-options';
import type { useDraftAutosave } from './use-draft-autosave';

interface Options {
  target: TComposeTarget;
  /** The mail answered (undefined for a kept draft: the server keeps its thread). */
  answersId: number | null | undefined;
  autosave: ReturnType<typeof useDraftAutosave>;
  kindOf: (address: string) => TRecipientKind | null;
  /** The newest mail of the thread the person has seen: a newer one stops the send once. */
  newestSeen: number | undefined;
  onSent: (mail: TMailLog) => void;
  onProblem: (problem: string) => void;
}

/**
 * Sending a mail being written: checked first (recipients, subject, placeholders left, files),
 * confirmed when it crosses from a customer to a supplier or back, then queued with the person's
 * undo time; a mail that came in meanwhile stops it once, so that it is read first.
 */
export function useComposeSend({
  target,
  answersId,
  autosave,
  kindOf,
  newestSeen,
  onSent,
  onProblem,
}: Options) {
  const { t } = useTranslation('compose');
  const send = useSendMail({ mutationConfig: { meta: { handlesErrors: true } } });
  const undoSeconds = useUndoSeconds();
  const [newerMailId, setNewerMailId] = useState<number | null>(null);

  const reallySend = async (fields: TFields, sendAt?: string) => {
    try {
      await autosave.flush();
      const mail = await send.mutateAsync({
        ...target,
        mailLogId: answersId,
        draftId: autosave.draftId(),
        body: {
          ...requestOf(fields),
          ...(sendAt ? { sendAt } : {}),
          delaySeconds: undoSeconds,
          seenMailId: newerMailId ?? newestSeen,
        },
      });
      autosave.finish();
      onSent(mail);
    } catch (error) {
      if (isHttpError(error) && error.status === 409 && error.fieldErrors.seenMailId) {
        setNewerMailId(Number(error.fieldErrors.seenMailId));
        onProblem(t('errors.newerMail'));
        return;
      }
      const fieldMessage = isHttpError(error) ? Object.values(error.fieldErrors)[0] : undefined;
      onProblem(fieldMessage ? `${errorText(error)} ${fieldMessage}` : errorText(error));
    }
  };

  const trySend = (fields: TFields, sendAt?: string) => {
    const problem = sendProblem(fields, t);
    if (problem) return onProblem(problem);
    const crossed = crossedRecipients(target.sendType, [...fields.to, ...fields.cc, ...fields.bcc], kindOf);
    if (crossed.length === 0) return void reallySend(fields, sendAt);
    modals.openConfirmModal({
      title: t(`confirmCrossed.title.${target.sendType}`),
      children: (
        <Text size="sm">
          {t(`confirmCrossed.text.${target.sendType}`, { addresses: crossed.join(', ') })}
        </Text>
      ),
      labels: { confirm: t('confirmCrossed.confirm'), cancel: t('confirmCrossed.cancel') },
      onConfirm: () => void reallySend(fields, sendAt),
    });
  };

  return { trySend, isSending: send.isPending, undoSeconds };
}
