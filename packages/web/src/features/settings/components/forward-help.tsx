import { ActionIcon, CopyButton, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
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

/**
 * Where a forward mailbox's mail must go: the built-in inbound SMTP receiver of this server, with
 * the mailbox's own address kept as the recipient (the receiver takes mail only for proven
 * addresses). The server does not tell its receiver's port: the default is named.
 */
export function ForwardHelp({ address }: { address: string }) {
  const { t } = useTranslation('mailConfig');
  return (
    <Stack gap="xs" data-testid="forward-help">
      <Text size="sm" fw={600}>
        {t('forward.title')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('forward.steps', { address })}
      </Text>
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="40%">{t('forward.server')}</Table.Th>
            <Table.Td>
              <CopyValue value={window.location.hostname} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('forward.port')}</Table.Th>
            <Table.Td>
              <Text size="sm">{t('forward.portValue')}</Text>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('forward.recipient')}</Table.Th>
            <Table.Td>
              <CopyValue value={address} />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
