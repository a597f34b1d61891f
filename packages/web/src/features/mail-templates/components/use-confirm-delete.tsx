import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { TMailTemplate } from '@claimdesk/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteMailTemplate } from '../api/delete-mail-template';

/** Deleting a store's template, after the person confirms; says when the built-in one comes back. */
export const useConfirmDelete = (onDeleted: () => void) => {
  const { t } = useTranslation('mailTemplates');
  const remove = useDeleteMailTemplate();
  const confirm = (stored: TMailTemplate & { id: number }) =>
    modals.openConfirmModal({
      title: t('delete.title'),
      children: (
        <Text size="sm">
          {t(stored.hasBuiltIn ? 'delete.questionBuiltIn' : 'delete.question', {
            key: stored.key,
            language: t(`common:language.names.${stored.language}`),
          })}
        </Text>
      ),
      labels: { confirm: t('delete.confirm'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: () =>
        remove.mutate(stored.id, {
          onSuccess: () => {
            notifySuccess(t('delete.done', { key: stored.key }));
            onDeleted();
          },
        }),
    });
  return { confirm, isPending: remove.isPending };
};
