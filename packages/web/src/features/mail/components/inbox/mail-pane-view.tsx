import { Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TListMail } from './mail-row';
import { mailTime } from '../../lib/mail-format';
import { formatFullTime } from './mail-time';

/** The open mail in the reading pane: what the list knows of it (sender, recipients, time, first lines). */
export function MailPaneView({ mail }: { mail: TListMail }) {
  const { t, i18n } = useTranslation('inbox');
  const from = mail.from
    ? mail.from.name
      ? `${mail.from.name} <${mail.from.address}>`
      : mail.from.address
    : '';
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {mail.subject || t('list.noSubject')}
      </Title>
      <Text size="sm">
        <Text span c="dimmed">
          {t('pane.from')}{' '}
        </Text>
        {from || t('list.unknownSender')}
      </Text>
      {mail.to.length > 0 && (
        <Text size="sm">
          <Text span c="dimmed">
            {t('pane.to')}{' '}
          </Text>
          {mail.to.map((a) => a.address).join(', ')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {formatFullTime(mailTime(mail), i18n.language)}
      </Text>
      <Divider />
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {mail.snippet}
      </Text>
    </Stack>
  );
}
