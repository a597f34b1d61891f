import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TMailbox } from '@claimdesk/contracts';
import { formatTime } from '../lib/format-time';
import { providerOf } from '../lib/provider';
import { useAuthorizationLine } from './mailbox-authorization';

function Detail({ label, lines, testId }: { label: string; lines: string[]; testId?: string }) {
  return (
    <Stack gap={0} miw={0} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {lines.map((line) => (
        <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Where a mailbox's mail comes in and goes out, when it was last fetched and sent, and for a
 * Google or Microsoft mailbox how long its sign-in holds.
 */
export function MailboxDetails({ mailbox: m }: { mailbox: TMailbox }) {
  const { t, i18n } = useTranslation('mailConfig');
  const authorization = useAuthorizationLine(m);
  const server = (host: string | null, port: number | null, isSecure: boolean) =>
    host
      ? t('card.server', {
          host,
          port: port ?? '',
          security: t(isSecure ? 'card.tls' : 'card.starttls'),
        })
      : null;
  const provider = providerOf(m);
  const signedIn =
    provider && m.hasCredentials ? [t('card.signedIn', { provider: t(`provider.${provider}`) })] : [];
  const compact = (lines: (string | null)[]) => lines.filter((line): line is string => Boolean(line));

  if (m.kind === 'forward') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        <Detail label={t('card.incoming')} lines={[t('card.receivesByForward')]} />
        <Detail label={t('card.outgoing')} lines={[t('card.sendsBySystem')]} />
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
      <Detail
        label={t('card.incoming')}
        lines={compact([
          server(m.imapHost, m.imapPort, m.imapSecure),
          m.imapUser ? t('card.folderUser', { folder: m.imapFolder, user: m.imapUser }) : null,
          ...signedIn,
        ])}
      />
      <Detail
        label={t('card.outgoing')}
        lines={compact([
          server(m.smtpHost, m.smtpPort, m.smtpSecure),
          m.smtpUser ? t('card.user', { user: m.smtpUser }) : null,
        ])}
      />
      <Detail
        label={t('card.lastFetch')}
        lines={[m.lastFetchAt ? formatTime(m.lastFetchAt, i18n.language) : t('card.never')]}
      />
      <Detail
        label={t('card.lastSend')}
        lines={[m.lastSendAt ? formatTime(m.lastSendAt, i18n.language) : t('card.never')]}
      />
      {authorization && (
        <Detail label={t('card.authorization')} lines={[authorization]} testId="mailbox-authorization" />
      )}
    </SimpleGrid>
  );
}
