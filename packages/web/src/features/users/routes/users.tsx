import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconMailPlus, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@claimdesk/contracts';
import { hasAnyRole } from '../../../lib/constants';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { RoleGate } from '../../../components/ui/role-gate';
import { MENU_ROLES } from '../../../lib/menu-rules';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useShell } from '../../../lib/shell-context';
import { useDeleteUser } from '../api/delete-user';
import { useResendInvitation } from '../api/resend-invitation';
import { useSetUserDisabled } from '../api/set-user-disabled';
import { useRoles } from '../api/list-roles';
import { useUsers } from '../api/list-users';
import { MyProfile } from '../components/my-profile';
import { MySignatureModal } from '../components/my-signature-modal';
import { PasswordModal } from '../components/password-modal';
import { PictureModal } from '../components/picture-modal';
import { UserFormModal } from '../components/user-form-modal';
import { UsersTable } from '../components/users-table';
import { useDocumentTitle } from '../../../lib/use-document-title';

type TEditing = { user: TUser | null; isInvite?: boolean } | null;
type TTarget = Pick<TUser, 'id' | 'username' | 'profilePicUrl'>;

export function UsersRoute() {
  const { t } = useTranslation('users');
  useDocumentTitle(t('title'));
  const { currentUser } = useShell();
  const { identity } = useSession();
  const isAdmin = hasAnyRole(identity?.authorities ?? [], MENU_ROLES.users);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const users = useUsers(debounced, isAdmin);
  const roles = useRoles(isAdmin);
  const remove = useDeleteUser();
  const disable = useSetUserDisabled();
  const resend = useResendInvitation();
  const [editing, setEditing] = useState<TEditing>(null);
  const [passwordFor, setPasswordFor] = useState<TTarget | null>(null);
  const [pictureFor, setPictureFor] = useState<TTarget | null>(null);
  const [isSignatureOpen, setSignatureOpen] = useState(false);
  const selfId = currentUser?.id ?? null;

  const confirmDelete = (user: TUser) =>
    modals.openConfirmModal({
      title: t('delete.title'),
      children: (
        <Text size="sm">
          {t('delete.question', { name: `${user.firstName} ${user.lastName}`, username: user.username })}
        </Text>
      ),
      labels: { confirm: t('delete.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: () => remove.mutate(user.id, { onSuccess: () => notifySuccess(t('delete.done')) }),
    });

  const name = (user: TUser) => `${user.firstName} ${user.lastName}`.trim() || user.username;
  const onDisabled = (user: TUser, isDisabled: boolean) => {
    if (!isDisabled) {
      disable.mutate(
        { id: user.id, isDisabled },
        { onSuccess: () => notifySuccess(t('disable.enabled', { name: name(user) })) },
      );
      return;
    }
    modals.openConfirmModal({
      title: t('disable.title'),
      children: <Text size="sm">{t('disable.question', { name: name(user), username: user.username })}</Text>,
      labels: { confirm: t('disable.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: () =>
        disable.mutate(
          { id: user.id, isDisabled },
          { onSuccess: () => notifySuccess(t('disable.done', { name: name(user) })) },
        ),
    });
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <RoleGate roles={MENU_ROLES.users}>
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconUserPlus size={18} aria-hidden />}
                onClick={() => setEditing({ user: null })}
              >
                {t('list.new')}
              </Button>
              <Button
                leftSection={<IconMailPlus size={18} aria-hidden />}
                onClick={() => setEditing({ user: null, isInvite: true })}
              >
                {t('list.invite')}
              </Button>
            </Group>
          </RoleGate>
        }
      />
      {currentUser && (
        <MyProfile
          user={currentUser}
          onPassword={() =>
            selfId !== null &&
            setPasswordFor({
              id: selfId,
              username: currentUser.username,
              profilePicUrl: currentUser.profilePicUrl,
            })
          }
          onPicture={() =>
            selfId !== null &&
            setPictureFor({
              id: selfId,
              username: currentUser.username,
              profilePicUrl: currentUser.profilePicUrl,
            })
          }
          onSignature={() => setSignatureOpen(true)}
        />
      )}
      {currentUser && (
        <MySignatureModal
          opened={isSignatureOpen}
          fullName={`${currentUser.firstName} ${currentUser.lastName}`.trim() || currentUser.username}
          onClose={() => setSignatureOpen(false)}
        />
      )}
      <RoleGate roles={MENU_ROLES.users}>
        <Paper withBorder p="md">
          <TextInput
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            placeholder={t('list.searchPlaceholder')}
            aria-label={t('list.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            mb="md"
            maw={360}
            type="search"
          />
          {users.data?.length === 0 ? (
            <EmptyState
              icon={<IconUsers size={32} />}
              title={t('list.emptyTitle')}
              description={t('list.empty')}
            />
          ) : (
            <UsersTable
              users={users.data}
              isLoading={users.isLoading}
              selfId={selfId}
              actions={{
                onEdit: (user) => setEditing({ user }),
                onPassword: setPasswordFor,
                onPicture: setPictureFor,
                onDelete: confirmDelete,
                onDisabled,
                onResendInvitation: (user) =>
                  resend.mutate(user.id, {
                    onSuccess: () => notifySuccess(t('form.resent', { username: user.username })),
                  }),
              }}
            />
          )}
        </Paper>
      </RoleGate>
      {editing && (
        <UserFormModal
          opened
          user={editing.user}
          isInvite={editing.isInvite ?? false}
          roles={roles.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <PasswordModal
        user={passwordFor}
        isSelf={passwordFor?.id === selfId}
        onClose={() => setPasswordFor(null)}
      />
      <PictureModal
        user={pictureFor}
        isSelf={pictureFor?.id === selfId}
        onClose={() => setPictureFor(null)}
      />
    </>
  );
}
