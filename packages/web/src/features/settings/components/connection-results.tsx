import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TTestMailboxResponse } from '@claimdesk/contracts';
import { errorTextClass } from '../../../components/ui/error-text';

type TCheck = TTestMailboxResponse['imap'];

function CheckRow({ label, check }: { label: string; check: TCheck }) {
  const { t } = useTranslation('mailConfig');
  const state = check === null ? 'notUsed' : check.isOk ? 'ok' : 'failed';
  const color = { notUsed: 'gray', ok: 'teal', failed: 'red' }[state];
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Badge color={color} variant="light" tt="none" fw={600}>
          {t(`test.${state}`)}
        </Badge>
      </Group>
      {check?.error && (
        <Text size="sm" className={errorTextClass} style={{ overflowWrap: 'anywhere' }}>
          {t(`test.failure.${check.error}`)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Each server's answer to a connection test: ok, or the category of the failure in the reader's
 * language (the server never passes on the other side's own words).
 */
export function ConnectionResults({ result }: { result: TTestMailboxResponse }) {
  const { t } = useTranslation('mailConfig');
  return (
    <Paper withBorder p="sm" role="status" aria-label={t('test.title')} data-testid="connection-results">
      <Stack gap="xs">
        <CheckRow label={t('test.imap')} check={result.imap} />
        <CheckRow label={t('test.smtp')} check={result.smtp} />
      </Stack>
    </Paper>
  );
}
