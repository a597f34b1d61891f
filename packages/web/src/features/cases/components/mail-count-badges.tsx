import { Badge, Group, Tooltip } from '@mantine/core';
import { IconMail, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Unread and unsent mail of one case; nothing when both are zero. */
export function MailCountBadges({ unread, unsent }: { unread: number; unsent: number }) {
  const { t } = useTranslation('cases');
  return (
    <Group gap={4} wrap="nowrap">
      {unread > 0 && (
        <Tooltip label={t('mails.unread', { count: unread })} withinPortal>
          <Badge
            color="orange"
            variant="filled"
            size="sm"
            leftSection={<IconMail size={12} aria-hidden />}
            aria-label={t('mails.unread', { count: unread })}
            data-testid="unread-badge"
          >
            {unread}
          </Badge>
        </Tooltip>
      )}
      {unsent > 0 && (
        <Tooltip label={t('mails.unsent', { count: unsent })} withinPortal>
          <Badge
            color="gray.7"
            variant="filled"
            size="sm"
            leftSection={<IconSend size={12} aria-hidden />}
            aria-label={t('mails.unsent', { count: unsent })}
            data-testid="unsent-badge"
          >
            {unsent}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
