import { ActionIcon, Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconFileCode } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailAddress, TMailLog } from '@claimdesk/contracts';
import { formatAddresses, formatMailTime, mailTime } from '../../lib/mail-format';
import { SendStateBadge } from './send-state-badge';

function AddressLine({ label, list }: { label: string; list: TMailAddress[] }) {
  if (list.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={500} c="var(--mantine-color-text)">
        {label}:
      </Text>{' '}
      {formatAddresses(list)}
    </Text>
  );
}

interface Props {
  mail: TMailLog;
  onViewSource: () => void;
  isLoadingSource: boolean;
  /** More buttons beside View source (the thread's fold). */
  actions?: ReactNode;
}

/** Subject, sender, receivers, time in the UI language and the send state of an outgoing mail. */
export function MailHeader({ mail, onViewSource, isLoadingSource, actions }: Props) {
  const { t, i18n } = useTranslation('mail');
  const time = mailTime(mail);
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {mail.subject || t('view.noSubject')}
        </Title>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('view.viewSource')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onViewSource}
              loading={isLoadingSource}
              aria-label={t('view.viewSource')}
            >
              <IconFileCode size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {actions}
        </Group>
      </Group>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {mail.from ? formatAddresses([mail.from]) : t('view.unknownSender')}
        </Text>
        <Group gap="xs">
          <SendStateBadge mail={mail} />
          {mail.autoKind && (
            <Badge size="sm" variant="outline" color="gray" tt="none">
              {t(`view.autoKind.${mail.autoKind}`)}
            </Badge>
          )}
          <Text size="xs" c="dimmed" component="time" dateTime={time}>
            {formatMailTime(time, i18n.language)}
          </Text>
        </Group>
      </Group>
      <AddressLine label={t('view.to')} list={mail.to} />
      <AddressLine label={t('view.cc')} list={mail.cc} />
    </Stack>
  );
}
