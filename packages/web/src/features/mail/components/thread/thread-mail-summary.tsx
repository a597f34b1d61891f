import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TMailLog } from '@claimdesk/contracts';
import { formatMailTime, mailTime, senderName, snippet } from '../../lib/mail-format';
import { SendStateBadge } from '../view/send-state-badge';

/** A folded mail in one line: sender, state, first words, time; a click unfolds it. */
export function ThreadMailSummary({ mail, onExpand }: { mail: TMailLog; onExpand: () => void }) {
  const { t, i18n } = useTranslation('mail');
  const isUnread = mail.direction === 'in' && !mail.isRead;
  const sender = senderName(mail, t('view.unknownSender'));
  const hasFiles = mail.attachments.some((item) => !item.isInline);
  return (
    <UnstyledButton
      onClick={onExpand}
      aria-expanded={false}
      aria-label={t('thread.expand', { sender })}
      w="100%"
      px="sm"
      py={8}
      className="mantine-focus-auto"
      data-testid="thread-summary"
    >
      <Group gap="xs" wrap="nowrap">
        {isUnread && (
          <Box
            w={8}
            h={8}
            bg="blue"
            style={{ borderRadius: '50%', flex: 'none' }}
            aria-label={t('thread.unreadMark')}
            role="img"
          />
        )}
        <Text size="sm" fw={isUnread ? 700 : 500} truncate maw="30%" style={{ flex: 'none' }}>
          {sender}
        </Text>
        <SendStateBadge mail={mail} />
        <Text size="sm" c="dimmed" truncate style={{ flex: 1, minWidth: 0 }}>
          {snippet(mail) || mail.subject}
        </Text>
        {hasFiles && <IconPaperclip size={14} aria-hidden style={{ flex: 'none' }} />}
        <Text size="xs" c="dimmed" style={{ flex: 'none', whiteSpace: 'nowrap' }}>
          {formatMailTime(mailTime(mail), i18n.language, true)}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
