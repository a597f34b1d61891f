import { Alert, Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconArrowUpCircle, IconInfoCircle, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@claimdesk/contracts';
import { hasAnyRole } from '../../../lib/constants';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { MENU_ROLES } from '../../../lib/menu-rules';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useUpdateUser } from '../api/update-user';
import { useUsers } from '../api/list-users';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Roles an external user gets when an administrator makes the account a full one. */
const FULL_USER_ROLES = ['STANDARD_USER'] as const;

function ExternalUsers() {
  const { t } = useTranslation('users');
  const users = useUsers('');
  const update = useUpdateUser();
  const external = users.data?.filter((u) => u.roles.includes('EXT_USER')) ?? [];
  const upgrade = (user: TUser) =>
    update.mutate(
      {
        id: user.id,
        body: {
          username: user.username,
          firstName: user.firstName,
          lastName: user.lastName,
          roles: [...user.roles.filter((r) => r !== 'EXT_USER'), ...FULL_USER_ROLES],
        },
      },
      { onSuccess: () => notifySuccess(t('upgrade.done', { username: user.username })) },
    );
  if (users.isSuccess && external.length === 0) {
    return (
      <EmptyState
        icon={<IconUserCheck size={32} />}
        title={t('upgrade.noneTitle')}
        description={t('upgrade.none')}
      />
    );
  }
  return (
    <Stack gap="xs">
      {external.map((u) => (
        <Paper key={u.id} withBorder p="sm">
          <Group justify="space-between">
            <Group gap="xs">
              <Text fw={600}>{`${u.firstName} ${u.lastName}`.trim() || u.username}</Text>
              <Text c="dimmed" size="sm">
                {u.username}
              </Text>
              <Badge size="sm" variant="light">
                {t('roles.EXT_USER')}
              </Badge>
            </Group>
            <Button
              size="xs"
              leftSection={<IconArrowUpCircle size={16} aria-hidden />}
              onClick={() => upgrade(u)}
              loading={update.isPending && update.variables.id === u.id}
            >
              {t('upgrade.action')}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** settings/upgrade-account: tells an external user how to become a full user; administrators do it here. */
export function UpgradeAccountRoute() {
  const { t } = useTranslation('users');
  useDocumentTitle(t('upgrade.title'));
  const { identity } = useSession();
  const isAdmin = hasAnyRole(identity?.authorities ?? [], MENU_ROLES.users);
  return (
    <>
      <PageHeader title={t('upgrade.title')} description={t('upgrade.description')} />
      {!isAdmin && (
        <Alert
          icon={<IconInfoCircle aria-hidden />}
          variant="light"
          title={t('upgrade.externalTitle')}
          mb="lg"
        >
          <List size="sm" spacing={4} mt={4}>
            <List.Item>{t('upgrade.step1')}</List.Item>
            <List.Item>{t('upgrade.step2')}</List.Item>
            <List.Item>{t('upgrade.step3')}</List.Item>
          </List>
        </Alert>
      )}
      {isAdmin && (
        <Stack gap="md">
          <Alert icon={<IconUserCheck aria-hidden />} variant="light" color="gray">
            {t('upgrade.adminHint')}
          </Alert>
          <ExternalUsers />
        </Stack>
      )}
    </>
  );
}
