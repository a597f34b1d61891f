import { ActionIcon, CopyButton, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TMailboxForwardTarget } from '@claimdesk/contracts';
import { useTranslation } from 'react-i18next';

function CopyValue({ value }: { value: string }) {
  const { t } = useTranslation('mailConfig');
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={t(copied ? 'forward.copied' : 'forward.copy')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={`${t('forward.copy')} ${value}`}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * Where a forward mailbox's mail must go: the built-in inbound SMTP receiver as the server says
 * the world reaches it (its host and port), with the mailbox's own address kept as the recipient
 * (the receiver takes mail only for proven addresses).
 */
export function ForwardHelp({ address, target }: { address: string; target: TMailboxForwardTarget }) {
  const { t } = useTranslation('mailConfig');
  return (
    <Stack gap="xs" data-testid="forward-help">
      <Text size="sm" c="dimmed">
        {t('forward.steps', { address })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <Row label={t('forward.server')}>
          <CopyValue value={target.host} />
        </Row>
        <Row label={t('forward.port')}>
          <CopyValue value={String(target.port)} />
        </Row>
        <Row label={t('forward.recipient')}>
          <CopyValue value={address} />
        </Row>
      </SimpleGrid>
    </Stack>
  );
}
