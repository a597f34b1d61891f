import { Avatar, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TCurrentUser } from '../../lib/shell-context';
import { MenuColorScheme } from './menu-color-scheme';
import classes from './side-menu.module.css';

export const initialsOf = (user: Pick<TCurrentUser, 'firstName' | 'lastName' | 'username'>): string => {
  const fromName = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim();
  return (fromName || user.username.slice(0, 2)).toUpperCase();
};

/** The profile entry: picture or initials, full name and username; links to the users screen. */
export function MenuProfile({ user, collapsed }: { user: TCurrentUser | null; collapsed: boolean }) {
  const { t } = useTranslation('common');
  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const avatar = (
    <Avatar
      src={user.profilePicUrl}
      alt={user.profilePicUrl ? fullName || user.username : undefined}
      color="orange"
      radius="xl"
      size={collapsed ? 34 : 38}
    >
      {initialsOf(user)}
    </Avatar>
  );
  const label = t('menu.profile', { name: fullName || user.username });
  const content = collapsed ? (
    avatar
  ) : (
    <Group gap="sm" wrap="nowrap">
      {avatar}
      <Stack gap={0} style={{ minWidth: 0 }}>
        {fullName && (
          <Text size="sm" fw={600} truncate data-testid="profile-name">
            {fullName}
          </Text>
        )}
        <Text size="xs" c="dimmed" truncate data-testid="profile-username">
          {user.username}
        </Text>
      </Stack>
    </Group>
  );
  const button = (
    <UnstyledButton
      component={Link}
      to="/users"
      className={classes.profile}
      aria-label={label}
      data-testid="menu-profile"
    >
      {content}
    </UnstyledButton>
  );
  return collapsed ? (
    <>
      <Tooltip label={label} position="right" withArrow>
        {button}
      </Tooltip>
      <MenuColorScheme collapsed />
    </>
  ) : (
    <Group gap={4} wrap="nowrap">
      {button}
      <MenuColorScheme collapsed={false} />
    </Group>
  );
}
