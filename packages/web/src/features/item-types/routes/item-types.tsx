import { Button, Paper, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCategory, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { TItemType } from '@claimdesk/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { hasAnyRole } from '../../../lib/constants';
import { isHttpError } from '../../../lib/http-error';
import { MENU_ROLES } from '../../../lib/menu-rules';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useDeleteItemType } from '../api/delete-item-type';
import { useItemTypes } from '../api/list-item-types';
import { useUpdateItemType } from '../api/update-item-type';
import { ItemTypeModal } from '../components/item-type-modal';
import { displayName, ItemTypesTable } from '../components/item-types-table';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /settings/claim-item-type: the store's item types (administrators). */
export function ItemTypesRoute() {
  const { t, i18n } = useTranslation('cases');
  useDocumentTitle(t('itemTypes.title'));
  const { identity } = useSession();
  const isAdmin = hasAnyRole(identity?.authorities ?? [], MENU_ROLES['claim-item-type']);
  const types = useItemTypes(isAdmin);
  const update = useUpdateItemType();
  // A type in use (409) offers to disable it instead.
  const remove = useDeleteItemType({ mutationConfig: { meta: { handlesErrors: true } } });
  const [editing, setEditing] = useState<{ type: TItemType | null } | null>(null);
  if (!isAdmin) return <Navigate to="/access-denied" replace />;

  const setDisabled = (type: TItemType, isDisabled: boolean) =>
    update.mutate(
      { id: type.id, body: { names: type.names, isDisabled } },
      {
        onSuccess: () =>
          notifySuccess(
            t(isDisabled ? 'itemTypes.disabledDone' : 'itemTypes.enabledDone', {
              name: displayName(type, i18n.language),
            }),
          ),
      },
    );

  const offerDisable = (type: TItemType) =>
    modals.openConfirmModal({
      title: t('itemTypes.inUseTitle'),
      children: <Text size="sm">{t('itemTypes.inUse', { name: displayName(type, i18n.language) })}</Text>,
      labels: { confirm: t('itemTypes.disableInstead'), cancel: t('common:actions.cancel') },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: () => setDisabled(type, true),
    });

  const confirmDelete = (type: TItemType) => {
    const name = displayName(type, i18n.language);
    modals.openConfirmModal({
      title: t('itemTypes.deleteTitle'),
      children: <Text size="sm">{t('itemTypes.deleteQuestion', { name })}</Text>,
      labels: { confirm: t('itemTypes.delete'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: () =>
        remove.mutate(type.id, {
          onSuccess: () => notifySuccess(t('itemTypes.deleted', { name })),
          onError: (error) => {
            if (isHttpError(error) && error.status === 409) {
              if (type.isDisabled) notifyError(error);
              else offerDisable(type);
            } else notifyError(error);
          },
        }),
    });
  };

  return (
    <>
      <PageHeader
        title={t('itemTypes.title')}
        description={t('itemTypes.description')}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ type: null })}>
            {t('itemTypes.new')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        {types.data?.length === 0 ? (
          <EmptyState
            icon={<IconCategory size={32} />}
            title={t('itemTypes.emptyTitle')}
            description={t('itemTypes.empty')}
          />
        ) : (
          <ItemTypesTable
            types={types.data}
            isLoading={types.isLoading}
            actions={{
              onEdit: (type) => setEditing({ type }),
              onToggle: (type) => setDisabled(type, !type.isDisabled),
              onDelete: confirmDelete,
            }}
          />
        )}
      </Paper>
      {editing && <ItemTypeModal itemType={editing.type} onClose={() => setEditing(null)} />}
    </>
  );
}
