import { Button, Group, Text } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailLog } from '@claimdesk/contracts';
import { onMailsChanged } from '../../api/list-mails';
import { cancelSend, sendNow } from '../../api/send-timing';
import { formatMailTime } from '../../lib/mail-format';

/** Whether a mail waits in the outbox for its time (its undo window, or a chosen "send later"). */
export const isWaiting = (mail: TMailLog, now = Date.now()) =>
  mail.sendState === 'pending' && mail.sendAt !== null && Date.parse(mail.sendAt) > now;

/**
 * A mail waiting to leave: when it goes, Send now, and Cancel (it becomes a draft again, opened
 * to go on writing). The thread reads the case's mails again once the time has come.
 */
export function WaitingMailBar({
  mail,
  onCancelled,
}: {
  mail: TMailLog;
  onCancelled: (draft: TMailLog) => void;
}) {
  const { t, i18n } = useTranslation('compose');
  const client = useQueryClient();
  const now = useMutation({ mutationFn: sendNow, onSettled: () => onMailsChanged(client) });
  const cancel = useMutation({
    mutationFn: cancelSend,
    onSuccess: (draft) => onCancelled(draft),
    onSettled: () => onMailsChanged(client),
  });
  const sendAt = mail.sendAt ?? '';
  useEffect(() => {
    const wait = Date.parse(sendAt) - Date.now() + 2_000;
    if (!(wait > 0)) return undefined;
    const timer = window.setTimeout(() => onMailsChanged(client), wait);
    return () => window.clearTimeout(timer);
  }, [sendAt, client]);
  return (
    <Group gap="xs" px="sm" pb={8} wrap="wrap" data-testid="waiting-mail">
      <IconClockPause size={16} aria-hidden />
      <Text size="sm" c="dimmed" style={{ flex: 1 }}>
        {t(mail.isSendLater ? 'waiting.later' : 'waiting.undo', {
          time: formatMailTime(sendAt, i18n.language, true),
        })}
      </Text>
      <Button size="compact-sm" variant="light" onClick={() => now.mutate(mail.id)} loading={now.isPending}>
        {t('waiting.sendNow')}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={() => cancel.mutate(mail.id)}
        loading={cancel.isPending}
      >
        {t('waiting.cancel')}
      </Button>
    </Group>
  );
}
