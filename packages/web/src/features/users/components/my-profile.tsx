import { Avatar, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconKey, IconPhoto, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCurrentUser } from '../../../lib/shell-context';
import { MySessions } from './my-sessions';
import { NotificationsSwitch } from './notifications-switch';

/** The signed-in user's own card: picture, name, and changing password, picture or signature. */
export function MyProfile({
  user,
  onPassword,
  onPicture,
  onSignature,
}: {
  user: TCurrentUser;
  onPassword: () => void;
  onPicture: () => void;
  onSignature: () => void;
}) {
  const { t } = useTranslation('users');
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Paper withBorder p="md" mb="lg" data-testid="my-profile">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar
            src={user.profilePicUrl}
            alt={user.profilePicUrl ? fullName : undefined}
            size={56}
            radius={56}
            color="orange"
          >
            {`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() ||
              user.username.slice(0, 2).toUpperCase()}
          </Avatar>
          <Stack gap={0}>
            <Text fw={600}>{fullName || user.username}</Text>
            <Text size="sm" c="dimmed">
              {user.username}
            </Text>
          </Stack>
        </Group>
        {user.id !== null && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPhoto size={16} aria-hidden />} onClick={onPicture}>
              {t('profile.picture')}
            </Button>
            <Button variant="default" leftSection={<IconKey size={16} aria-hidden />} onClick={onPassword}>
              {t('profile.password')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconSignature size={16} aria-hidden />}
              onClick={onSignature}
            >
              {t('profile.signature')}
            </Button>
          </Group>
        )}
      </Group>
      {user.id !== null && <NotificationsSwitch />}
      {user.id !== null && <MySessions />}
    </Paper>
  );
}
