import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Collapse,
  Group,
  Menu,
  Paper,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconDots,
  IconKeyOff,
  IconLogin2,
  IconPencil,
  IconPlugConnected,
  IconSignature,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailbox, TOAuthProvider, TTestMailboxResponse } from '@claimdesk/contracts';
import { useTestMailbox } from '../api/test-mailbox';
import { formatTime } from '../lib/format-time';
import { providerOf } from '../lib/provider';
import { ConnectionResults } from './connection-results';
import { ForwardHelp } from './forward-help';
import { AuthorizationAlert } from './mailbox-authorization';
import { KindBadge, StatusBadge } from './mailbox-badges';
import { MailboxDetails } from './mailbox-details';
import { VerificationPanel } from './verification-panel';

export interface TMailboxActions {
  onEdit: (mailbox: TMailbox) => void;
  onSignature: (mailbox: TMailbox) => void;
  onToggle: (mailbox: TMailbox, isEnabled: boolean) => void;
  onDelete: (mailbox: TMailbox) => void;
  onSignIn: (provider: TOAuthProvider) => void;
  onRemoveAuthorization: (mailbox: TMailbox, provider: TOAuthProvider) => void;
}

/** One mailbox: its state (a failure in the server's words, with since when), servers, proof and actions. */
export function MailboxCard({ mailbox, actions }: { mailbox: TMailbox; actions: TMailboxActions }) {
  const { t, i18n } = useTranslation('mailConfig');
  const [result, setResult] = useState<TTestMailboxResponse | null>(null);
  const [isForwardOpen, setForwardOpen] = useState(!mailbox.isVerified);
  const test = useTestMailbox();
  const provider = providerOf(mailbox);
  const providerName = provider ? t(`provider.${provider}`) : '';
  const canTest = mailbox.kind !== 'forward' && mailbox.hasCredentials;

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid={`mailbox-${String(mailbox.id)}`}
      aria-label={mailbox.address}
      component="section"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={6} miw={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} component="h2" size="md" m={0}>
              {mailbox.address}
            </Text>
            <Group gap={6}>
              <StatusBadge mailbox={mailbox} />
              <KindBadge mailbox={mailbox} />
            </Group>
          </Stack>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('card.actionsFor', { address: mailbox.address })}
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {!provider && (
                <Menu.Item
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => actions.onEdit(mailbox)}
                >
                  {t('card.edit')}
                </Menu.Item>
              )}
              <Menu.Item
                leftSection={<IconSignature size={16} aria-hidden />}
                onClick={() => actions.onSignature(mailbox)}
              >
                {t('signature.edit')}
              </Menu.Item>
              {provider && (
                <Menu.Item
                  leftSection={<IconLogin2 size={16} aria-hidden />}
                  onClick={() => actions.onSignIn(provider)}
                >
                  {t('card.signInAgain', { provider: providerName })}
                </Menu.Item>
              )}
              {provider && mailbox.hasCredentials && (
                <Menu.Item
                  leftSection={<IconKeyOff size={16} aria-hidden />}
                  onClick={() => actions.onRemoveAuthorization(mailbox, provider)}
                >
                  {t('card.removeAuthorization')}
                </Menu.Item>
              )}
              <Menu.Item
                color="red.9"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => actions.onDelete(mailbox)}
              >
                {t('card.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>

        {mailbox.state === 'failing' && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title={t('card.failingSince', {
              since: formatTime(mailbox.failingSince ?? mailbox.lastErrorAt, i18n.language),
              time: formatTime(mailbox.lastErrorAt, i18n.language),
            })}
            data-testid="mailbox-error"
          >
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {mailbox.lastError}
            </Text>
          </Alert>
        )}
        {provider && !mailbox.hasCredentials && (
          <Alert color="orange" variant="light">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('card.notSignedIn', { provider: providerName })}</Text>
              <Button
                size="xs"
                leftSection={<IconLogin2 size={16} aria-hidden />}
                onClick={() => actions.onSignIn(provider)}
              >
                {t('card.signInAgain', { provider: providerName })}
              </Button>
            </Stack>
          </Alert>
        )}

        <AuthorizationAlert mailbox={mailbox} onSignIn={actions.onSignIn} />

        <MailboxDetails mailbox={mailbox} />

        {!mailbox.isVerified && <VerificationPanel mailbox={mailbox} />}

        {mailbox.forwardTo && (
          <Stack gap="xs">
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              ta="left"
              onClick={() => setForwardOpen((open) => !open)}
              aria-expanded={isForwardOpen}
            >
              {t('forward.title')}{' '}
              <IconChevronDown
                size={14}
                aria-hidden
                style={{
                  verticalAlign: 'middle',
                  transform: isForwardOpen ? 'rotate(180deg)' : undefined,
                }}
              />
            </Anchor>
            <Collapse expanded={isForwardOpen}>
              <ForwardHelp address={mailbox.address} target={mailbox.forwardTo} />
            </Collapse>
          </Stack>
        )}

        <Group gap="md" wrap="wrap">
          <Switch
            checked={mailbox.isEnabled}
            onChange={(event) => actions.onToggle(mailbox, event.currentTarget.checked)}
            label={t('card.enabled')}
          />
          {canTest && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlugConnected size={16} aria-hidden />}
              loading={test.isPending}
              onClick={() => {
                setResult(null);
                test.mutate(mailbox.id, { onSuccess: setResult });
              }}
            >
              {t('card.test')}
            </Button>
          )}
        </Group>
        {result && <ConnectionResults result={result} />}
      </Stack>
    </Paper>
  );
}
