import { ActionIcon, Avatar, Badge, Group, Menu, Skeleton, Table, Text } from '@mantine/core';
import {
  IconDots,
  IconKey,
  IconMailForward,
  IconPencil,
  IconPhoto,
  IconTrash,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@claimdesk/contracts';

export interface TUserActions {
  onEdit: (user: TUser) => void;
  onPassword: (user: TUser) => void;
  onPicture: (user: TUser) => void;
  onDelete: (user: TUser) => void;
  onDisabled: (user: TUser, isDisabled: boolean) => void;
  onResendInvitation: (user: TUser) => void;
}

const initials = (u: TUser) =>
  `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase() || u.username.slice(0, 2).toUpperCase();

function UserRow({ user, actions, isSelf }: { user: TUser; actions: TUserActions; isSelf: boolean }) {
  const { t } = useTranslation('users');
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Table.Tr data-testid="user-row" data-disabled={user.isDisabled || undefined}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={user.profilePicUrl}
            alt={user.profilePicUrl ? fullName : undefined}
            radius="xl"
            color="orange"
          >
            {initials(user)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {fullName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.username}
            </Text>
            {/* In the name's cell, so that a phone shows it without scrolling the table sideways. */}
            {user.isInvited && (
              <Badge
                variant="light"
                color="blue"
                size="sm"
                tt="none"
                fw={600}
                mt={4}
                styles={{ label: { overflow: 'visible' } }}
                data-testid="user-invited"
              >
                {t('list.invited')}
              </Badge>
            )}
          </div>
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {user.roles.map((r) => (
            <Badge
              key={r}
              variant="light"
              color={r.includes('ADMIN') ? 'orange' : 'gray'}
              size="md"
              tt="none"
              fw={600}
              styles={{ label: { overflow: 'visible' } }}
            >
              {t(`roles.${r}`)}
            </Badge>
          ))}
          {user.isDisabled && (
            <Badge
              variant="filled"
              color="gray.7"
              size="md"
              tt="none"
              fw={600}
              styles={{ label: { overflow: 'visible' } }}
              data-testid="user-disabled"
            >
              {t('list.disabled')}
            </Badge>
          )}
          {user.verifyPassword && (
            <Badge
              variant="dot"
              color="yellow"
              size="md"
              tt="none"
              fw={500}
              styles={{ label: { overflow: 'visible' } }}
            >
              {t('list.mustReset')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td ta="right">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('list.actionsFor', { name: fullName || user.username })}
            >
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => actions.onEdit(user)}
            >
              {t('list.edit')}
            </Menu.Item>
            {user.isInvited && !user.isDisabled && (
              <Menu.Item
                leftSection={<IconMailForward size={16} aria-hidden />}
                onClick={() => actions.onResendInvitation(user)}
              >
                {t('list.resendInvitation')}
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={<IconKey size={16} aria-hidden />}
              onClick={() => actions.onPassword(user)}
            >
              {t('list.password')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconPhoto size={16} aria-hidden />}
              onClick={() => actions.onPicture(user)}
            >
              {t('list.picture')}
            </Menu.Item>
            {!isSelf && (
              <Menu.Item
                leftSection={
                  user.isDisabled ? (
                    <IconUserCheck size={16} aria-hidden />
                  ) : (
                    <IconUserOff size={16} aria-hidden />
                  )
                }
                onClick={() => actions.onDisabled(user, !user.isDisabled)}
              >
                {t(user.isDisabled ? 'list.enable' : 'list.disable')}
              </Menu.Item>
            )}
            {!isSelf && (
              <Menu.Item
                color="red.9"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => actions.onDelete(user)}
              >
                {t('list.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}

export function UsersTable({
  users,
  isLoading,
  selfId,
  actions,
}: {
  users: TUser[] | undefined;
  isLoading: boolean;
  selfId: number | null;
  actions: TUserActions;
}) {
  const { t } = useTranslation('users');
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('list.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.name')}</Table.Th>
            <Table.Th>{t('fields.roles')}</Table.Th>
            <Table.Th ta="right">{t('list.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading && !users
            ? Array.from({ length: 4 }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={3}>
                    <Skeleton h={36} />
                  </Table.Td>
                </Table.Tr>
              ))
            : users?.map((u) => <UserRow key={u.id} user={u} actions={actions} isSelf={u.id === selfId} />)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
