import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEye, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCase } from '@claimdesk/contracts';
import { useSession } from '../../../lib/session';
import { useOutsideAccess, useRemoveParticipant } from '../api/outside-access';

/**
 * Who outside the store can read the case (issue 35): the supplier's contact persons while the
 * case is sent to it ("Withdraw from supplier" ends that), and other people invited by a one-time
 * code, each with a button that takes them off. Staff only.
 */
export function OutsideAccess({ current }: { current: TCase }) {
  const { t } = useTranslation('suppliers');
  const isStaff = useSession().grantType === 'password';
  const access = useOutsideAccess(current.id, current.version, isStaff);
  const remove = useRemoveParticipant(current.id);
  if (!isStaff || !access.data) return null;
  const { supplier, participants } = access.data;
  const nobody = (supplier === null || supplier.contacts.length === 0) && participants.length === 0;

  return (
    <Group
      gap={6}
      wrap="wrap"
      mb="md"
      data-testid="outside-access"
      aria-label={t('outside.label')}
      role="group"
    >
      <IconEye size={16} aria-hidden />
      <Text size="sm" c="dimmed">
        {nobody ? t('outside.nobody') : t('outside.label')}
        {nobody ? '' : ':'}
      </Text>
      {supplier && supplier.contacts.length > 0 && (
        <Text size="sm" data-testid="outside-supplier">
          {t('outside.supplierContacts', {
            supplier: supplier.name,
            people: supplier.contacts.map((c) => c.name || c.email).join(', '),
          })}
        </Text>
      )}
      {participants.map((p) => (
        <Group key={p.email} gap={2} wrap="nowrap" data-testid="outside-participant">
          <Text size="sm">{p.email}</Text>
          <Tooltip label={t('outside.remove', { person: p.email })}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={t('outside.remove', { person: p.email })}
              loading={remove.isPending && remove.variables === p.email}
              onClick={() =>
                modals.openConfirmModal({
                  title: t('outside.removeTitle'),
                  children: <Text size="sm">{t('outside.removeQuestion', { person: p.email })}</Text>,
                  labels: { confirm: t('outside.removeConfirm'), cancel: t('common:actions.cancel') },
                  confirmProps: { color: 'red.9' },
                  closeButtonProps: { 'aria-label': t('common:actions.close') },
                  onConfirm: () => remove.mutate(p.email),
                })
              }
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
    </Group>
  );
}
