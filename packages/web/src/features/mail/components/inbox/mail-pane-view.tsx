import { Alert, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMail } from '../../api/get-mail';
import { MailView } from '../view/mail-view';
import { mailErrorText } from './error-text';
import type { TListMail } from './mail-row';
import { mailTime } from '../../lib/mail-format';
import { formatFullTime } from './mail-time';

/** What the list knows of the mail (sender, recipients, time, first lines), while the whole mail loads. */
function MailSummary({ mail }: { mail: TListMail }) {
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

/**
 * The open mail in the reading pane, read whole (GET /v2/api/claims/mails/{id}) and drawn by the
 * safe mail view; the list's summary stands in while it loads, and a failed read says why.
 */
export function MailPaneView({ id, mail }: { id: number; mail: TListMail | null }) {
  const { t } = useTranslation('inbox');
  const query = useMail(id);
  if (query.data) return <MailView mail={query.data} />;
  if (query.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {mailErrorText(t, query.error)}
      </Alert>
    );
  return mail ? (
    <Stack gap="md" aria-busy="true">
      <MailSummary mail={mail} />
      <Skeleton height={120} />
    </Stack>
  ) : (
    <Skeleton height={240} aria-busy="true" />
  );
}
