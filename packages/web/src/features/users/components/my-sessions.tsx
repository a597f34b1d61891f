import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLogout2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../../lib/session';
import { useSessions, useSignOutEverywhere } from '../api/sessions';

/**
 * Where the person is signed in, and "sign out everywhere": for a lost phone or a shared computer
 * left signed in. This browser is signed out too.
 */
export function MySessions() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const sessions = useSessions();
  const everywhere = useSignOutEverywhere();
  const count = sessions.data?.length ?? 0;

  const confirm = () =>
    modals.openConfirmModal({
      title: t('sessions.title'),
      children: <Text size="sm">{t('sessions.question')}</Text>,
      labels: { confirm: t('sessions.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: () =>
        everywhere.mutate(undefined, {
          onSuccess: () => {
            logout();
            void navigate('/login', { replace: true });
          },
        }),
    });

  return (
    <Group justify="space-between" wrap="wrap" gap="xs" mt="md" data-testid="my-sessions">
      <Text size="sm" c="dimmed">
        {sessions.isSuccess ? t('sessions.count', { count }) : t('sessions.loading')}
      </Text>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconLogout2 size={16} aria-hidden />}
        onClick={confirm}
        loading={everywhere.isPending}
      >
        {t('sessions.everywhere')}
      </Button>
    </Group>
  );
}
